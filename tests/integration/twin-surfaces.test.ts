import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HeadBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getObjectBytes, headObject } from '../../functions/adapters/s3/storage';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { LocalOutbox } from '../../functions/local/outbox';
import { bucketOf } from '../../functions/local/s3-gate';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * What an attacker on the developer's machine (any local process or user, or a page in their browser) finds
 * on the twin besides its API: the dev server's files, the S3 stand-in's own server, the data folder, the
 * console, and the twin's /local endpoints with odd input.
 */
const repo = resolve(import.meta.dirname, '../..');
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let account: string;

beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  account = await familyWithAccount(ada);
});
afterAll(async () => {
  await twin?.stop();
});

async function upload(bytes: Buffer) {
  const { status, body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId: account,
    fileName: 'statement.pdf',
    size: bytes.length,
  });
  expect(status).toBe(201);
  const key = decodeURIComponent(new URL(body.put.url).pathname.split('/').slice(2).join('/'));
  return { ...body, key };
}

describe("the dev server (Vite) serves the SPA's files, not the twin's data", () => {
  let server: Server;
  let close: () => Promise<void>;
  let base: string;
  const probeDir = join(repo, '.data', `vite-probe-${ulid()}`);
  const outside = join(tmpdir(), `ff-data-${ulid()}`);

  beforeAll(async () => {
    mkdirSync(probeDir, { recursive: true });
    writeFileSync(join(probeDir, 'signing-key.json'), '{"secret":"K3Y-MATERIAL"}');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'outbox.json'), '[{"link":"K3Y-MATERIAL"}]');
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: join(repo, 'web', 'vite.config.ts'),
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: 'custom',
      logLevel: 'silent',
    });
    server = createServer((req, res) =>
      vite.middlewares(req, res, () => {
        res.statusCode = 404;
        res.end('not found');
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    close = async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await vite.close();
    };
  }, 60_000);
  afterAll(async () => {
    await close?.();
    rmSync(probeDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('refuses /@fs/ for the repository’s .data folder (the signing key), a data folder elsewhere, and the repository’s own files', async () => {
    for (const file of [
      join(probeDir, 'signing-key.json'),
      join(outside, 'outbox.json'),
      join(repo, 'package.json'),
      join(repo, 'bin', 'local.ts'),
    ]) {
      const response = await fetch(`${base}/@fs${file}`);
      const text = await response.text();
      expect(response.status, file).toBe(403);
      expect(text).not.toContain('K3Y-MATERIAL');
    }
  });

  it('still serves what the SPA imports from functions/', async () => {
    const response = await fetch(`${base}/@fs${join(repo, 'functions', 'domain', 'dates.ts')}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('isIsoDate');
  });
});

describe('the S3 stand-in is reachable only through its signature gate', () => {
  it('no server the twin opened answers an unsigned listing or read of the bucket', async () => {
    const pdf = Buffer.from('%PDF-1.4 the family statement');
    const { put, key } = await upload(pdf);
    expect(
      (await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(pdf) })).status,
    ).toBe(200);
    // Every listening server in this process (the twin, its S3 and whatever else it started), and its
    // DynamoDB, which listens in a thread of its own (the endpoint /local/status names).
    const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
    const status = (await (await fetch(`${twin.url}/local/status`)).json()) as { dynamodb: string };
    const ports = [
      ...handles
        .filter((h): h is NetServer => h instanceof NetServer && h.listening)
        .map((s) => s.address())
        .flatMap((a) => (a && typeof a === 'object' ? [a.port] : [])),
      Number(new URL(status.dynamodb).port),
    ];
    expect(new Set(ports).size).toBeGreaterThanOrEqual(3);
    for (const port of ports) {
      for (const path of [`/${twin.bucket}?list-type=2`, `/${twin.bucket}/${encodeURI(key)}`, '/']) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
        const text = (await response?.text()) ?? '';
        expect(text, `port ${port}${path}`).not.toContain('the family statement');
        expect(text, `port ${port}${path}`).not.toContain('<ListBucketResult');
        expect(text, `port ${port}${path}`).not.toContain('<ListAllMyBucketsResult');
      }
    }
  });
});

describe('HeadBucket (the health check) is answered without listing the bucket', () => {
  const client = () =>
    new S3Client({
      region: 'eu-west-2',
      endpoint: process.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  it('the bucket answers 200 with its region, a missing one 404, and an unsigned HEAD is refused', async () => {
    const s3 = client();
    try {
      const found = await s3.send(new HeadBucketCommand({ Bucket: twin.bucket }));
      expect(found.$metadata.httpStatusCode).toBe(200);
      expect(found.BucketRegion).toBe('eu-west-2');
      await expect(
        s3.send(new HeadBucketCommand({ Bucket: `missing-${ulid().toLowerCase()}` })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    } finally {
      s3.destroy();
    }
    const unsigned = await fetch(`${process.env.S3_ENDPOINT}/${twin.bucket}`, { method: 'HEAD' });
    expect(unsigned.status).toBe(403);
    // A listing still goes to the S3 stand-in and lists.
    const listed = await client().send(new ListObjectsV2Command({ Bucket: twin.bucket, MaxKeys: 1 }));
    expect(listed.$metadata.httpStatusCode).toBe(200);
  });

  it('reads only a bucket alone as a bucket', () => {
    expect(bucketOf('/uploads')).toBe('uploads');
    expect(bucketOf('/uploads/')).toBe('uploads');
    expect(bucketOf('/uploads?location')).toBeNull();
    expect(bucketOf('/uploads/a/key.pdf')).toBeNull();
    expect(bucketOf('/')).toBeNull();
  });
});

describe('an upload link is single-use', () => {
  it('a second PUT to a used link (other bytes, same length) is refused and the stored statement stays', async () => {
    const first = Buffer.from('%PDF-1.4 statement AAAA');
    const other = Buffer.from('%PDF-1.4 statement BBBB');
    const { put, key } = await upload(first);
    expect(put.headers['if-none-match']).toBe('*');
    const ok = await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(first) });
    expect(ok.status).toBe(200);
    const before = await headObject(key);
    const replay = await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(other) });
    expect(replay.status).toBe(412);
    expect(await replay.text()).toContain('<Code>PreconditionFailed</Code>');
    // Leaving the condition out breaks the signature (the header is signed).
    const { 'if-none-match': _, ...withoutCondition } = put.headers;
    const unconditional = await fetch(put.url, {
      method: 'PUT',
      headers: withoutCondition,
      body: new Uint8Array(other),
    });
    expect(unconditional.status).toBe(403);
    expect((await headObject(key)).etag).toBe(before.etag);
    expect(Buffer.from(await getObjectBytes(key)).toString()).toBe(first.toString());
  });

  it('two PUTs racing on one link store one of them whole: the other is refused', async () => {
    for (let round = 0; round < 10; round++) {
      const a = Buffer.from(`%PDF-1.4 statement A${round % 10}`);
      const b = Buffer.from(`%PDF-1.4 statement B${round % 10}`);
      const { put, key } = await upload(a);
      const statuses = await Promise.all(
        [a, b].map(async (bytes) => {
          const response = await fetch(put.url, {
            method: 'PUT',
            headers: put.headers,
            body: new Uint8Array(bytes),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409 || s === 412)).toHaveLength(1);
      const stored = Buffer.from(await getObjectBytes(key)).toString();
      expect([a.toString(), b.toString()]).toContain(stored);
    }
  });
});

describe("the twin's data folder is the developer's alone", () => {
  it('every file and folder under it is owner-only', async () => {
    const pdf = Buffer.from('%PDF-1.4 private');
    const { put } = await upload(pdf);
    await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(pdf) });
    await twin.outbox.send({ to: 'ada@example.co.uk', subject: 'Sign in', text: 't', html: 'h', link: 'x' });
    const loose: string[] = [];
    const walk = (path: string) => {
      const stat = statSync(path);
      if ((stat.mode & 0o077) !== 0) loose.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(twin.dataDir);
    expect(loose).toEqual([]);
  });
});

describe('the console', () => {
  it('says that an e-mail was sent, and never prints its link', async () => {
    const lines: string[] = [];
    const outbox = new LocalOutbox({ print: (line) => lines.push(line) });
    const link = 'http://localhost:3000/app#magic_link=eyJhbGciOi.secret-token';
    await outbox.send({
      to: 'ada@example.co.uk',
      subject: 'Your sign-in link',
      text: link,
      html: link,
      link,
    });
    expect(lines.join('\n')).toContain('ada@example.co.uk');
    expect(lines.join('\n')).toContain('/local/outbox');
    expect(lines.join('\n')).not.toContain('magic_link');
    expect(outbox.list()[0]?.link).toBe(link);
  });
});

describe("the twin's /local endpoints refuse odd input with 400 and stay well", () => {
  const post = (path: string, body: string) =>
    fetch(`${twin.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('/local/clock: a move past any calendar (1e308 days) is a 400, and the clock still answers', async () => {
    const family = ulid();
    for (const body of [
      { family_id: family, advance_days: 1e308 },
      { family_id: family, offset_days: -1e308 },
      { family_id: family, advance_days: 40_000 },
    ]) {
      const response = await post('/local/clock', JSON.stringify(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of ['null', '[]', '"x"', '{'])
      expect((await post('/local/clock', body)).status).toBe(400);
    expect((await fetch(`${twin.url}/local/clock`)).status).toBe(200);
    const moved = await post('/local/clock', JSON.stringify({ family_id: family, advance_days: 12 }));
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { offset_days: number }).offset_days).toBe(12);
    await post('/local/clock', JSON.stringify({ family_id: family, offset_days: 0 }));
  });

  it('/local/invoke: a body that is not { id, event } is a 400 with its usage', async () => {
    for (const body of [
      '{',
      'null',
      '[]',
      '42',
      '{"id":5,"event":{}}',
      '{"id":"Health"}',
      '{"id":"NoSuchHandler","event":{}}',
    ]) {
      const response = await post('/local/invoke', body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(10);
    }
    expect((await post('/local/invoke', '{"id":"Health","event":{}}')).status).toBe(200);
  });
});
