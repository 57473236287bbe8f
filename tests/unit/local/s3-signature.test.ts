import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { checkS3Signature, S3_LOCAL_CREDENTIALS } from '../../../functions/local/s3-signature';

/**
 * The twin's S3 signature check, against URLs and requests signed by the AWS SDK itself (as the product's
 * storage adapter signs them): a presigned URL is good for its own key, method and time only, and requests
 * with no signature are refused.
 */
const HOST = 'localhost:4569';
const BUCKET = 'pdf-uploads-local';
const KEY = 'FAM1/01UPLOAD_statement.pdf';
const client = (requestHandler?: S3Client['config']['requestHandler']) =>
  new S3Client({
    endpoint: `http://${HOST}`,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: S3_LOCAL_CREDENTIALS,
    ...(requestHandler ? { requestHandler } : {}),
  });

async function presignedPut(key = KEY, size = 1234) {
  const url = new URL(
    await getSignedUrl(
      client(),
      new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'application/pdf', ContentLength: size }),
      { expiresIn: 300 },
    ),
  );
  return { target: `${url.pathname}${url.search}`, path: url.pathname, search: url.search };
}

const browserPut = (url: string, size = 1234) => ({
  method: 'PUT',
  url,
  headers: { host: HOST, 'content-length': String(size), 'content-type': 'application/pdf', origin: 'x' },
});

/** A request as the SDK sends it (header-signed), captured instead of sent. */
async function sdkRequest(command: object) {
  let captured: { method: string; url: string; headers: Record<string, string> } | undefined;
  const handler = {
    handle: async (request: {
      method: string;
      path: string;
      query?: Record<string, string | string[] | null>;
      headers: Record<string, string>;
    }) => {
      const query = Object.entries(request.query ?? {})
        .flatMap(([k, v]) =>
          (Array.isArray(v) ? v : [v]).map((x) =>
            x === null ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(x)}`,
          ),
        )
        .join('&');
      captured = {
        method: request.method,
        url: `${request.path}${query ? `?${query}` : ''}`,
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
      };
      throw new Error('captured');
    },
  };
  await client(handler as unknown as S3Client['config']['requestHandler'])
    .send(command as never)
    .catch(() => undefined);
  if (!captured) throw new Error('no request captured');
  return captured;
}

describe("the twin's S3 signature check", () => {
  it("accepts the browser's PUT to a presigned URL for its own key", async () => {
    const { target } = await presignedPut();
    expect(await checkS3Signature(browserPut(target))).toEqual({ ok: true });
  });

  it("refuses a presigned URL's query string on another key (another family's statement path)", async () => {
    const { search } = await presignedPut();
    const other = `/${BUCKET}/FAM2/01OTHER_statement.pdf${search}`;
    expect(await checkS3Signature(browserPut(other))).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a presigned PUT used as a GET, or with another size than it was signed for', async () => {
    const { target } = await presignedPut();
    expect(await checkS3Signature({ ...browserPut(target), method: 'GET' })).toMatchObject({ ok: false });
    expect(await checkS3Signature(browserPut(target, 99))).toMatchObject({ ok: false });
  });

  it('refuses a presigned URL after it expires, and one with a tampered expiry', async () => {
    const { target } = await presignedPut();
    expect(await checkS3Signature(browserPut(target), Date.now() + 301_000)).toMatchObject({
      ok: false,
      message: 'Request has expired',
    });
    const longer = target.replace('X-Amz-Expires=300', 'X-Amz-Expires=3000');
    expect(await checkS3Signature(browserPut(longer), Date.now() + 301_000)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses reads, writes and listings with no signature', async () => {
    for (const [method, url] of [
      ['GET', `/${BUCKET}/${KEY}`],
      ['PUT', `/${BUCKET}/${KEY}`],
      ['GET', `/${BUCKET}?list-type=2`],
      ['GET', '/'],
    ] as const) {
      expect(await checkS3Signature({ method, url, headers: { host: HOST } })).toMatchObject({
        ok: false,
        code: 'AccessDenied',
      });
    }
  });

  it("accepts the SDK's header-signed calls and refuses them on another key or with another key pair", async () => {
    const get = await sdkRequest(new GetObjectCommand({ Bucket: BUCKET, Key: KEY }));
    expect(await checkS3Signature(get)).toEqual({ ok: true });
    const list = await sdkRequest(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'FAM1/' }));
    expect(await checkS3Signature(list)).toEqual({ ok: true });
    const put = await sdkRequest(
      new PutObjectCommand({ Bucket: BUCKET, Key: KEY, Body: 'abc', ContentType: 'application/pdf' }),
    );
    expect(await checkS3Signature(put)).toEqual({ ok: true });

    expect(
      await checkS3Signature({ ...get, url: get.url.replace('FAM1/01UPLOAD', 'FAM2/01OTHER') }),
    ).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    const forged = get.headers.authorization!.replace('S3RVER/', 'SOMEONE/');
    expect(
      await checkS3Signature({ ...get, headers: { ...get.headers, authorization: forged } }),
    ).toMatchObject({
      ok: false,
      code: 'InvalidAccessKeyId',
    });
    expect(await checkS3Signature(get, Date.now() + 16 * 60_000)).toMatchObject({
      ok: false,
      code: 'RequestTimeTooSkewed',
    });
  });
});
