import { getAccount } from '../adapters/dynamodb/account-repository';
import {
  holdFor,
  releaseTransaction,
  transactionsHeldBy,
  uploadHoldings,
} from '../adapters/dynamodb/transaction-repository';
import {
  deleteUpload,
  getUpload,
  listAccountUploads,
  markRemoving,
  setRepeats,
  type UploadItem,
} from '../adapters/dynamodb/upload-repository';
import { deleteObject } from '../adapters/s3/storage';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import {
  REMOVE_STATEMENT_MESSAGES,
  type RemoveStatementResponse,
  type StatementList,
  type StatementRemoval,
} from '../contracts/uploads';
import type { FamilyContext } from '../shared/context';
import { ConflictError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { Ports } from '../shared/ports';
import { forgetPairsOf } from './matches';
import { changesOf, rowsChanged } from './row-changes';
import { asSeenByFamily, toUpload } from './uploads';

/** The ports this service's use cases are handed (the composition root passes them). */
export type StatementsDeps = Pick<Ports, 'now'>;

/**
 * An account's statements (spec 2 §4 Account and Upload): each upload with what it added and skipped, its
 * reconciliation and warnings; and 'Remove this statement', which undoes exactly what one upload added.
 */
export async function accountStatements(
  deps: StatementsDeps,
  family: FamilyContext,
  accountId: string,
): Promise<StatementList> {
  if (!(await getAccount(family.familyId, accountId))) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  const uploads = await listAccountUploads(family.familyId, accountId);
  return { statements: uploads.map((u) => asSeenByFamily(deps, toUpload(u))) };
}

const WRITES_IN_FLIGHT = 25;

/** What removing a statement would do: the rows that would go, and those that stay as another holds them. */
export async function statementRemoval(family: FamilyContext, uploadId: string): Promise<StatementRemoval> {
  const item = await getUpload(family.familyId, uploadId);
  if (!item) throw new NotFoundError('Upload not found');
  // A repeat of a file holds its rows through the upload it repeats; removing it removes none of them.
  if (item.repeats) {
    const { held } = await uploadHoldings(family.familyId, item.accountId, item.repeats);
    return { upload_id: uploadId, removes: 0, shared: held };
  }
  const { held, shared } = await uploadHoldings(family.familyId, item.accountId, uploadId);
  // Its rows pass to a repeat of its file, if there is one: none goes.
  if ((await repeatsOf(family.familyId, item)).length)
    return { upload_id: uploadId, removes: 0, shared: held };
  return { upload_id: uploadId, removes: held - shared, shared };
}

/** The uploads of the account that repeat this upload's file (oldest first), holding its rows through it. */
async function repeatsOf(familyId: string, item: UploadItem): Promise<UploadItem[]> {
  if (!item.fileHash) return [];
  const uploads = await listAccountUploads(familyId, item.accountId);
  return uploads
    .filter((u) => u.repeats === item.uploadId && u.stage !== 'failed')
    .sort((a, b) => a.uploadId.localeCompare(b.uploadId));
}

/**
 * Remove a statement: release its hold on every row it holds; a row goes when no other upload holds it
 * (so a row a later overlapping statement also held stays), then the transfer candidates of removed rows go
 * and their other sides are matched again (within 7 days of them, as after an upload: another row may now
 * be their transfer's other side), the statement's PDF and record go, and the account's derived fields are
 * brought up to date. Each part is idempotent and the record goes last, so a removal cut short is finished by
 * asking again.
 */
export async function removeStatement(
  deps: StatementsDeps,
  family: FamilyContext,
  uploadId: string,
): Promise<RemoveStatementResponse> {
  const { familyId } = family;
  const item = await getUpload(familyId, uploadId);
  if (!item) throw new NotFoundError('Upload not found');
  const stage = asSeenByFamily(deps, toUpload(item)).stage;
  if (stage !== 'done' && stage !== 'failed') throw new ConflictError(REMOVE_STATEMENT_MESSAGES.inProgress);
  // Uploads repeating this file hold its rows through it: the earliest takes them over (marked first, so a
  // repeat starting now reads its file in full instead: services/pipeline/repeat.ts).
  if (item.fileHash) await markRemoving(familyId, uploadId);
  const [heir, ...others] = await repeatsOf(familyId, item);
  const held = await transactionsHeldBy(familyId, item.accountId, uploadId);
  const removedIds = new Set<string>();
  let kept = 0;
  for (let start = 0; start < held.length; start += WRITES_IN_FLIGHT) {
    const batch = held.slice(start, start + WRITES_IN_FLIGHT);
    const outcomes = await Promise.all(
      batch.map(async (row) => {
        if (heir) await holdFor(row, uploadId, heir.uploadId);
        return releaseTransaction(row, uploadId);
      }),
    );
    outcomes.forEach((outcome, i) => {
      if (outcome === 'removed') removedIds.add(batch[i]!.id);
      if (outcome === 'kept') kept++;
    });
  }
  if (heir) {
    await setRepeats(familyId, heir.uploadId, null);
    for (const other of others) await setRepeats(familyId, other.uploadId, heir.uploadId);
  }
  // A repeat holds no rows of its own: the rows it stood for stay with the upload it repeats.
  if (item.repeats && !held.length)
    kept = (await uploadHoldings(familyId, item.accountId, item.repeats)).held;
  await forgetPairsOf(deps, familyId, removedIds);
  await deleteObject(item.objectKey).catch((error: Error) =>
    logger.warn('statement PDF not removed', { uploadId, error }),
  );
  await deleteUpload(familyId, uploadId);
  await rowsChanged(deps, familyId, [
    { accountId: item.accountId, dates: [] },
    ...changesOf(held.filter((row) => removedIds.has(row.id))),
  ]);
  logger.info('statement removed', { uploadId, removed: removedIds.size, kept });
  return { upload_id: uploadId, account_id: item.accountId, removed: removedIds.size, kept };
}
