import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config, requireConfig } from '../../shared/config';
import type { Storage } from '../../shared/ports';

let client: S3Client | undefined;
let publicClient: S3Client | undefined;

/** Local twin: its S3 checks SigV4 signatures made with these fixed credentials (functions/local/s3-signature.ts). */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function make(endpoint: string | undefined): S3Client {
  const { APP_MODE, AWS_REGION } = config();
  const local = APP_MODE === 'local';
  return new S3Client({
    region: AWS_REGION,
    ...(local
      ? {
          endpoint: endpoint ?? requireConfig('S3_ENDPOINT'),
          forcePathStyle: true,
          credentials: LOCAL_CREDENTIALS,
        }
      : {}),
  });
}

function s3(): S3Client {
  client ??= make(config().S3_ENDPOINT);
  return client;
}

/** Presigned URLs are opened by the browser, so locally they name the endpoint the browser can reach. */
function s3Public(): S3Client {
  publicClient ??= make(config().S3_PUBLIC_ENDPOINT ?? config().S3_ENDPOINT);
  return publicClient;
}

export function uploadBucket(): string {
  return requireConfig('UPLOAD_BUCKET');
}

/**
 * A single-use upload link: a presigned PUT for one key, type and size, signed with `If-None-Match: *`, so S3
 * writes it only where no object is yet (a second PUT to the link answers 412 PreconditionFailed) and the
 * statement that was read stays the one stored. The browser must send the headers the link was signed with
 * (`UPLOAD_PUT_HEADERS`, which the API hands out with the link).
 */
export async function presignPut(input: {
  key: string;
  contentType: string;
  contentLength: number;
  expiresInSeconds: number;
}): Promise<string> {
  const command = new PutObjectCommand({
    Bucket: uploadBucket(),
    Key: input.key,
    ContentType: input.contentType,
    ContentLength: input.contentLength,
    IfNoneMatch: '*',
  });
  return getSignedUrl(s3Public(), command, {
    expiresIn: input.expiresInSeconds,
    // Signed, not hoisted into the query: S3 checks the header the browser sends.
    signableHeaders: new Set(['if-none-match', 'content-type']),
  });
}

export async function getObjectBytes(key: string, bucket = uploadBucket()): Promise<Uint8Array> {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) return new Uint8Array();
  return out.Body.transformToByteArray();
}

/** An object's bytes and the ETag of exactly those bytes (S3 answers both from one version). */
export async function getObject(
  key: string,
  bucket = uploadBucket(),
): Promise<{ bytes: Uint8Array; etag: string }> {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { bytes: out.Body ? await out.Body.transformToByteArray() : new Uint8Array(), etag: out.ETag ?? '' };
}

export async function headObject(key: string, bucket = uploadBucket()) {
  const out = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return { size: out.ContentLength ?? 0, etag: out.ETag ?? '', contentType: out.ContentType ?? '' };
}

export async function putObject(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: uploadBucket(), Key: key, Body: body, ContentType: contentType }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: uploadBucket(), Key: key }));
}

/**
 * Removes up to 1,000 objects in one request (S3's DeleteObjects, quiet: only failures are answered); a key
 * with no object is no error, as for DeleteObject. A key S3 could not remove fails the call.
 */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  const out = await s3().send(
    new DeleteObjectsCommand({
      Bucket: uploadBucket(),
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    }),
  );
  const failed = out.Errors?.[0];
  if (failed) throw new Error(`S3 did not remove ${failed.Key}: ${failed.Code} ${failed.Message}`);
}

/** The Storage port served by S3 (the twin's S3 locally: same SDK, its endpoint). */
export const s3Storage: Storage = {
  presignPut,
  getObject,
  getObjectBytes,
  headObject,
  putObject,
  deleteObject,
  deleteObjects,
};

export function resetStorageClients(): void {
  client?.destroy();
  publicClient?.destroy();
  client = undefined;
  publicClient = undefined;
}
