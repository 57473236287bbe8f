import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one JSON POST to a service's root path (what the JSON-1.1 protocol uses).
 * Small on purpose: the SDK's signer pulls @smithy/core (~130 KB minified) into every function bundle, while
 * @aws-sdk/* itself stays external (the Lambda runtime provides it). Checked against the SDK's signer in
 * tests/unit/auth/sigv4.test.ts.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export function signJsonPost(input: {
  service: string;
  region: string;
  hostname: string;
  headers: Record<string, string>;
  body: string;
  credentials: Credentials;
  date?: Date;
}): Record<string, string> {
  const iso = (input.date ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = iso.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.hostname,
    'x-amz-date': iso,
    'x-amz-content-sha256': sha256(input.body),
  };
  if (input.credentials.sessionToken) headers['x-amz-security-token'] = input.credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    'POST',
    '/',
    '',
    ...names.map((n) => `${n}:${headers[n]}`),
    '',
    signedHeaders,
    headers['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', iso, scope, sha256(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${input.credentials.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
