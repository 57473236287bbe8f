import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * The twin's S3 checks requests as S3 does (Signature Version 4), with the AWS SDK's own signer: the request
 * is signed again, from its method, path, query and signed headers, with the twin's fixed credentials, and the
 * signatures compared. Because the path and method are part of what is signed, a presigned URL is good for
 * its own key and method only; its X-Amz-Date + X-Amz-Expires bound when it is good; a request with neither
 * a presigned query nor an Authorization header is refused (no anonymous reads, writes or listings).
 *
 * Header-signed requests (the SDK's own calls from the twin's handlers) are checked the same way. Their
 * payload is covered by the x-amz-content-sha256 value they sign (the body itself is not hashed again: the
 * twin is on loopback, and what it guards against is a URL or request re-used for something it was not
 * signed for).
 */
export const S3_LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
const REGION = 'eu-west-2';
/** How far a header-signed request's X-Amz-Date may be from the twin's clock (S3 allows 15 minutes). */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_TTL_SECONDS = 7 * 24 * 3600;

type Bytes = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Bytes): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 / HMAC-SHA256 in the shape the SDK signer takes (its Checksum interface). */
class Sha256 {
  private readonly hash;
  constructor(secret?: Bytes) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: Bytes): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

const signer = new SignatureV4({
  credentials: S3_LOCAL_CREDENTIALS,
  region: REGION,
  service: 's3',
  sha256: Sha256,
  // S3 signs the path as sent (already encoded), without normalising it.
  uriEscapePath: false,
  applyChecksum: false,
});

export interface SignedRequest {
  method: string;
  /** The request target as received: path and query string, encoded. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type SignatureCheck = { ok: true } | { ok: false; code: string; message: string };

const deny = (code: string, message: string): SignatureCheck => ({ ok: false, code, message });

/** The query string as the signer sees it: names and values decoded, repeated names as arrays. */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    const existing = query[name];
    query[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `20250101T120000Z` → ms, or NaN. */
function parseAmzDate(value: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Credential = {key}/{yyyymmdd}/{region}/s3/aws4_request, for the twin's key and region. */
function checkCredential(credential: string | undefined, amzDate: string): SignatureCheck | null {
  const [accessKeyId, day, region, service, terminator] = (credential ?? '').split('/');
  if (accessKeyId !== S3_LOCAL_CREDENTIALS.accessKeyId)
    return deny('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (day !== amzDate.slice(0, 8) || region !== REGION || service !== 's3' || terminator !== 'aws4_request')
    return deny('AuthorizationQueryParametersError', 'The credential scope is not valid for this request.');
  return null;
}

/** The request with only the headers it signed, in the form the SDK signer takes. */
function signable(request: SignedRequest, signedHeaders: string[], query: Record<string, string | string[]>) {
  const target = request.url;
  const q = target.indexOf('?');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = header(request.headers, name);
    if (value !== undefined) headers[name] = value;
  }
  const host = header(request.headers, 'host') ?? '';
  return {
    method: request.method.toUpperCase(),
    protocol: 'http:',
    hostname: host.replace(/:\d+$/, ''),
    path: q < 0 ? target : target.slice(0, q),
    query,
    headers,
  };
}

export async function checkS3Signature(request: SignedRequest, now = Date.now()): Promise<SignatureCheck> {
  const target = request.url;
  const q = target.indexOf('?');
  let query: Record<string, string | string[]>;
  try {
    query = parseQuery(q < 0 ? '' : target.slice(q + 1));
  } catch {
    return deny('InvalidArgument', 'The query string is not valid percent-encoding.');
  }
  const one = (name: string) => {
    const v = query[name];
    return Array.isArray(v) ? undefined : v;
  };
  const authorization = header(request.headers, 'authorization');

  if (one('X-Amz-Signature') !== undefined) {
    // A presigned URL.
    if (authorization)
      return deny('InvalidArgument', 'Only one auth mechanism allowed: the query string or the header.');
    if (one('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      return deny('AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256.');
    const amzDate = one('X-Amz-Date') ?? '';
    const signedAt = parseAmzDate(amzDate);
    const expires = Number(one('X-Amz-Expires'));
    if (
      Number.isNaN(signedAt) ||
      !Number.isInteger(expires) ||
      expires < 1 ||
      expires > MAX_PRESIGNED_TTL_SECONDS
    )
      return deny('AuthorizationQueryParametersError', 'X-Amz-Date and X-Amz-Expires must be valid.');
    if (signedAt - MAX_CLOCK_SKEW_MS > now) return deny('AccessDenied', 'Request is not valid yet');
    if (now > signedAt + expires * 1000) return deny('AccessDenied', 'Request has expired');
    const credentialError = checkCredential(one('X-Amz-Credential'), amzDate);
    if (credentialError) return credentialError;
    const signedHeaders = (one('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
    if (!signedHeaders.includes('host'))
      return deny('AuthorizationQueryParametersError', 'The host header must be signed.');
    const given = one('X-Amz-Signature') ?? '';
    const unsigned = { ...query };
    for (const name of [
      'X-Amz-Signature',
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
    ])
      delete unsigned[name];
    const base = signable(request, signedHeaders, unsigned);
    // The payload hash a presigned URL signs is in its query (UNSIGNED-PAYLOAD from the SDK's presigner).
    const payloadHash = one('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const signed = await signer.presign(
      { ...base, headers: { ...base.headers, 'x-amz-content-sha256': payloadHash } },
      {
        signingDate: new Date(signedAt),
        expiresIn: expires,
        signableHeaders: new Set(signedHeaders),
        // The payload hash stays a header (read by the signer, not signed as one: it is in the query already).
        unhoistableHeaders: new Set([...signedHeaders, 'x-amz-content-sha256']),
        unsignableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    const expected = signed.query?.['X-Amz-Signature'];
    if (signed.query?.['X-Amz-SignedHeaders'] !== signedHeaders.join(';') || typeof expected !== 'string')
      return deny('SignatureDoesNotMatch', 'The signed headers do not match the request.');
    if (!sameSignature(expected, given))
      return deny(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    return { ok: true };
  }

  if (authorization) {
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization.trim(),
      );
    if (!m) return deny('AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const [, credential, signedList, given] = m as unknown as [string, string, string, string];
    const amzDate = header(request.headers, 'x-amz-date') ?? '';
    const signedAt = parseAmzDate(amzDate);
    if (Number.isNaN(signedAt)) return deny('AccessDenied', 'X-Amz-Date is missing or not valid.');
    if (Math.abs(now - signedAt) > MAX_CLOCK_SKEW_MS)
      return deny(
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    const credentialError = checkCredential(credential, amzDate);
    if (credentialError) return credentialError;
    const signedHeaders = signedList.split(';');
    if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date'))
      return deny('AccessDenied', 'The host and x-amz-date headers must be signed.');
    const payloadHash = header(request.headers, 'x-amz-content-sha256');
    if (!payloadHash)
      return deny('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    const signed = await signer.sign(signable(request, signedHeaders, query), {
      signingDate: new Date(signedAt),
      signableHeaders: new Set(signedHeaders),
    });
    const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization ?? ''))?.[1];
    const expectedList = /SignedHeaders=([^,\s]+)/.exec(String(signed.headers.authorization ?? ''))?.[1];
    if (expectedList !== signedList || !expected)
      return deny('SignatureDoesNotMatch', 'The signed headers do not match the request.');
    if (!sameSignature(expected, given))
      return deny(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    return { ok: true };
  }

  return deny('AccessDenied', 'Access Denied');
}
