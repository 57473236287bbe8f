import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getObjectBytes, headObject } from '../../functions/adapters/s3/storage';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The twin on a developer's machine, against a page on another web site and a leaked presigned URL: its own
 * endpoints answer only their own pages and JSON, its S3 only signed requests for what they were signed for,
 * and its responses carry the security headers CloudFront adds in AWS.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let adaAccount: string;
let eveFamilyKeyPrefix: string;
const EVIL = 'https://evil.example';

async function familyWithAccount(caller: ApiCaller): Promise<string> {
  await caller.call('POST', '/api/family');
  const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ name: 'Current', bank_name: 'Barclays', account_type: 'current' }],
  });
  return body.accounts[0]!.id;
}

async function presign(caller: ApiCaller, accountId: string, size: number) {
  const { status, body } = await caller.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId,
    fileName: 'statement.pdf',
    size,
  });
  expect(status).toBe(201);
  return body;
}

beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  adaAccount = await familyWithAccount(ada);
  const eveAccount = await familyWithAccount(eve);
  const eveUpload = await presign(eve, eveAccount, 10);
  eveFamilyKeyPrefix = new URL(eveUpload.put.url).pathname.split('/').slice(0, 3).join('/');
});
afterAll(async () => {
  await twin?.stop();
});

describe("the twin's S3 checks presigned URLs and signatures", () => {
  const pdf = Buffer.from('%PDF-1.4 a statement');

  it("takes the browser's PUT to a presigned URL, from the SPA's origin", async () => {
    const { put, upload } = await presign(ada, adaAccount, pdf.length);
    const response = await fetch(put.url, {
      method: 'PUT',
      headers: { ...put.headers, origin: twin.url },
      body: new Uint8Array(pdf),
    });
    expect(response.status).toBe(200);
    const key = decodeURIComponent(new URL(put.url).pathname.split('/').slice(2).join('/'));
    expect(key).toContain(upload.uploadId);
    // The product's own SDK calls (header-signed) still work.
    expect(Buffer.from(await getObjectBytes(key)).toString()).toBe(pdf.toString());
  });

  it("refuses a presigned URL's query string on another key (another family's statement path)", async () => {
    const { put } = await presign(ada, adaAccount, pdf.length);
    const url = new URL(put.url);
    const target = `${url.origin}${eveFamilyKeyPrefix}/01STOLEN_statement.pdf${url.search}`;
    const response = await fetch(target, { method: 'PUT', headers: put.headers, body: new Uint8Array(pdf) });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const key = decodeURIComponent(
      `${eveFamilyKeyPrefix}/01STOLEN_statement.pdf`.split('/').slice(2).join('/'),
    );
    await expect(headObject(key)).rejects.toThrow();
  });

  it('refuses a presigned PUT URL used to read the object', async () => {
    const { put } = await presign(ada, adaAccount, pdf.length);
    await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(pdf) });
    expect((await fetch(put.url)).status).toBe(403);
  });

  it('serves and lists nothing unsigned', async () => {
    const { put } = await presign(ada, adaAccount, pdf.length);
    await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(pdf) });
    const url = new URL(put.url);
    const bucket = url.pathname.split('/')[1];
    for (const target of [
      `${url.origin}${url.pathname}`,
      `${url.origin}/${bucket}`,
      `${url.origin}/${bucket}?list-type=2`,
      `${url.origin}/`,
    ]) {
      const response = await fetch(target);
      expect(response.status, target).toBe(403);
      expect(await response.text()).toContain('AccessDenied');
    }
  });

  it("still answers the SPA's CORS preflight", async () => {
    const { put } = await presign(ada, adaAccount, pdf.length);
    const response = await fetch(put.url, {
      method: 'OPTIONS',
      headers: {
        origin: twin.url,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).not.toBeNull();
  });
});

describe("the twin's /local/ endpoints answer only the developer", () => {
  const invoke = (headers: Record<string, string>) =>
    fetch(`${twin.url}/local/invoke`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: 'Health', event: {} }),
    });

  it('refuse a text/plain POST (what a page on any site can send without asking)', async () => {
    const response = await invoke({ 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Send a JSON body, with Content-Type: application/json.',
    });
  });

  it('refuse a JSON POST from another origin, and take one from the command line or the twin itself', async () => {
    const foreign = await invoke({ 'content-type': 'application/json', origin: EVIL });
    expect(foreign.status).toBe(403);
    expect((await invoke({ 'content-type': 'application/json' })).status).toBe(200);
    expect((await invoke({ 'content-type': 'application/json', origin: twin.url })).status).toBe(200);
  });

  it("refuse a request addressed to another site's name (DNS rebinding)", async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${twin.url}/local/outbox`,
        { headers: { host: `evil.example:${twin.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it("let /local/cognito be called from the twin's own pages only (no Origin reflected)", async () => {
    const preflight = (origin: string) =>
      fetch(`${twin.url}/local/cognito`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight(EVIL)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(twin.url)).headers.get('access-control-allow-origin')).toBe(twin.url);
    const call = await fetch(`${twin.url}/local/cognito`, {
      method: 'POST',
      headers: {
        origin: EVIL,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: '{}',
    });
    expect(call.status).toBe(403);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe("the twin's responses carry CloudFront's security headers", () => {
  it('on API answers, with no-store on the gateway’s own 401 and 404', async () => {
    for (const path of [
      '/api/health',
      '/api/accounts',
      '/api/no-such-route',
      '/config.json',
      '/local/outbox',
    ]) {
      const response = await fetch(`${twin.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    const unauthorized = await fetch(`${twin.url}/api/accounts`);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`${twin.url}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it("lets the SPA PUT statements to the twin's S3 (connect-src)", async () => {
    const csp = (await fetch(`${twin.url}/api/health`)).headers.get('content-security-policy') ?? '';
    const { put } = await presign(ada, adaAccount, 10);
    expect(csp).toContain(new URL(put.url).origin);
  });
});
