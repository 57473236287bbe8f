import { request } from 'node:http';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { Profile } from '../../functions/contracts/profile';
import { MAX_BODY_BYTES } from '../../functions/local/api-router';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The edges of the API as API Gateway (HTTP API) draws them, on the twin's gateway: ids bounded by the
 * contracts (an id past DynamoDB's key size was a 500), the 10 MiB payload limit (413), and paths that are not
 * valid percent-encoding (400, after the authorizer).
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let token: string;
let account: string;
type ErrorBody = { error: { code: string; message: string } };

beforeAll(async () => {
  twin = await startTestTwin();
  const sub = `ada-${ulid()}`;
  ada = await signedIn(twin, sub, 'ada@example.co.uk');
  token = await twin.signer.sign({ sub, email: 'ada@example.co.uk', tokenUse: 'id' });
  await ada.call('POST', '/api/family');
  const { body } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ name: 'Everyday', bank_name: 'Monzo', account_type: 'current' }],
  });
  account = body.accounts[0]!.id;
  await ada.call('PUT', '/api/profile', { first_name: 'Ada', last_name: 'Lovelace' });
});
afterAll(async () => {
  await twin?.stop();
});

describe('ids longer than any id the product makes', () => {
  /** A DynamoDB sort key holds at most 1,024 bytes: this id, in a key with its prefix, is past it. */
  const long = `0${'1'.repeat(1016)}`;

  it('POST /api/uploads with an accountId of 1,017 characters is a 400 naming the field', async () => {
    const { status, body } = await ada.call<ErrorBody>('POST', '/api/uploads', {
      accountId: long,
      fileName: 'statement.pdf',
      size: 1000,
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'validation_error', message: 'Not an account id' });
  });

  it.each([
    ['GET /api/accounts/{id}', 'GET', `/api/accounts/${long}`, undefined, 'Not an account id'],
    [
      'GET /api/accounts/{id}/transactions',
      'GET',
      `/api/accounts/${long}/transactions`,
      undefined,
      'Not an account id',
    ],
    ['GET /api/uploads/{id}', 'GET', `/api/uploads/${long}`, undefined, 'Not an upload id'],
    [
      'POST /api/accounts institution_id',
      'POST',
      '/api/accounts',
      { accounts: [{ institution_id: long }] },
      'Not an institution id',
    ],
    [
      'POST /api/accounts client_id',
      'POST',
      '/api/accounts',
      { accounts: [{ client_id: long, name: 'x' }] },
      'Not a request id',
    ],
  ])('%s with an oversized id is a 400', async (_, method, path, body, message) => {
    const answer = await ada.call<ErrorBody>(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(message);
  });

  it('a well-formed id of an account that is not there is still a 404', async () => {
    expect((await ada.call('GET', `/api/accounts/${ulid()}`)).status).toBe(404);
    expect((await ada.call('GET', `/api/accounts/${account}`)).status).toBe(200);
  });
});

/** A raw HTTP request to the twin (fetch cannot stream a body without ending it). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  send: (req: ReturnType<typeof request>) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${twin.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    send(req);
  });
}

describe('request bodies over 10 MiB', () => {
  const rename = JSON.stringify({ first_name: 'Mallory', last_name: 'Lovelace' });
  /** Valid JSON followed by whitespace (which JSON allows): cut anywhere past the brace, it still parses. */
  const padded = `${rename}${' '.repeat(MAX_BODY_BYTES + 1024 * 1024 - rename.length)}`;
  const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  it('an 11 MiB body with its Content-Length is refused with 413, and nothing is changed', async () => {
    const response = await fetch(`${twin.url}/api/profile`, { method: 'PUT', headers: auth(), body: padded });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
    const { body } = await ada.call<Profile>('GET', '/api/profile');
    expect(body.first_name).toBe('Ada');
  });

  it('a streamed (chunked) body is refused as soon as it passes 10 MiB, before it ends', async () => {
    let ended = false;
    const answer = await raw('PUT', '/api/profile', { ...auth(), 'transfer-encoding': 'chunked' }, (req) => {
      req.write(padded.slice(0, MAX_BODY_BYTES + 1));
      // The rest is never sent: the gateway must answer without waiting for the end of the body.
      setTimeout(() => {
        ended = true;
        req.end();
      }, 5_000).unref();
    });
    expect(answer.status).toBe(413);
    expect(ended).toBe(false);
    expect((await ada.call<Profile>('GET', '/api/profile')).body.first_name).toBe('Ada');
  });

  it('a body of exactly 10 MiB is passed on', async () => {
    const exact = `${JSON.stringify({ first_name: 'Ada', last_name: 'King' })}`;
    const body = exact + ' '.repeat(MAX_BODY_BYTES - exact.length);
    const response = await fetch(`${twin.url}/api/profile`, { method: 'PUT', headers: auth(), body });
    expect(response.status).toBe(200);
    expect((await ada.call<Profile>('GET', '/api/profile')).body.last_name).toBe('King');
  });
});

describe('paths that are not valid percent-encoding', () => {
  const paths = [
    '/api/accounts/%E0%A4%A', // a three-byte UTF-8 character cut short
    '/api/accounts/%',
    '/api/accounts/%ZZ',
    '/api/accounts/%ZZ/transactions',
    '/api/uploads/%C0',
  ];

  it.each(paths)('%s: 401 without a token (the authorizer runs first)', async (path) => {
    const response = await fetch(`${twin.url}${path}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it.each(paths)('%s: 400 with a valid token, never a 500', async (path) => {
    const response = await fetch(`${twin.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Bad Request' });
  });

  it('a percent-encoded id is decoded before the handler sees it', async () => {
    const encoded = account.replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    expect((await ada.call('GET', `/api/accounts/${encoded}`)).status).toBe(200);
  });
});
