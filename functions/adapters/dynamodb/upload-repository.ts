import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MappingRequest } from '../../contracts/export-mapping';
import type { PipelineStage } from '../../contracts/pipeline';
import type { Upload } from '../../contracts/uploads';
import type { ReadAlong } from '../../shared/context';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryAll, queryPrefix } from './paging';
import { readAlongItem } from './read-along';

/**
 * Upload (extraction) records: one per statement file, created by POST /api/uploads and advanced by the
 * pipeline. Stage changes are conditional so a retried or duplicated step cannot move a record backwards
 * or revive a finished one.
 */
export interface UploadItem extends Omit<Upload, 'warnings'> {
  warnings?: string[];
  familyId: string;
  objectKey: string;
  createdBy: string;
  executionId?: string;
  /** The ETag of the object version the pipeline read (set by claimUpload): the one statement of this id. */
  objectEtag?: string;
  /** The bucket the file is in, kept while it waits for the family's mapping (the pipeline is started again). */
  bucket?: string;
  /** The SHA-256 of the file's bytes (hex), set by Persist: a later upload of the same bytes is a repeat. */
  fileHash?: string;
  /** The first and last dates of the rows this upload's statement holds (set by Persist). */
  rowDates?: { first: string; last: string };
  /**
   * A repeat of an earlier upload's file to the same account: the upload whose rows hold this statement's
   * rows (it holds none itself). Removed once it holds them itself (the earlier upload was removed).
   */
  repeats?: string | null;
  /** Set when its statement's removal starts: a repeat of its file started now reads the file in full. */
  removing?: boolean;
  /** The family's answer to how this file is read (its columns, its date order), when it waited for one. */
  mappingAnswer?: MappingRequest;
}

const FINAL: PipelineStage[] = ['done', 'failed'];

export async function createUpload(item: UploadItem): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.upload(item.familyId, item.uploadId), type: 'upload', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getUpload(
  familyId: string,
  uploadId: string,
  options: { consistent?: boolean; along?: ReadAlong } = {},
): Promise<UploadItem | null> {
  // Read with the membership (consistently): as fresh as `consistent` asks, whichever it asks.
  const read = readAlongItem(options.along, familyId, { kind: 'upload', id: uploadId });
  if (read !== undefined) return read ? toUploadItem(read) : null;
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.upload(familyId, uploadId),
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return out.Item ? toUploadItem(out.Item) : null;
}

/** The record without the table's own attributes (keys, item type). */
function toUploadItem(item: Record<string, unknown>): UploadItem {
  const { pk: _pk, sk: _sk, type: _type, ...upload } = item;
  return upload as unknown as UploadItem;
}

export async function listUploads(familyId: string, limit = 20): Promise<UploadItem[]> {
  const prefix = keys.uploadsPrefix(familyId);
  const items = await queryAll(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    },
    { limit },
  );
  return items.map(toUploadItem);
}

/**
 * Move an upload to `stage` with extra attributes, unless it already reached a final stage.
 * Returns false when the record is final (or missing): the caller's step has nothing to do.
 */
export async function advanceUpload(
  familyId: string,
  uploadId: string,
  stage: PipelineStage,
  changes: Partial<Omit<UploadItem, 'stage' | 'familyId' | 'uploadId'>> = {},
  now = new Date(),
): Promise<boolean> {
  const values: Record<string, unknown> = { ...changes, stage, updatedAt: now.toISOString() };
  const names: Record<string, string> = {};
  const sets: string[] = [];
  Object.keys(values).forEach((k, i) => {
    names[`#a${i}`] = k;
    sets.push(`#a${i} = :v${i}`);
  });
  const attributeValues = Object.fromEntries(Object.values(values).map((v, i) => [`:v${i}`, v]));
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.upload(familyId, uploadId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND NOT #stage IN (:final0, :final1)',
        ExpressionAttributeNames: { ...names, '#stage': 'stage' },
        ExpressionAttributeValues: { ...attributeValues, ':final0': FINAL[0], ':final1': FINAL[1] },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The pipeline's claim on an upload for one object version (its ETag): the upload moves to `reading` unless
 * it is final, or another version already claimed it (a second PUT to the same presigned URL). The version
 * that claimed it may claim it again (a retried or resumed execution). Returns false when refused.
 */
export async function claimUpload(
  familyId: string,
  uploadId: string,
  etag: string,
  now = new Date(),
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.upload(familyId, uploadId),
        UpdateExpression: 'SET #stage = :reading, #etag = :etag, #updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND NOT #stage IN (:final0, :final1) AND (attribute_not_exists(#etag) OR #etag = :etag)',
        ExpressionAttributeNames: { '#stage': 'stage', '#etag': 'objectEtag', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: {
          ':reading': 'reading' satisfies PipelineStage,
          ':etag': etag,
          ':now': now.toISOString(),
          ':final0': FINAL[0],
          ':final1': FINAL[1],
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Whether the upload still takes the execution reading object version `etag` (not final, not another's). */
export async function uploadIsOpenTo(familyId: string, uploadId: string, etag: string): Promise<boolean> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.upload(familyId, uploadId), ConsistentRead: true }),
  );
  const item = out.Item as Partial<UploadItem> | undefined;
  if (!item?.stage || FINAL.includes(item.stage)) return false;
  return item.objectEtag === undefined || item.objectEtag === etag;
}

/**
 * Every upload of one account, newest first (ULID order). The family's uploads are read with the account as
 * a filter: a family uploads a few statements a month, so the partition's upload records stay small.
 */
export async function listAccountUploads(familyId: string, accountId: string): Promise<UploadItem[]> {
  const items = await queryPrefix(keys.uploadsPrefix(familyId), { consistentRead: true });
  return items
    .map(toUploadItem)
    .filter((u) => u.accountId === accountId)
    .sort((a, b) => b.uploadId.localeCompare(a.uploadId));
}

/** Remove an upload's record (its statement removed); removing one already gone does nothing. */
export async function deleteUpload(familyId: string, uploadId: string): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.upload(familyId, uploadId) }),
  );
}

/**
 * Change an upload held for the family's check ('needs_check'): its account (moved), or its stage (imported:
 * it goes on to be read into rows), or one waiting for the family's mapping (`held` 'needs_mapping'). Only while
 * it is held, so two imports at once start one. False when the upload is not held (or not there).
 */
export async function updateHeldUpload(
  familyId: string,
  uploadId: string,
  changes: Partial<Omit<UploadItem, 'familyId' | 'uploadId'>>,
  now = new Date(),
  held: PipelineStage = 'needs_check',
): Promise<boolean> {
  const values: Record<string, unknown> = { ...changes, updatedAt: now.toISOString() };
  const names: Record<string, string> = {};
  const sets: string[] = [];
  Object.keys(values).forEach((k, i) => {
    names[`#a${i}`] = k;
    sets.push(`#a${i} = :v${i}`);
  });
  const attributeValues = Object.fromEntries(Object.values(values).map((v, i) => [`:v${i}`, v]));
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.upload(familyId, uploadId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #held = :held',
        ExpressionAttributeNames: { ...names, '#held': 'stage' },
        ExpressionAttributeValues: { ...attributeValues, ':held': held },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Remove a held upload's record (discarded), only while it is held; false when it is not. */
export async function deleteHeldUpload(familyId: string, uploadId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.upload(familyId, uploadId),
        ConditionExpression: '#stage = :held',
        ExpressionAttributeNames: { '#stage': 'stage' },
        ExpressionAttributeValues: { ':held': 'needs_check' satisfies PipelineStage },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The family's uploads waiting for them, newest first: held for their check ('needs_check'), or an export
 * waiting for its columns or date order ('needs_mapping').
 */
export async function listHeldUploads(familyId: string): Promise<UploadItem[]> {
  const items = await queryPrefix(keys.uploadsPrefix(familyId), { consistentRead: true });
  return items
    .map(toUploadItem)
    .filter((u) => u.stage === 'needs_check' || u.stage === 'needs_mapping')
    .sort((a, b) => b.uploadId.localeCompare(a.uploadId));
}

/**
 * The account's finished upload of a file with these bytes whose rows hold its statement's rows (not itself a
 * repeat), or null. The family's upload records are read with a filter: a family uploads a few statements a
 * month, so the partition's upload records stay small.
 */
export async function findLoadedFile(
  familyId: string,
  accountId: string,
  fileHash: string,
): Promise<UploadItem | null> {
  const prefix = keys.uploadsPrefix(familyId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    FilterExpression:
      'fileHash = :hash AND accountId = :account AND #stage = :done AND attribute_not_exists(repeats) AND attribute_not_exists(removing)',
    ExpressionAttributeNames: { '#stage': 'stage' },
    ExpressionAttributeValues: {
      ':pk': prefix.pk,
      ':sk': prefix.skPrefix,
      ':hash': fileHash,
      ':account': accountId,
      ':done': 'done' satisfies PipelineStage,
    },
    ConsistentRead: true,
  });
  return items.length ? toUploadItem(items[0]!) : null;
}

/** Record that an upload is being removed (see `removing`); false when it is not there. */
export async function markRemoving(familyId: string, uploadId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.upload(familyId, uploadId),
        UpdateExpression: 'SET removing = :yes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Point an upload that repeats another's file at the upload now holding its rows (null: it holds them). */
export async function setRepeats(familyId: string, uploadId: string, repeats: string | null): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.upload(familyId, uploadId),
        ConditionExpression: 'attribute_exists(pk)',
        ...(repeats === null
          ? { UpdateExpression: 'REMOVE repeats' }
          : { UpdateExpression: 'SET repeats = :r', ExpressionAttributeValues: { ':r': repeats } }),
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
