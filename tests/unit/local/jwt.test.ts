import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalSigner, type LocalSigner } from '../../../functions/local/jwt';

/** The twin's token check, as API Gateway's JWT authorizer: a remembered token is still checked for time. */
let dir: string;
let signer: LocalSigner;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-jwt-'));
  signer = await createLocalSigner({
    keyPath: join(dir, 'signing-key.json'),
    origin: 'http://localhost:4000',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

describe('verify', () => {
  it('accepts a token again while unexpired, and refuses it once expired, though it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const token = await signer.sign({
      sub: 'ada',
      email: 'ada@example.co.uk',
      tokenUse: 'id',
      expiresInSeconds: 60,
    });
    expect((await signer.verify(token))?.sub).toBe('ada');
    vi.setSystemTime(new Date('2026-11-27T10:00:59Z'));
    expect((await signer.verify(token))?.sub).toBe('ada');
    vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(await signer.verify(token)).toBeNull();
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token whose signature was altered, though its payload was verified before', async () => {
    const token = await signer.sign({ sub: 'bob', email: 'bob@example.co.uk', tokenUse: 'access' });
    expect((await signer.verify(token))?.sub).toBe('bob');
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`;
    expect(await signer.verify(altered)).toBeNull();
  });
});
