import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import { signJsonPost } from '../../../functions/adapters/secrets/sigv4';

/** The Secrets Manager adapter's SigV4 signing agrees with the AWS SDK's signer (DESIGN: adapters). */
class Sha256 {
  private h;
  constructor(private readonly secret?: SourceData) {
    this.h =
      secret === undefined ? createHash('sha256') : createHmac('sha256', Buffer.from(secret as string));
  }
  update(data: string | Uint8Array) {
    this.h.update(data);
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
  reset() {
    this.h =
      this.secret === undefined
        ? createHash('sha256')
        : createHmac('sha256', Buffer.from(this.secret as string));
  }
}

describe('Secrets Manager adapter: SigV4', () => {
  it.each([
    { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session-token' },
  ])('signs a JSON-1.1 POST exactly as the SDK signer does ($accessKeyId)', async (credentials) => {
    const date = new Date('2026-03-01T12:34:56Z');
    const body = JSON.stringify({ SecretId: 'family-finance/dev/magic-link-signing-key' });
    const hostname = 'secretsmanager.eu-west-2.amazonaws.com';
    const headers = {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    };
    const ours = signJsonPost({
      service: 'secretsmanager',
      region: 'eu-west-2',
      hostname,
      headers,
      body,
      credentials,
      date,
    });
    const sdk = new SignatureV4({
      service: 'secretsmanager',
      region: 'eu-west-2',
      credentials,
      sha256: Sha256,
    });
    const theirs = await sdk.sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname,
        path: '/',
        headers: {
          ...headers,
          host: hostname,
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
        body,
      },
      { signingDate: date },
    );
    expect(ours.authorization).toBe(theirs.headers.authorization);
  });
});
