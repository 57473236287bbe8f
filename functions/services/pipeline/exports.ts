import type { AccountItem } from '../../adapters/dynamodb/account-repository';
import type { PipelineState } from '../../contracts/pipeline';
import {
  EXPORT_MESSAGES,
  type ExportStatement,
  kindFromContent,
  kindFromName,
  otherAccount,
  readExport,
} from '../../domain/exports';
import { services } from '../../shared/container';
import { StatementError } from '../../shared/errors';
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

/**
 * Parse's reading of an export: the object version the upload was claimed for, read exactly; a file that
 * names another account than the chosen one (its account number differs) fails in the family's words.
 */
export async function readExportFile(
  state: PipelineState,
  account: Pick<AccountItem, 'account_number' | 'sort_code' | 'card_last4'> | null,
): Promise<ExportStatement> {
  const { bytes, etag } = await services().storage.getObject(state.key, state.bucket);
  if (state.etag && unquoted(etag) !== unquoted(state.etag))
    throw new StatementError(MESSAGES.replaced, 'replaced');
  const result = readExport(bytes, state.fileName);
  if (!result.ok) throw new StatementError(result.message, result.reason);
  const other = otherAccount(result.statement.account, account);
  if (other)
    throw new StatementError(EXPORT_MESSAGES.otherAccount(other.file, other.account), 'other_account');
  return result.statement;
}

const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');
