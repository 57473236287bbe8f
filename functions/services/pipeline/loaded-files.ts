import { createHash } from 'node:crypto';
import { findLoadedFile, type UploadItem } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';

/**
 * Extract's part of a repeated file (./repeat.ts): the file's fingerprint, and the account's loaded upload of
 * the same bytes. Its own module, so Extract's function carries no more than this of the pipeline.
 */

/** The file's fingerprint: the SHA-256 of its bytes, in hex. */
export function fileFingerprint(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The upload of the account already holding this file's rows, when a repeat of it can skip reading it. */
export async function loadedUploadOfFile(state: PipelineState, fileHash: string): Promise<string | null> {
  if (state.readInFull || !state.accountId) return null;
  const loaded = await findLoadedFile(state.familyId, state.accountId, fileHash);
  if (!loaded || loaded.uploadId === state.uploadId || !repeatable(loaded)) return null;
  return loaded.uploadId;
}

const repeatable = (upload: UploadItem) => Boolean(upload.rowDates && upload.counts?.parsed);
