import { ulid } from 'ulid';
import { type AccountItem, getAccount } from '../adapters/dynamodb/account-repository';
import {
  appendCheckEdit,
  endStatementCheck,
  getStatementCheck,
  reopenStatementCheck,
  type StatementCheckItem,
} from '../adapters/dynamodb/check-repository';
import {
  advanceUpload,
  deleteHeldUpload,
  getUpload,
  listHeldUploads,
  type UploadItem,
  updateHeldUpload,
} from '../adapters/dynamodb/upload-repository';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import { ARTEFACTS, artefactKey, type PipelineState } from '../contracts/pipeline';
import type { ParsedStatementContract } from '../contracts/statement';
import {
  CHECK_MESSAGES,
  type CheckEditRequest,
  type CheckPage,
  type DiscardCheckResponse,
  type StatementCheck,
  type StatementChecksList,
} from '../contracts/statement-check';
import type { Upload } from '../contracts/uploads';
import {
  CHECK_REASON_TEXT,
  type CheckAccount,
  type CheckEdit,
  type CheckReading,
  type CheckReason,
  type CheckResult,
  describeEdit,
  runCheck,
} from '../domain/statement-check';
import type { FamilyContext } from '../shared/context';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { PageImages, Ports } from '../shared/ports';
import { toUpload } from './uploads';

/**
 * The statement check (Check Statement): a statement whose reading its own figures do not confirm, or that
 * names another account, waits in 'needs_check' (Parse held it: functions/services/pipeline/parse.ts). Its
 * rows live only in the kept reading and the family's edits, so no figure, roll-up, match or assistant answer
 * sees them until it is imported. Any member may look and fix; importing or discarding is the admin's (the
 * routes' scope). Import hands the corrected reading to the statement pipeline from Persist on, the same steps
 * as every other statement, so roll-ups and transfer candidates follow exactly as they do for an upload.
 */
export type CheckDeps = Pick<Ports, 'now' | 'storage'>;

interface Loaded {
  upload: UploadItem;
  check: StatementCheckItem;
  reading: CheckReading;
  account: AccountItem;
  result: CheckResult;
}

async function readJson<T>(storage: CheckDeps['storage'], key: string): Promise<T> {
  return JSON.parse(Buffer.from(await storage.getObjectBytes(key)).toString('utf8')) as T;
}

const asCheckAccount = (account: AccountItem): CheckAccount => ({ ...account });

async function load(family: FamilyContext, uploadId: string, deps: CheckDeps): Promise<Loaded> {
  const [upload, check] = await Promise.all([
    getUpload(family.familyId, uploadId),
    getStatementCheck(family.familyId, uploadId),
  ]);
  if (!upload || !check) throw new NotFoundError('Upload not found');
  const [reading, account] = await Promise.all([
    readJson<CheckReading>(deps.storage, check.readingKey),
    getAccount(family.familyId, upload.accountId),
  ]);
  if (!account) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  const result = runCheck(
    reading,
    asCheckAccount(account),
    check.edits.map((e) => e.edit),
  );
  return { upload, check, reading, account, result };
}

const reasonsOf = (codes: readonly CheckReason[]) =>
  codes.map((code) => ({ code, text: CHECK_REASON_TEXT[code] }));

function toStatementCheck(family: FamilyContext, { upload, check, reading, result }: Loaded): StatementCheck {
  return {
    upload: toUpload(upload),
    reasons: reasonsOf(check.reasons),
    open: reasonsOf(result.open),
    accountId: upload.accountId,
    accountKind: reading.accountKind,
    institution: reading.institution,
    period: result.statement.period,
    named: {
      sort_code: reading.identity.sort_code,
      account_number: reading.identity.account_number,
      card_last4: reading.identity.card_last4,
    },
    rows: result.statement.rows,
    sums: result.sums,
    breaks: result.breaks,
    addsUp: result.addsUp,
    canImport: result.canImport,
    unreadable: result.unreadable.map((u) => ({ row: u.row, cell: u.cell, text: u.text, reason: u.reason })),
    original: {
      rows: reading.transactions.length,
      reconciliation: { ok: reading.reconciliation.ok, breaks: reading.reconciliation.breaks },
      warnings: reading.warnings,
    },
    edits: check.edits.map((e) => ({
      edit: { ...e.edit },
      summary: describeEdit(e.edit),
      by: e.by,
      at: e.at,
    })),
    outcome: check.outcome ?? null,
    canDecide: family.role === 'admin',
    pages: pagesOf(upload),
  };
}

/** The pages of a held statement that can be drawn: a PDF's (an export file has none). */
const pagesOf = (upload: UploadItem) => (upload.source === 'export' ? 0 : (upload.pages ?? 0));

/**
 * GET /api/uploads/{id}/check/pages/{page}: a page of a statement waiting for (or through) its check, drawn
 * as an image for the screen to outline the rows read on it. Drawn from the stored PDF on each ask (the
 * screen keeps what it was given); nothing is written.
 */
export async function statementCheckPage(
  family: FamilyContext,
  uploadId: string,
  page: number,
  deps: Pick<Ports, 'storage'> & { pageImages: PageImages },
): Promise<CheckPage> {
  const [upload, check] = await Promise.all([
    getUpload(family.familyId, uploadId),
    getStatementCheck(family.familyId, uploadId),
  ]);
  if (!upload || !check) throw new NotFoundError('Upload not found');
  if (page > pagesOf(upload)) throw new NotFoundError(CHECK_MESSAGES.noPage);
  // The statement as uploaded, in the uploads bucket.
  const pdf = await deps.storage.getObjectBytes(upload.objectKey).catch(() => null);
  if (!pdf) throw new NotFoundError(CHECK_MESSAGES.noPage);
  const drawn = await deps.pageImages.render(pdf, page);
  if (!drawn) throw new NotFoundError(CHECK_MESSAGES.noPage);
  return {
    page,
    pages: drawn.pages,
    width: drawn.width,
    height: drawn.height,
    image: `data:image/png;base64,${Buffer.from(drawn.png).toString('base64')}`,
  };
}

/**
 * GET /api/statement-checks: the family's statements waiting for their check, and exports waiting for their
 * mapping (the overview's banner).
 */
export async function waitingChecks(family: FamilyContext): Promise<StatementChecksList> {
  return { statements: (await listHeldUploads(family.familyId)).map(toUpload) };
}

/** GET /api/uploads/{id}/check. */
export async function statementCheck(
  family: FamilyContext,
  uploadId: string,
  deps: CheckDeps,
): Promise<StatementCheck> {
  return toStatementCheck(family, await load(family, uploadId, deps));
}

/** POST /api/uploads/{id}/check/edits: one fix, kept with who and when; answers the check run again. */
export async function editCheck(
  family: FamilyContext,
  uploadId: string,
  request: CheckEditRequest,
  deps: CheckDeps,
): Promise<StatementCheck> {
  const loaded = await load(family, uploadId, deps);
  if (loaded.upload.stage !== 'needs_check' || loaded.check.outcome)
    throw new ConflictError(CHECK_MESSAGES.notWaiting);
  const rows = new Set(loaded.result.statement.rows.map((r) => r.id));
  const edit: CheckEdit = request.op === 'add_row' ? { ...request, id: `a${ulid()}` } : request;
  if (
    ((edit.op === 'edit_row' || edit.op === 'exclude_row') && !rows.has(edit.row)) ||
    (edit.op === 'add_row' && edit.after !== null && !rows.has(edit.after))
  )
    throw new ValidationError(CHECK_MESSAGES.noSuchRow);
  if (edit.op === 'move_account') {
    const target = await getAccount(family.familyId, edit.accountId);
    if (!target) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
    if (target.is_archived) throw new ConflictError(ACCOUNT_MESSAGES.archived);
  }
  const at = deps.now().toISOString();
  if (!(await appendCheckEdit(family.familyId, uploadId, { edit, by: family.userId, at })))
    throw new ConflictError(CHECK_MESSAGES.notWaiting);
  if (edit.op === 'move_account' && edit.accountId !== loaded.upload.accountId)
    if (!(await updateHeldUpload(family.familyId, uploadId, { accountId: edit.accountId }, deps.now())))
      throw new ConflictError(CHECK_MESSAGES.notWaiting);
  return statementCheck(family, uploadId, deps);
}

/**
 * POST /api/uploads/{id}/check/import: Import (it adds up, the account and year confirmed) or, with
 * `anyway`, Import anyway (the statement and its rows keep a "not checked" mark). The corrected reading goes
 * to the pipeline from Persist on; the upload then moves on as any upload does, to done.
 */
export async function importCheck(
  family: FamilyContext,
  uploadId: string,
  request: { anyway: boolean },
  deps: Pick<Ports, 'now' | 'storage' | 'pipeline'>,
): Promise<Upload> {
  const { familyId } = family;
  const loaded = await load(family, uploadId, deps);
  const { upload, check, reading, result } = loaded;
  if (upload.stage !== 'needs_check' || check.outcome) throw new ConflictError(CHECK_MESSAGES.notWaiting);
  if (!result.transactions.length) throw new ConflictError(CHECK_MESSAGES.noRows);
  if (!result.canImport && !request.anyway)
    throw new ConflictError(result.addsUp ? CHECK_MESSAGES.stillOpen : CHECK_MESSAGES.doesNotAddUp);
  const unchecked = !result.canImport;
  const statementKey = artefactKey(familyId, uploadId, 'statement.json');
  const corrected: ParsedStatementContract = {
    institution: reading.institution,
    period: result.statement.period,
    openingBalance: reading.openingBalance,
    closingBalance: reading.closingBalance,
    transactions: result.transactions,
    reconciliation: result.reconciliation,
    warnings: reading.warnings,
  };
  await deps.storage.putObject(statementKey, JSON.stringify(corrected), 'application/json');
  const at = deps.now().toISOString();
  // The check ends once: of two imports (or an import and a discard) at once, one goes ahead.
  if (
    !(await endStatementCheck(
      familyId,
      uploadId,
      unchecked ? 'imported_unchecked' : 'imported',
      family.userId,
      at,
    ))
  )
    throw new ConflictError(CHECK_MESSAGES.notWaiting);
  const accountId = result.statement.accountId;
  const counts = { parsed: result.transactions.length };
  const taken = await updateHeldUpload(
    familyId,
    uploadId,
    {
      stage: 'analysing',
      accountId,
      message: null,
      counts,
      reconciliation: { ok: result.reconciliation.ok, breaks: result.reconciliation.breaks },
      period: result.statement.period,
      ...(unchecked ? { notChecked: true } : {}),
    },
    deps.now(),
  );
  if (!taken) {
    await reopenStatementCheck(familyId, uploadId);
    throw new ConflictError(CHECK_MESSAGES.notWaiting);
  }
  const state: PipelineState = {
    bucket: check.bucket,
    key: upload.objectKey,
    etag: upload.objectEtag ?? '',
    size: upload.size,
    familyId,
    uploadId,
    fileName: check.fileName,
    accountId,
    extraction: {
      status: 'DONE',
      source: upload.source ?? 'text-layer',
      blocksKey: artefactKey(familyId, uploadId, 'blocks.json'),
      ...(upload.pages !== undefined ? { pages: upload.pages } : {}),
    },
    statementKey,
    counts,
    ...(unchecked ? { unchecked: true } : {}),
  };
  try {
    await deps.pipeline.start(`import-${uploadId}`, state);
  } catch (error) {
    // Not started: the statement waits for its check again, the family's edits as they were.
    await advanceUpload(familyId, uploadId, 'needs_check', { notChecked: false }, deps.now());
    await reopenStatementCheck(familyId, uploadId);
    throw error;
  }
  const after = await getUpload(familyId, uploadId);
  return toUpload(after ?? upload);
}

/**
 * POST /api/uploads/{id}/check/discard: the statement goes (its record, its PDF and working files); nothing
 * of it was ever in the family's figures. The check and the reading stay, marked discarded, for study.
 */
export async function discardCheck(
  family: FamilyContext,
  uploadId: string,
  deps: CheckDeps,
): Promise<DiscardCheckResponse> {
  const { familyId } = family;
  const [upload, check] = await Promise.all([
    getUpload(familyId, uploadId),
    getStatementCheck(familyId, uploadId),
  ]);
  if (!upload || !check) throw new NotFoundError('Upload not found');
  if (upload.stage !== 'needs_check') throw new ConflictError(CHECK_MESSAGES.notWaiting);
  if (!(await endStatementCheck(familyId, uploadId, 'discarded', family.userId, deps.now().toISOString())))
    throw new ConflictError(CHECK_MESSAGES.notWaiting);
  if (!(await deleteHeldUpload(familyId, uploadId))) {
    await reopenStatementCheck(familyId, uploadId);
    throw new ConflictError(CHECK_MESSAGES.notWaiting);
  }
  await Promise.all(
    [upload.objectKey, ...ARTEFACTS.map((name) => artefactKey(familyId, uploadId, name))].map((key) =>
      deps.storage.deleteObject(key).catch(() => undefined),
    ),
  );
  return { upload_id: uploadId, discarded: true };
}
