import type { AccountItem } from '../../adapters/dynamodb/account-repository';
import {
  overlapCandidates,
  type StoredHolders,
  storedHoldersAmong,
} from '../../adapters/dynamodb/transaction-repository';
import type { MappingKind, MappingRequest } from '../../contracts/export-mapping';
import type { PipelineState } from '../../contracts/pipeline';
import type { AccountIdentity } from '../../domain/account-numbers';
import {
  csvTable,
  decodeExport,
  EXPORT_MESSAGES,
  type ExportStatement,
  kindFromContent,
  kindFromName,
  otherAccount,
  overlapIds,
  type ReadExportResult,
  readExport,
  readMappedCsvBytes,
  sameSignature,
  tableSignature,
} from '../../domain/exports';
import { StatementError } from '../../shared/errors';
import { logger } from '../../shared/logger';
import type { PipelineDeps } from './common';
import { MESSAGES } from './messages';

/**
 * A bank's export (CSV, OFX/QFX, QIF) in the statement pipeline: Extract checks that the file is what its name
 * says, and Parse reads it (functions/domain/exports) into the statement a PDF gives; every step after that
 * is the PDF's. The file is read from the uploads bucket as it is: no working text file is needed.
 */
export function isExportFile(fileName: string): boolean {
  const kind = kindFromName(fileName);
  return kind !== null && kind !== 'pdf';
}

/** Extract's check of an export: not empty, and its bytes are what its name says. */
export function checkExportFile(state: PipelineState, bytes: Uint8Array): PipelineState {
  if (!bytes.byteLength) throw new StatementError(MESSAGES.emptyFile, 'empty');
  const named = kindFromName(state.fileName);
  const extension = /\.([A-Za-z0-9]+)$/.exec(state.fileName)?.[1]?.toLowerCase() ?? '';
  if (!named || kindFromContent(bytes) !== named)
    throw new StatementError(EXPORT_MESSAGES.notWhatItsNameSays(extension, named ?? 'csv'), 'not_export');
  return { ...state, extraction: { status: 'DONE', source: 'export' } };
}

/** Raised by Parse for an export only the family can say how to read: it waits in 'needs_mapping'. */
export class NeedsMappingError extends Error {
  override name = 'NeedsMapping';
  constructor(readonly kind: MappingKind) {
    super(`The family is asked how to read this ${kind.toUpperCase()} file`);
  }
}

type ReadingAccount = Pick<
  AccountItem,
  'account_number' | 'sort_code' | 'card_last4' | 'csv_mappings' | 'qif_date_order'
>;

/**
 * An export read as the account reads its files: a CSV file of a layout the reader does not know, by the
 * mapping the family gave for its header; a QIF file whose dates could be either order, in the order the
 * family gave. Without those answers, or when the kept mapping cannot read a row of this file,
 * NeedsMappingError (a CSV file with no dates and amounts at all is refused as before: nothing to map).
 */
export function readExportForAccount(
  bytes: Uint8Array,
  fileName: string,
  account: ReadingAccount | null,
  answer?: MappingRequest,
): ReadExportResult {
  const kind = kindFromName(fileName);
  const dateOrder =
    kind === 'qif' ? (answer?.kind === 'qif' ? answer.dateOrder : account?.qif_date_order) : undefined;
  const result = readExport(bytes, fileName, dateOrder ? { dateOrder } : {});
  if (
    !result.ok &&
    kind === 'csv' &&
    (result.reason === 'csv_unknown_layout' || result.reason === 'csv_no_date')
  ) {
    const table = csvTable(decodeExport(bytes).text);
    if (!table) return result;
    const signature = tableSignature(table);
    // The answer given for this very file, else the account's kept answer for its header.
    const kept =
      answer?.kind === 'csv'
        ? { mapping: answer.mapping }
        : account?.csv_mappings?.find((m) => sameSignature(m.header, signature));
    if (!kept) throw new NeedsMappingError('csv');
    // The kept answer no longer reads this file (a row it cannot read): the family is asked again.
    const mapped = readMappedCsvBytes(bytes, kept.mapping);
    if (!mapped.ok && (mapped.reason === 'unreadable_date' || mapped.reason === 'unreadable_amount'))
      throw new NeedsMappingError('csv');
    return mapped;
  }
  if (result.ok && kind === 'qif' && result.statement.dateOrder === 'ambiguous')
    throw new NeedsMappingError('qif');
  return result;
}

/**
 * Parse's reading of an export: the object version the upload was claimed for, read exactly; a file that
 * names another account than the chosen one (its account number differs) fails in the family's words.
 */
export async function readExportFile(
  deps: Pick<PipelineDeps, 'storage'>,
  state: PipelineState,
  account: ReadingAccount | null,
  answer?: MappingRequest,
): Promise<ExportStatement> {
  const { bytes, etag } = await deps.storage.getObject(state.key, state.bucket);
  if (state.etag && unquoted(etag) !== unquoted(state.etag))
    throw new StatementError(MESSAGES.replaced, 'replaced');
  const result = readExportForAccount(bytes, state.fileName, account, answer);
  if (!result.ok) throw new StatementError(result.message, result.reason);
  const other = otherAccount(result.statement.account, account);
  if (other)
    throw new StatementError(EXPORT_MESSAGES.otherAccount(other.file, other.account), 'other_account');
  return result.statement;
}

const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');

/** Days either side of a statement's rows within which the same transaction may carry another date. */
const OVERLAP_WINDOW_DAYS = 4;

/**
 * Persist's key for each row: its fingerprint, or, when it is a transaction an export and a PDF of the account
 * both hold (written differently), the stored row's id and date, so it is counted once and held by both
 * uploads (functions/domain/exports/overlap.ts). A PDF is compared only with rows exports wrote. With them,
 * which of those keys are stored already and who holds them: every key is a date within the range read
 * (consistently), so the rows read are all the stored ones there can be.
 */
export async function rowKeys(
  state: Pick<PipelineState, 'familyId' | 'extraction'>,
  accountId: string,
  rows: ReadonlyArray<{ date: string; description: string; signedAmount: number }>,
  fingerprints: readonly string[],
): Promise<{ keys: Array<{ id: string; date: string }>; stored: StoredHolders }> {
  const own = rows.map((row, i) => ({ id: fingerprints[i]!, date: row.date }));
  if (!rows.length) return { keys: own, stored: new Map() };
  const dates = rows.map((row) => row.date).sort();
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const stored = await overlapCandidates(
    state.familyId,
    accountId,
    shift(dates[0]!, -OVERLAP_WINDOW_DAYS),
    shift(dates.at(-1)!, OVERLAP_WINDOW_DAYS),
  );
  const holders = storedHoldersAmong(state.familyId, accountId, stored);
  const incomingIsExport = state.extraction?.source === 'export';
  if (!stored.some((s) => incomingIsExport || s.origin === 'export')) return { keys: own, stored: holders };
  const keys = overlapIds(
    rows.map((row, i) => ({
      id: fingerprints[i]!,
      date: row.date,
      pence: Math.round(row.signedAmount * 100),
      description: row.description,
    })),
    stored.map((s) => ({
      id: s.id,
      date: s.transaction_date,
      pence: Math.round(s.signed_amount * 100),
      description: s.description,
      fromExport: s.origin === 'export',
    })),
    { incomingIsExport },
  );
  return { keys, stored: holders };
}

/**
 * The account an export names: its sort code and account number, or a card's last 4 digits (a file read by
 * the family's mapping of its columns, or a QIF file, names none). Parse keeps it for Match.
 */
export function exportIdentity(statement: Pick<ExportStatement, 'account' | 'accountKind'>): AccountIdentity {
  const { account, accountKind } = statement;
  const card = accountKind === 'credit_card' && account.lastDigits ? account.lastDigits.slice(-4) : null;
  return { sort_code: account.sortCode, account_number: account.accountNumber, card_last4: card };
}

/**
 * The account an export names, read from the file again (an execution whose Parse did not keep it), as the Match step keeps it on an account that has no numbers yet (as it does
 * with a PDF's heading): its sort code and account number, or a card's last 4 digits; null when the file
 * does not say or cannot be read again.
 */
export async function exportAccountIdentity(
  deps: Pick<PipelineDeps, 'storage'>,
  state: PipelineState,
): Promise<AccountIdentity | null> {
  try {
    const bytes = await deps.storage.getObjectBytes(state.key, state.bucket);
    const result = readExport(bytes, state.fileName);
    if (!result.ok) return null;
    return exportIdentity(result.statement);
  } catch (error) {
    logger.warn('export not read for the account number', { error: error as Error });
    return null;
  }
}
