import { getAccount } from '../../adapters/dynamodb/account-repository';
import type { RowCategory } from '../../adapters/dynamodb/category-repository';
import { givePersistLeaseBack, takePersistLease } from '../../adapters/dynamodb/lease-repository';
import { readTogether } from '../../adapters/dynamodb/paging';
import { listPatterns } from '../../adapters/dynamodb/pattern-repository';
import {
  isNewTo,
  isStored,
  putNewTransactions,
  type TransactionItem,
} from '../../adapters/dynamodb/transaction-repository';
import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import { artefactKey, type PipelineState } from '../../contracts/pipeline';
import { accountSummaryBase } from '../accounts';
import { classifyTransactions } from '../classification';
import { fingerprintRows } from '../fingerprint';
import { rollupVersionsReadOf } from '../rollups';
import { rowCategoriser } from '../row-categories';
import { familyCategoryRules } from '../spending';
import { newSpendPeriodsRead } from '../spending-rollups';
import {
  AccountBusyError,
  type PipelineDeps,
  requireAccount,
  requireOpenUpload,
  settledBoth,
} from './common';
import { rowKeys } from './exports';
import { persistRepeat } from './repeat';
import { type AddedRow, keepRowKeys, loadStatement, writeJson } from './working-files';

/**
 * The pipeline's Persist step: fingerprint and write each row; rows already stored (re-uploads, overlaps)
 * are not written again. Each new row is written once (in batches), already classified by the family's
 * learned patterns and the rule table (pure and cheap), so a statement costs one write per row rather than a
 * write and an update; Classify then asks the AI (where configured) about the rows the rules leave unsure.
 * Every row's key is recorded first (`rows.json`), so RecordFailure can undo exactly this upload's rows
 * whenever it fails, even half-way through this step; a retried Persist finds its own rows and counts them
 * again. Each row keeps its place in the statement in time (`position`: printed order, or its reverse for a
 * table printed newest first), so a date's rows list in the statement's order, and the uploads holding it
 * (`upload_ids`), so removing a statement removes only its own rows.
 *
 * One upload at a time persists an account's rows (a lease on the account; a busy Persist is retried by the
 * state machine): telling new rows from stored ones and then writing them in batches is only right when no
 * other upload writes the same rows in between, and so each upload's counts say what it added, even when the
 * same statement is uploaded several times at once.
 */
export async function persistStep(deps: PipelineDeps, state: PipelineState): Promise<PipelineState> {
  const accountId = requireAccount(state);
  // A file already loaded into the account: nothing to write when its rows are all still stored (it writes
  // no rows, so it does not wait for the account's lease).
  if (state.repeatOf) {
    await requireOpenUpload(state); // never write for an upload already read or claimed by another PUT
    return persistRepeat(deps, state, accountId, state.repeatOf);
  }
  // What needs no lease (the statement Parse kept, the family's patterns and category rules) is read while
  // the upload is checked and the lease taken: each is a round trip of its own.
  const early = Promise.all([
    loadStatement(deps, state),
    listPatterns(state.familyId),
    familyCategoryRules(state.familyId),
  ]);
  early.catch(() => {}); // awaited once the upload is known open and the lease held
  const [open, leased] = await Promise.allSettled([
    requireOpenUpload(state), // never write rows for an upload already read or claimed by another PUT
    takePersistLease(state.familyId, accountId, state.uploadId, deps.now(), PERSIST_LEASE_SECONDS),
  ]);
  const lease = leaseBack(state.familyId, accountId, state.uploadId);
  if (open.status === 'rejected' || leased.status === 'rejected' || !leased.value) {
    // A lease taken for an upload that turned out closed is given back at once.
    if (leased.status === 'fulfilled' && leased.value) await lease.giveBack();
    if (open.status === 'rejected') throw open.reason;
    if (leased.status === 'rejected') throw leased.reason;
    throw new AccountBusyError(accountId);
  }
  try {
    return await persistRows(deps, state, accountId, early, lease);
  } finally {
    await lease.giveBack();
  }
}

/** What Persist reads before it holds the account's lease: the statement, the patterns, the category rules. */
type EarlyReads = [
  Awaited<ReturnType<typeof loadStatement>>,
  Awaited<ReturnType<typeof listPatterns>>,
  Awaited<ReturnType<typeof familyCategoryRules>>,
];

/** The account's Persist lease, given back once however often asked (the last write and `finally` both ask). */
function leaseBack(familyId: string, accountId: string, uploadId: string) {
  let given: Promise<void> | undefined;
  return { giveBack: () => (given ??= givePersistLeaseBack(familyId, accountId, uploadId)) };
}

/** Longer than the Persist function may run (its timeout), so a live holder never loses the lease. */
const PERSIST_LEASE_SECONDS = 180;

async function persistRows(
  deps: PipelineDeps,
  state: PipelineState,
  accountId: string,
  early: Promise<EarlyReads>,
  lease: { giveBack(): Promise<void> },
): Promise<PipelineState> {
  // The account (its summary is read under the lease) is read beside the account's rows over the
  // statement's days.
  const accountRead = getAccount(state.familyId, accountId);
  accountRead.catch(() => {}); // awaited below
  const [statement, patterns, categoryRules] = await early;
  // Each row's key: its fingerprint, or the stored row an export and a PDF both hold (./exports.ts).
  const [{ keys: rowKeysOf, stored }, account] = await Promise.all([
    rowKeys(state, accountId, statement.transactions, fingerprintRows(accountId, statement.transactions)),
    accountRead,
  ]);
  const fromExport = state.extraction?.source === 'export';
  const createdAt = deps.now().toISOString();
  const rows: AddedRow[] = statement.transactions.map((row, i) => ({
    id: rowKeysOf[i]!.id,
    account_id: accountId,
    transaction_date: rowKeysOf[i]!.date,
    family_id: state.familyId,
    description: row.description,
    amount: row.amount,
    signed_amount: row.signedAmount,
    type: row.type,
  }));
  // Every row's key is stored before any row is written (below); meanwhile the rows are told apart,
  // classified and prepared.
  const rowsKept = keepRowKeys(deps, state, rows);
  rowsKept.catch(() => {}); // awaited before the writes; a failure before then fails the step as it is
  // Dedupe first: only the rows not stored yet are classified, categorised and counted into the roll-ups
  // (which are stored, and their holders, came with the keys: one consistent read of the statement's days).
  const fresh = rows.filter((row) => isNewTo(stored, row, state.uploadId));
  // A retried Persist finds rows of its own already stored: a roll-up may hold them, so their months are
  // recomputed rather than added to (no versions).
  const retried = fresh.some((row) => isStored(stored, row));
  const freshMonths = [...new Set(fresh.map((row) => row.transaction_date.slice(0, 7)))].sort();
  // The roll-ups' versions are read while the rows are classified.
  const reads = retried
    ? Promise.resolve([undefined, undefined, undefined] as const)
    : Promise.all([
        // One BatchGetItem for both: the version of each of the rows' months' roll-ups, and the account's
        // months with no spending roll-up yet and its years with none, neither the year's nor any month's
        // (Finish stores them from the added rows alone).
        readTogether(
          rollupVersionsReadOf(
            state.familyId,
            fresh.map((row) => row.transaction_date),
          ),
          newSpendPeriodsRead(state.familyId, freshMonths, accountId),
        ),
        // The account's count of rows and last date as they are before the rows are written (this upload
        // holds the account's lease): Finish adds the rows to them.
        account ? accountSummaryBase(state.familyId, account) : null,
      ]).then(([[versions, newSpend], summary]) => [versions, newSpend, summary] as const);
  reads.catch(() => {}); // awaited below
  // The reads and the rows' keys go out before the classifying, which holds the thread until it is done.
  await new Promise((resolve) => setImmediate(resolve));
  const byRules = await classifyTransactions(fresh, account, patterns, null);
  const [versions, newSpend, summaryBase] = await reads;
  // The row's place in time within the statement: printed order, reversed for a table printed newest first.
  const newestFirst = (rows[0]?.transaction_date ?? '') > (rows.at(-1)?.transaction_date ?? '');
  const positionOf = (i: number) => (newestFirst ? rows.length - 1 - i : i);
  // (The row's fields written out, in its order, and the optional ones assigned: V8 builds such a literal
  // far faster than it copies a spread of the row followed by more fields.)
  const items: TransactionItem[] = statement.transactions.map((row, i) => {
    const added = rows[i]!;
    const item: TransactionItem = {
      id: added.id,
      account_id: added.account_id,
      transaction_date: added.transaction_date,
      family_id: added.family_id,
      description: added.description,
      amount: added.amount,
      signed_amount: added.signed_amount,
      type: added.type,
      upload_id: state.uploadId,
      position: positionOf(i),
      balance: row.balance,
      flow_type: null,
      user_corrected_flow_type: null,
      classification_confidence: null,
      classification_method: null,
      created_at: createdAt,
    };
    if (fromExport) item.origin = 'export';
    // Imported by the family without adding up: the rows say so wherever they are shown.
    if (state.unchecked) item.not_checked = true;
    return item;
  });
  // Each row written is classified (the family's learned patterns, then the rule table) and, when it counts
  // as spending, categorised (the family's rules, then the rules); a row removed since the read above is
  // written afresh, so it is classified here too.
  const written = new Map<string, TransactionItem & Partial<RowCategory>>();
  const categoryOfRow = rowCategoriser(categoryRules);
  const complete = async (toWrite: TransactionItem[]) => {
    const unclassified = toWrite.filter((item) => !byRules.has(item.id));
    if (unclassified.length)
      for (const [id, result] of await classifyTransactions(unclassified, account, patterns, null))
        byRules.set(id, result);
    // Each item is this step's own: its fields are set in place (a copy of a spread of some twenty fields
    // with three more after it is V8's slow path, for every row).
    return toWrite.map((item) => {
      const classification = byRules.get(item.id) ?? null;
      item.flow_type = classification?.flow_type ?? null;
      item.classification_confidence = classification?.confidence ?? null;
      item.classification_method = classification?.method ?? null;
      const full: TransactionItem & Partial<RowCategory> = Object.assign(item, categoryOfRow(item));
      written.set(full.id, full);
      return full;
    });
  };
  await rowsKept;
  // What Classify, Match and Finish work on: each added row as written (a retried Persist's own rows, not
  // written again, with what this run would have written). It is known once the rows to write are, so it is
  // stored while they are written (the step ends once both have).
  const addedKey = artefactKey(state.familyId, state.uploadId, 'added.json');
  let added: AddedRow[] = [];
  const addedOf = (isNew: readonly boolean[]): AddedRow[] =>
    rows.flatMap((row, i) => {
      if (!isNew[i]) return [];
      const item = written.get(row.id);
      const classification = byRules.get(row.id) ?? null;
      // The row's fields written out in its order (not a spread followed by more: V8's slow path).
      const addedRow: AddedRow = {
        id: row.id,
        account_id: row.account_id,
        transaction_date: row.transaction_date,
        family_id: row.family_id,
        description: row.description,
        amount: row.amount,
        signed_amount: row.signed_amount,
        type: row.type,
        flow_type: item?.flow_type ?? classification?.flow_type ?? null,
        user_corrected_flow_type: null,
        merchant_name: item?.merchant_name ?? null,
      };
      if (item?.category_source !== undefined) {
        addedRow.category_id = item.category_id ?? null;
        addedRow.subcategory_id = item.subcategory_id ?? null;
        addedRow.category_confidence = item.category_confidence ?? null;
        addedRow.category_source = item.category_source;
      }
      return [addedRow];
    });
  await putNewTransactions(items, {
    stored,
    complete,
    whileWriting: (isNew) => {
      added = addedOf(isNew);
      return writeJson(deps, addedKey, added);
    },
  });
  // Rows written that the read above took as another upload's: their months are recomputed.
  const freshIds = new Set(fresh.map((row) => row.id));
  const lost = added.some((row) => !freshIds.has(row.id));
  const counts = {
    ...state.counts,
    parsed: rows.length,
    added: added.length,
    duplicates: rows.length - added.length,
    classified: added.filter((row) => byRules.get(row.id)).length,
  };
  // The file's fingerprint and its rows' dates: a later upload of the same bytes checks those rows are stored.
  const dates = rows.map((row) => row.transaction_date).sort();
  const rowDates = dates.length ? { first: dates[0]!, last: dates.at(-1)! } : undefined;
  // The rows are written: the lease goes back while the upload records what was added.
  await settledBoth(
    advanceUpload(
      state.familyId,
      state.uploadId,
      'classifying',
      { counts, ...(state.fileHash && rowDates ? { fileHash: state.fileHash, rowDates } : {}) },
      deps.now(),
    ),
    lease.giveBack(),
  );
  return {
    ...state,
    addedKey,
    counts,
    ...(versions && !lost && added.length
      ? {
          rollupVersions: versions,
          ...(newSpend ? { newSpendMonths: newSpend.months, newSpendYears: newSpend.years } : {}),
          ...(summaryBase ? { accountSummary: summaryBase } : {}),
        }
      : {}),
  };
}
