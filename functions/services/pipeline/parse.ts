import { type AccountItem, getAccount } from '../../adapters/dynamodb/account-repository';
import { createStatementCheck } from '../../adapters/dynamodb/check-repository';
import { advanceUpload, getUpload } from '../../adapters/dynamodb/upload-repository';
import { MAPPING_MESSAGES, type MappingRequest } from '../../contracts/export-mapping';
import { artefactKey, checkReadingKey, type PipelineState } from '../../contracts/pipeline';
import type { ParsedStatementContract } from '../../contracts/statement';
import { statementAccountIdentity } from '../../domain/account-numbers';
import type { ExportStatement } from '../../domain/exports';
import {
  contradictedByFigures,
  keptReading,
  MISREAD_FIGURES_WARNING,
  type ParsedStatement,
  recogniseInstitution,
  sameBank,
} from '../../domain/statement';
import { otherCurrencyMessage } from '../../domain/statement/currency';
import {
  type CheckReading,
  type CheckReason,
  checkReasons,
  NEEDS_CHECK_MESSAGE,
} from '../../domain/statement-check';
import { StatementError } from '../../shared/errors';
import type { KeptTextReader, KeptTextReading } from '../../shared/ports';
import { type PipelineDeps, requireAccount, settledBoth } from './common';
import { exportIdentity, NeedsMappingError, readExportFile } from './exports';
import { readKeptText } from './kept-text';
import { MESSAGES } from './messages';
import { writeJson } from './working-files';

/**
 * The pipeline's Parse step: read the extracted text as a statement (functions/domain/statement):
 * transactions with dates, signed amounts and balances, reconciled against the printed balances. The
 * reconciliation, institution, period and warnings go on the upload record for the family; the statement goes
 * to Persist as a working file. A text layer whose reading its own figures contradict (a font that gives the
 * wrong digits) is first read again from the PDF's page images, as a scan is: Parse starts the text
 * recognition and returns the extraction IN_PROGRESS, and reads again when PollTextract has the images' text,
 * keeping that reading only when the figures confirm it.
 */
export async function parseStep(deps: PipelineDeps, state: PipelineState): Promise<PipelineState> {
  const accountId = requireAccount(state);
  const extraction = state.extraction;
  const fromExport = extraction?.source === 'export';
  // A text layer read again from its page images: its own text at textLayerKey, the images' at blocksKey.
  const textLayerKey = extraction?.textLayerKey;
  const blocksKey = textLayerKey ?? extraction?.blocksKey;
  const imageKey = textLayerKey ? extraction?.blocksKey : undefined;
  if (!blocksKey && !fromExport) throw new Error('No extracted text for this upload');
  const [kept, imageText, upload, account] = await Promise.all([
    blocksKey && !fromExport ? deps.storage.getObjectBytes(blocksKey) : Promise.resolve(null),
    imageKey ? deps.storage.getObjectBytes(imageKey) : Promise.resolve(null),
    getUpload(state.familyId, state.uploadId),
    getAccount(state.familyId, accountId),
  ]);
  const referenceDate = (upload?.createdAt ?? deps.now().toISOString()).slice(0, 10);
  // A bank's export is read as it is (./exports.ts); a PDF's text by the statement reader (./kept-text.ts),
  // in this process or, on the twin, in its PDF process.
  let statement: ParsedStatement;
  let pdfText: Extract<KeptTextReading, { ok: true }> | null = null;
  let exportRead: ExportStatement | null = null;
  if (kept) {
    const read = deps.keptText ?? (async (...args: Parameters<KeptTextReader>) => readKeptText(...args));
    const options = { referenceDate, accountType: account?.account_type ?? null };
    let reading = await read(kept, options);
    const recognition = deps.textRecognition;
    if (
      extraction?.source === 'text-layer' &&
      !textLayerKey &&
      recognition &&
      contradictedByFigures(reading)
    ) {
      // A text layer its own figures contradict (a font that gives the wrong digits): its page images are
      // read as a scan's, awaited as a scan is (Wait → PollTextract), and Parse reads again. Once only: with
      // textLayerKey set, a second contradiction starts nothing.
      const jobId = await recognition.start({ bucket: state.bucket, key: state.key, token: state.uploadId });
      return {
        ...state,
        extraction: {
          status: 'IN_PROGRESS',
          source: 'textract',
          jobId,
          polls: 0,
          textLayerKey: blocksKey,
          ...(extraction.pages !== undefined ? { pages: extraction.pages } : {}),
        },
      };
    }
    if (imageText) {
      // The page images' reading is kept only when the statement's figures confirm it; else the text layer's.
      const again = await read(imageText, options);
      if (again.ok && keptReading(reading, again) === 'image')
        reading = { ...again, warnings: [...again.warnings, MISREAD_FIGURES_WARNING] };
    }
    if (!reading.ok) throw new StatementError(reading.message, reading.reason);
    pdfText = reading;
    statement = reading.statement;
  } else {
    const read = await readExportOrAsk(deps, state, account, upload?.mappingAnswer);
    if (!read) return { ...state, needsCheck: true };
    statement = exportRead = read;
  }
  // The product keeps pounds: a statement of an account kept in euros or dollars is never filed as pounds.
  if (statement.currency && statement.currency !== 'GBP')
    throw new StatementError(otherCurrencyMessage(statement.currency), 'other_currency');
  if (!statement.transactions.length) throw new StatementError(MESSAGES.noTransactions, 'no_transactions');
  const warnings = [
    ...(pdfText?.warnings ?? []),
    ...statement.warnings,
    ...accountWarnings(statement, account),
  ];
  const parsed: ParsedStatementContract = {
    institution: statement.institution,
    period: statement.period,
    openingBalance: statement.openingBalance,
    closingBalance: statement.closingBalance,
    transactions: statement.transactions,
    reconciliation: statement.reconciliation,
    warnings,
    ...(statement.yearSource ? { yearSource: statement.yearSource } : {}),
    ...(statement.statementDate !== undefined ? { statementDate: statement.statementDate } : {}),
    ...(statement.currency ? { currency: statement.currency } : {}),
  };
  const statementKey = artefactKey(state.familyId, state.uploadId, 'statement.json');
  // Stored while the upload record is written (a reading that goes to the check first keeps it, below).
  const stored = writeJson(deps, statementKey, parsed);
  stored.catch(() => {}); // awaited with the record's write
  const counts = { ...state.counts, parsed: statement.transactions.length };
  // A reading its own figures do not confirm, or of another account, waits for the family's check.
  const reading: CheckReading = {
    ...parsed,
    accountKind: statement.accountKind,
    // An export's account number is checked by its reader (./exports.ts); a PDF's is read from its first page.
    identity: pdfText ? pdfText.identity : statementAccountIdentity(''),
    ...(pdfText && statement.regions ? { regions: statement.regions } : {}),
  };
  const reasons = account
    ? checkReasons(reading, { ...account, id: accountId }, { exactFile: fromExport })
    : [];
  // What the upload record says of the reading, whether it waits for the check or goes on.
  const read = {
    counts,
    reconciliation: statement.reconciliation,
    institution: statement.institution,
    period: statement.period,
    warnings,
    ...(pdfText ? { pages: state.extraction?.pages ?? statement.pages } : {}),
    source: pdfText?.source ?? 'export',
  };
  if (reasons.length) {
    await stored;
    await holdForCheck(deps, state, accountId, reading, reasons);
    await advanceUpload(
      state.familyId,
      state.uploadId,
      'needs_check',
      { ...read, message: NEEDS_CHECK_MESSAGE, checkReasons: reasons },
      deps.now(),
    );
    return { ...state, statementKey, counts, needsCheck: true };
  }
  await settledBoth(stored, advanceUpload(state.familyId, state.uploadId, 'analysing', read, deps.now()));
  return {
    ...state,
    statementKey,
    counts,
    needsCheck: false,
    // The account the statement names, for Match (an export's without reading the file again).
    ...(pdfText
      ? { identity: reading.identity }
      : exportRead
        ? { identity: exportIdentity(exportRead) }
        : {}),
  };
}

/**
 * An export read, or, when only the family can say how (its columns, its date order), the upload waiting in
 * 'needs_mapping' for them (null): nothing is written until they answer (services/export-mappings.ts).
 */
async function readExportOrAsk(
  deps: PipelineDeps,
  state: PipelineState,
  account: AccountItem | null,
  answer: MappingRequest | undefined,
): Promise<ExportStatement | null> {
  try {
    return await readExportFile(deps, state, account, answer);
  } catch (error) {
    if (!(error instanceof NeedsMappingError)) throw error;
    await advanceUpload(
      state.familyId,
      state.uploadId,
      'needs_mapping',
      {
        message: error.kind === 'csv' ? MAPPING_MESSAGES.csvWaiting : MAPPING_MESSAGES.qifWaiting,
        source: 'export',
        bucket: state.bucket,
      },
      deps.now(),
    );
    return null;
  }
}

/**
 * Keep the reading as read (not a working file) and open the family's check of it. Its rows are written
 * nowhere else: no figure, roll-up, match or answer sees them until the family imports the statement.
 */
async function holdForCheck(
  deps: PipelineDeps,
  state: PipelineState,
  accountId: string,
  reading: CheckReading,
  reasons: CheckReason[],
): Promise<void> {
  const readingKey = checkReadingKey(state.familyId, state.uploadId);
  await writeJson(deps, readingKey, reading);
  await createStatementCheck({
    familyId: state.familyId,
    uploadId: state.uploadId,
    accountId,
    fileName: state.fileName,
    bucket: state.bucket,
    readingKey,
    reasons,
    edits: [],
    createdAt: deps.now().toISOString(),
  });
}

/** Accounts whose statements print what is owed (a card's, a mortgage's or loan's). */
const OWED_ACCOUNT_TYPES: ReadonlySet<string> = new Set(['credit', 'mortgage']);

/** What the family should check when the statement and the chosen account disagree. */
export function accountWarnings(
  statement: Pick<ParsedStatement, 'accountKind' | 'institution'>,
  account:
    | (Pick<AccountItem, 'account_type' | 'bank_name'> & { institution_display_name?: string | null })
    | null,
): string[] {
  if (!account) return [];
  const warnings: string[] = [];
  // A mortgage's or loan's statement is read as money owed, as a card's is: on a mortgage account it is no
  // card on the wrong account.
  if (statement.accountKind === 'credit_card' && !OWED_ACCOUNT_TYPES.has(account.account_type))
    warnings.push(MESSAGES.cardOnBankAccount(account.account_type));
  if (statement.accountKind === 'bank' && account.account_type === 'credit')
    warnings.push(MESSAGES.bankOnCardAccount);
  const bank = account.institution_display_name ?? account.bank_name;
  // Both names through the same recogniser, so 'Amex' and 'American Express' are one; a bank name the
  // recogniser does not know ('My bank') gives no warning.
  const accountBank = bank ? recogniseInstitution([bank]) : null;
  if (statement.institution && accountBank && !sameBank(accountBank, statement.institution))
    warnings.push(MESSAGES.otherBank(statement.institution, bank!));
  return warnings;
}
