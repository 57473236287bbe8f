import { type AccountItem, getAccount, listAccounts } from '../adapters/dynamodb/account-repository';
import {
  listPatterns,
  listRejectedMatchIds,
  putMatchCandidate,
} from '../adapters/dynamodb/learning-repository';
import {
  deleteTransaction,
  familyTransactions,
  putNewTransactions,
  setClassification,
  type TransactionItem,
} from '../adapters/dynamodb/transaction-repository';
import { advanceUpload, getUpload } from '../adapters/dynamodb/upload-repository';
import { deleteObject, getObjectBytes, headObject, putObject } from '../adapters/s3/storage';
import {
  ARTEFACTS,
  artefactKey,
  type PipelineFailure,
  type PipelineInput,
  type PipelineState,
  parseUploadObjectKey,
} from '../contracts/pipeline';
import {
  blocksArtefactSchema,
  type ParsedStatementContract,
  parsedStatementSchema,
  unpackBlocks,
} from '../contracts/statement';
import { MAX_UPLOAD_BYTES } from '../contracts/uploads';
import { addDays } from '../domain/dates';
import { detectTransfers, isTransferCandidate, MATCH_MAX_DATE_GAP_DAYS } from '../domain/matching';
import { type ParsedStatement, readStatement, recogniseInstitution } from '../domain/statement';
import { services } from '../shared/container';
import { StatementError } from '../shared/errors';
import { logger } from '../shared/logger';
import { classifyTransactions } from './classification';
import { fingerprintRows } from './fingerprint';

/**
 * The statement pipeline's use cases, one per task state (infra/shared/statement-pipeline.ts). Each step is
 * idempotent: run twice with the same state it changes nothing more, so Step Functions retries and the
 * twin's resume-after-restart are safe. Expected problems (not a PDF, no table, ...) are StatementErrors whose
 * message is shown to the family; RecordFailure removes any rows the upload added, so nothing is half-written.
 */
export const MESSAGES = {
  done: 'All done! Your transactions are now loaded below.',
  failedGeneric:
    'We could not process this statement. Please try again, or upload the PDF downloaded from your bank.',
  noTransactions: 'We could not find any transactions in this statement.',
  tooLarge: `This PDF is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please upload a single statement.`,
  empty: 'This PDF is empty.',
  notStarted: 'This upload was not started from the app.',
  cardOnBankAccount: (accountType: string) =>
    `This looks like a credit card statement, but it was uploaded to a ${accountType} account. Please check you chose the right account.`,
  bankOnCardAccount:
    'This looks like a bank account statement, but it was uploaded to a credit card account. Please check you chose the right account.',
  otherBank: (statementBank: string, accountBank: string) =>
    `This statement looks like it is from ${statementBank}, but the account is with ${accountBank}. Please check you chose the right account.`,
} as const;

const now = () => services().now();

/** What persist records of each row it added: enough to classify it, or to remove it if the upload fails. */
type AddedRow = Pick<
  TransactionItem,
  'id' | 'account_id' | 'transaction_date' | 'family_id' | 'description' | 'amount' | 'signed_amount' | 'type'
>;

async function readAdded(
  state: Pick<PipelineState, 'addedKey' | 'familyId' | 'uploadId'>,
): Promise<AddedRow[]> {
  return (await readJson(
    state.addedKey ?? artefactKey(state.familyId, state.uploadId, 'added.json'),
  )) as AddedRow[];
}

async function readJson(key: string): Promise<unknown> {
  return JSON.parse(Buffer.from(await getObjectBytes(key)).toString('utf8'));
}

async function writeJson(key: string, value: unknown): Promise<void> {
  await putObject(key, JSON.stringify(value), 'application/json');
}

export async function registerStep(input: PipelineInput): Promise<PipelineState> {
  const parsed = parseUploadObjectKey(input.key);
  if (!parsed) throw new StatementError(MESSAGES.notStarted, 'unknown_key');
  const upload = await getUpload(parsed.familyId, parsed.uploadId);
  if (!upload || upload.objectKey !== input.key)
    throw new StatementError(MESSAGES.notStarted, 'unknown_upload');
  const state: PipelineState = { ...input, ...parsed, accountId: upload.accountId };
  const head = await headObject(input.key, input.bucket);
  if (head.size === 0) throw new StatementError(MESSAGES.empty, 'empty');
  if (head.size > MAX_UPLOAD_BYTES) throw new StatementError(MESSAGES.tooLarge, 'too_large');
  await advanceUpload(parsed.familyId, parsed.uploadId, 'reading', {}, now());
  return state;
}

async function loadStatement(state: PipelineState): Promise<ParsedStatementContract> {
  if (!state.statementKey) throw new Error('No parsed statement for this upload');
  const result = parsedStatementSchema.safeParse(await readJson(state.statementKey));
  if (!result.success) throw new Error('The parsed statement is unreadable');
  return result.data;
}

function requireAccount(state: PipelineState): string {
  if (!state.accountId) throw new StatementError(MESSAGES.notStarted, 'no_account');
  return state.accountId;
}

/** How many single-item DynamoDB writes (rollback deletes, AI classifications) a step keeps in flight. */
const WRITE_CONCURRENCY = 50;

/** Runs `fn` over `items` with at most WRITE_CONCURRENCY at a time; results in order. */
async function inBatches<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += WRITE_CONCURRENCY) {
    const batch = items.slice(start, start + WRITE_CONCURRENCY);
    results.push(...(await Promise.all(batch.map((item, k) => fn(item, start + k)))));
  }
  return results;
}

/**
 * Fingerprint and write each row; rows already stored (re-uploads, overlaps) are not written again. Each
 * new row is written once (in batches), already classified by the family's learned patterns and the rule
 * table (pure and cheap), so a statement costs one write per row rather than a write and an update;
 * Classify then asks the AI (where configured) about the rows the rules leave unsure. Every row's key is recorded first
 * (`rows.json`), so RecordFailure can undo exactly this upload's rows whenever it fails, even half-way
 * through this step; a retried Persist finds its own rows and counts them again.
 */
export async function persistStep(state: PipelineState): Promise<PipelineState> {
  const accountId = requireAccount(state);
  const [statement, account, patterns] = await Promise.all([
    loadStatement(state),
    getAccount(state.familyId, accountId),
    listPatterns(state.familyId),
  ]);
  const fingerprints = fingerprintRows(accountId, statement.transactions);
  const createdAt = now().toISOString();
  const rows: AddedRow[] = statement.transactions.map((row, i) => ({
    id: fingerprints[i]!,
    account_id: accountId,
    transaction_date: row.date,
    family_id: state.familyId,
    description: row.description,
    amount: row.amount,
    signed_amount: row.signedAmount,
    type: row.type,
  }));
  await writeJson(artefactKey(state.familyId, state.uploadId, 'rows.json'), rows);
  const byRules = await classifyTransactions(rows, account, patterns, null);
  const isNew = await putNewTransactions(
    statement.transactions.map((row, i) => {
      const classification = byRules.get(rows[i]!.id) ?? null;
      return {
        ...rows[i]!,
        upload_id: state.uploadId,
        balance: row.balance,
        flow_type: classification?.flow_type ?? null,
        user_corrected_flow_type: null,
        classification_confidence: classification?.confidence ?? null,
        classification_method: classification?.method ?? null,
        created_at: createdAt,
      };
    }),
  );
  const added = rows.filter((_, i) => isNew[i]);
  const addedKey = artefactKey(state.familyId, state.uploadId, 'added.json');
  await writeJson(addedKey, added);
  const counts = {
    ...state.counts,
    parsed: rows.length,
    added: added.length,
    duplicates: rows.length - added.length,
    classified: added.filter((row) => byRules.get(row.id)).length,
  };
  await advanceUpload(state.familyId, state.uploadId, 'classifying', { counts }, now());
  return { ...state, addedKey, counts };
}

export async function finishStep(state: PipelineState): Promise<PipelineState> {
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'done',
    { message: MESSAGES.done, counts: state.counts ?? {} },
    now(),
  );
  await removeArtefacts(state);
  return state;
}

/** The family-facing message of a caught error: a StatementError's own words, else a generic one. */
export function failureMessage(error: PipelineState['error']): string {
  if (!error) return MESSAGES.failedGeneric;
  let message = error.Cause ?? '';
  try {
    // In AWS the Cause is the Lambda error as JSON: {"errorType": ..., "errorMessage": ...}.
    const parsed = JSON.parse(message) as { errorMessage?: string; errorType?: string };
    if (parsed.errorType === 'StatementError' && parsed.errorMessage) return parsed.errorMessage;
    if (parsed.errorMessage) message = '';
  } catch {
    // The twin passes the message itself.
  }
  return error.Error === 'StatementError' && message ? message : MESSAGES.failedGeneric;
}

/**
 * The Catch of every step: the family sees why (failureMessage), and whatever the upload added is removed,
 * so nothing is half-written. When Register failed, the upload is found from the object key, and only if
 * that key is the one the app issued for it.
 */
export async function recordFailureStep(failure: PipelineFailure): Promise<PipelineFailure> {
  const message = failureMessage(failure.error);
  const fromKey = parseUploadObjectKey(failure.key);
  const familyId = failure.familyId ?? fromKey?.familyId;
  const uploadId = failure.uploadId ?? fromKey?.uploadId;
  logger.warn('statement pipeline failed', { uploadId, error: failure.error?.Error });
  if (!familyId || !uploadId) return failure;
  if (!failure.uploadId && (await getUpload(familyId, uploadId))?.objectKey !== failure.key) return failure;
  const state = { ...failure, familyId, uploadId };
  // Every row the statement holds, recorded before Persist wrote any: delete those this upload wrote.
  let removed = 0;
  const rows = await readJson(artefactKey(familyId, uploadId, 'rows.json')).catch((error: Error) => {
    if (error.name === 'NoSuchKey') return []; // Persist never started: nothing was written.
    throw error;
  });
  for (const deleted of await inBatches(rows as AddedRow[], (row) => deleteTransaction(row, uploadId)))
    if (deleted) removed++;
  await advanceUpload(
    familyId,
    uploadId,
    'failed',
    { message, counts: { ...failure.counts, added: 0 } },
    now(),
  );
  await removeArtefacts(state);
  if (removed) logger.info('removed rows of a failed upload', { uploadId, removed });
  return failure;
}

async function removeArtefacts(state: Pick<PipelineState, 'familyId' | 'uploadId'>) {
  await Promise.all(
    ARTEFACTS.map((name) =>
      deleteObject(artefactKey(state.familyId, state.uploadId, name)).catch(() => undefined),
    ),
  );
}

/**
 * Read the extracted text as a statement (functions/domain/statement): transactions with dates, signed
 * amounts and balances, reconciled against the printed balances. The reconciliation, institution, period
 * and warnings go on the upload record for the family; the statement goes to Persist as an artefact.
 */
export async function parseStep(state: PipelineState): Promise<PipelineState> {
  const accountId = requireAccount(state);
  const blocksKey = state.extraction?.blocksKey;
  if (!blocksKey) throw new Error('No extracted text for this upload');
  const [artefact, upload, account] = await Promise.all([
    readJson(blocksKey).then((json) => blocksArtefactSchema.parse(json)),
    getUpload(state.familyId, state.uploadId),
    getAccount(state.familyId, accountId),
  ]);
  const referenceDate = (upload?.createdAt ?? now().toISOString()).slice(0, 10);
  const blocks = unpackBlocks(artefact);
  let result = readStatement(blocks, { referenceDate });
  if (result.ok && result.statement.accountKind === 'bank' && account?.account_type === 'credit') {
    // A card statement that does not say it is one: read as a card's when its balances then add up.
    const asCard = readStatement(blocks, { referenceDate, accountKind: 'credit_card' });
    if (asCard.ok && asCard.statement.reconciliation.ok && !result.statement.reconciliation.ok)
      result = asCard;
  }
  if (!result.ok) throw new StatementError(result.message, result.reason);
  const { statement } = result;
  if (!statement.transactions.length) throw new StatementError(MESSAGES.noTransactions, 'no_transactions');
  const warnings = [...artefact.warnings, ...statement.warnings, ...accountWarnings(statement, account)];
  const parsed: ParsedStatementContract = {
    institution: statement.institution,
    period: statement.period,
    openingBalance: statement.openingBalance,
    closingBalance: statement.closingBalance,
    transactions: statement.transactions,
    reconciliation: statement.reconciliation,
    warnings,
  };
  const statementKey = artefactKey(state.familyId, state.uploadId, 'statement.json');
  await writeJson(statementKey, parsed);
  const counts = { ...state.counts, parsed: statement.transactions.length };
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'analysing',
    {
      counts,
      reconciliation: statement.reconciliation,
      institution: statement.institution,
      period: statement.period,
      warnings,
      pages: state.extraction?.pages ?? statement.pages,
      source: artefact.source,
    },
    now(),
  );
  return { ...state, statementKey, counts };
}

/** What the family should check when the statement and the chosen account disagree. */
export function accountWarnings(
  statement: Pick<ParsedStatement, 'accountKind' | 'institution'>,
  account:
    | (Pick<AccountItem, 'account_type' | 'bank_name'> & { institution_display_name?: string | null })
    | null,
): string[] {
  if (!account) return [];
  const warnings: string[] = [];
  if (statement.accountKind === 'credit_card' && account.account_type !== 'credit')
    warnings.push(MESSAGES.cardOnBankAccount(account.account_type));
  if (statement.accountKind === 'bank' && account.account_type === 'credit')
    warnings.push(MESSAGES.bankOnCardAccount);
  const bank = account.institution_display_name ?? account.bank_name;
  // Both names through the same recogniser, so 'Amex' and 'American Express' are one; a bank name the
  // recogniser does not know ('My bank') gives no warning.
  const accountBank = bank ? recogniseInstitution([bank]) : null;
  if (statement.institution && accountBank && brandOf(accountBank) !== brandOf(statement.institution))
    warnings.push(MESSAGES.otherBank(statement.institution, bank!));
  return warnings;
}

/** Card brands of a bank count as the bank: a Barclays credit card's statements say Barclaycard. */
const brandOf = (institution: string) => (institution === 'Barclaycard' ? 'Barclays' : institution);

/**
 * The AI's turn (spec 2 §4, §5, §7): Persist wrote each row with its learned-pattern or rule-table
 * classification; where an AI classifier is configured (Bedrock in AWS), the rows no rule fits, or only a
 * catch-all rule (0.60), are put to it in batches, and its answers (or the spec's fallback for rows no rule
 * fits when it fails) replace them. Without one (the twin, by default) there is nothing more to do.
 */
export async function classifyStep(state: PipelineState): Promise<PipelineState> {
  const accountId = requireAccount(state);
  const ai = services().aiClassifier;
  if (!ai) {
    await advanceUpload(state.familyId, state.uploadId, 'matching', {}, now());
    return state;
  }
  const [added, account, patterns] = await Promise.all([
    readAdded(state),
    getAccount(state.familyId, accountId),
    listPatterns(state.familyId),
  ]);
  const results = await classifyTransactions(added, account, patterns, ai);
  const changed = added.filter((row) => {
    const source = results.get(row.id)?.source;
    return source === 'ai' || source === 'fallback';
  });
  await inBatches(changed, (row) => {
    const result = results.get(row.id)!;
    return setClassification(row, {
      flow_type: result.flow_type,
      confidence: result.confidence,
      method: result.method,
    });
  });
  const counts = { ...state.counts, classified: added.filter((row) => results.get(row.id)).length };
  await advanceUpload(state.familyId, state.uploadId, 'matching', { counts }, now());
  return { ...state, counts };
}

/**
 * Propose transfers between the family's own accounts around this statement's dates: every family
 * transaction within the matching window (7 days) of the added rows, scored by the domain's matcher, each
 * transaction in at most one proposed pair, remembered rejections left out.
 */
export async function matchStep(state: PipelineState): Promise<PipelineState> {
  // Only rows that can be one side of a transfer (spec 2 §5 trigger words and exclusions) are matched.
  const added = (await readAdded(state)).filter((row) => isTransferCandidate(row));
  if (!added.length) return { ...state, counts: { ...state.counts, matches: 0 } };
  const dates = added.map((r) => r.transaction_date).sort();
  const from = addDays(dates[0]!, -MATCH_MAX_DATE_GAP_DAYS);
  const to = addDays(dates.at(-1)!, MATCH_MAX_DATE_GAP_DAYS);
  const [transactions, accounts, rejectedMatchIds] = await Promise.all([
    familyTransactions(state.familyId, { from, to }),
    listAccounts(state.familyId),
    listRejectedMatchIds(state.familyId),
  ]);
  const accountType = new Map(accounts.map((a) => [a.id, a.account_type]));
  const addedIds = new Set(added.map((r) => r.id));
  const candidates = detectTransfers(
    transactions.map((t) => ({ ...t, account: { account_type: accountType.get(t.account_id) ?? null } })),
    { rejectedMatchIds },
  ).filter((c) => addedIds.has(c.transaction1.id) || addedIds.has(c.transaction2.id));
  const createdAt = now().toISOString();
  await Promise.all(candidates.map((c) => putMatchCandidate(state.familyId, c, createdAt)));
  return { ...state, counts: { ...state.counts, matches: candidates.length } };
}
