import { createHash } from 'node:crypto';
import type { S3Event } from 'aws-lambda';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { parseUploadObjectKey } from '../../contracts/pipeline';
import { logger } from '../../shared/logger';

/** S3 event keys are URL-encoded with '+' for spaces. */
export function decodeS3Key(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '));
}

/** Deterministic per object version, so a duplicated event starts nothing new (names are unique per machine). */
export function executionName(key: string, etag: string): string {
  const parsed = parseUploadObjectKey(key);
  const digest = createHash('sha256').update(`${key}\n${etag}`).digest('hex').slice(0, 24);
  return `${parsed?.uploadId ?? 'upload'}-${digest}`;
}

/** S3 ObjectCreated -> StartExecution of the statement pipeline for each uploaded statement. */
export const handler = eventHandler('s3-object-created', async (event: S3Event) => {
  const results: Array<{ key: string; executionId?: string; started: boolean; skipped?: string }> = [];
  for (const record of event.Records ?? []) {
    const key = decodeS3Key(record.s3.object.key);
    if (!record.eventName?.startsWith('ObjectCreated:')) {
      results.push({ key, started: false, skipped: 'not an ObjectCreated event' });
      continue;
    }
    if (!parseUploadObjectKey(key)) {
      results.push({ key, started: false, skipped: 'not an uploaded statement' });
      continue;
    }
    const etag = (record.s3.object.eTag ?? '').replace(/"/g, '');
    const input = { bucket: record.s3.bucket.name, key, etag, size: record.s3.object.size ?? 0 };
    const out = await services().pipeline.start(executionName(key, etag), input);
    // The upload's id, not its key: the key carries the family's own file name.
    const uploadId = parseUploadObjectKey(key)?.uploadId;
    logger.info('statement pipeline', { uploadId, started: out.started, executionId: out.executionId });
    results.push({ key, ...out });
  }
  return { results };
});
