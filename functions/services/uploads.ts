import { ulid } from 'ulid';
import { getAccount } from '../adapters/dynamodb/account-repository';
import { createUpload, getUpload, type UploadItem } from '../adapters/dynamodb/upload-repository';
import { presignPut } from '../adapters/s3/storage';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import { uploadObjectKey } from '../contracts/pipeline';
import {
  type CreateUploadRequest,
  type CreateUploadResponse,
  statementContentType,
  UPLOAD_PUT_HEADERS,
  UPLOAD_URL_TTL_SECONDS,
  type Upload,
} from '../contracts/uploads';
import type { FamilyContext, ReadAlong } from '../shared/context';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type UploadsDeps = Pick<Ports, 'now'>;

/** Uploads: a family member asks to upload a statement for one of the family's accounts. */
export function toUpload(item: UploadItem): Upload {
  return {
    uploadId: item.uploadId,
    accountId: item.accountId,
    fileName: item.fileName,
    size: item.size,
    stage: item.stage,
    message: item.message ?? null,
    reason: item.reason ?? null,
    counts: item.counts ?? {},
    reconciliation: item.reconciliation ?? null,
    institution: item.institution ?? null,
    period: item.period ?? null,
    warnings: item.warnings ?? [],
    ...(item.pages !== undefined ? { pages: item.pages } : {}),
    ...(item.source !== undefined ? { source: item.source } : {}),
    ...(item.notChecked ? { notChecked: true } : {}),
    ...(item.checkReasons?.length ? { checkReasons: item.checkReasons } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The account must be one of the caller's family's accounts (another family's: 404). */
export async function requireAccount(familyId: string, accountId: string): Promise<void> {
  if (!(await getAccount(familyId, accountId))) throw new NotFoundError('Account not found');
}

/** Statements go to active accounts only: an archived one is left out of the pickers (spec 2 §4). */
async function requireActiveAccount(familyId: string, accountId: string): Promise<void> {
  const account = await getAccount(familyId, accountId);
  if (!account) throw new NotFoundError('Account not found');
  if (account.is_archived) throw new ConflictError(ACCOUNT_MESSAGES.archived);
}

export async function startUpload(
  deps: UploadsDeps,
  family: FamilyContext,
  request: CreateUploadRequest,
): Promise<CreateUploadResponse> {
  const { familyId } = family;
  await requireActiveAccount(familyId, request.accountId);
  const uploadId = ulid();
  const objectKey = uploadObjectKey(familyId, uploadId, request.fileName);
  const now = deps.now().toISOString();
  const item: UploadItem = {
    uploadId,
    familyId,
    accountId: request.accountId,
    fileName: request.fileName,
    size: request.size,
    objectKey,
    stage: 'uploading',
    message: null,
    counts: {},
    reconciliation: null,
    institution: null,
    period: null,
    warnings: [],
    createdBy: family.userId,
    createdAt: now,
    updatedAt: now,
  };
  await createUpload(item);
  // A PDF, or a bank's export (CSV, OFX/QFX, QIF), each with its own content type.
  const contentType = statementContentType(request.fileName);
  const url = await presignPut({
    key: objectKey,
    contentType,
    contentLength: request.size,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return {
    upload: toUpload(item),
    put: {
      url,
      headers: { ...UPLOAD_PUT_HEADERS, 'content-type': contentType },
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    },
  };
}

/**
 * An upload whose file never arrived (the browser closed, the connection dropped) would wait for ever: once
 * its presigned URL has expired and a generous margin for a slow transfer has passed, it reads as failed.
 */
export const ABANDONED_AFTER_MS = UPLOAD_URL_TTL_SECONDS * 1000 + 15 * 60 * 1000;
export const ABANDONED_MESSAGE = 'This statement never finished uploading. Please upload it again.';

export async function uploadStatus(
  deps: UploadsDeps,
  family: FamilyContext,
  uploadId: string,
  along?: ReadAlong,
): Promise<Upload> {
  const item = await getUpload(family.familyId, uploadId, { along });
  if (!item) throw new NotFoundError('Upload not found');
  return asSeenByFamily(deps, toUpload(item));
}

/** An upload as the family sees it: one whose file never arrived reads as failed. */
export function asSeenByFamily(deps: UploadsDeps, upload: Upload): Upload {
  const age = deps.now().getTime() - Date.parse(upload.createdAt);
  if (upload.stage === 'uploading' && age > ABANDONED_AFTER_MS)
    return { ...upload, stage: 'failed', message: ABANDONED_MESSAGE };
  return upload;
}
