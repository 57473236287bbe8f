import { ulid } from 'ulid';
import { getAccount, updateAccount } from '../adapters/dynamodb/account-repository';
import {
  advanceUpload,
  getUpload,
  type UploadItem,
  updateHeldUpload,
} from '../adapters/dynamodb/upload-repository';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import {
  type ExportMapping,
  MAPPING_MESSAGES,
  MAPPING_PREVIEW_ROWS,
  type MappingKind,
  type MappingRequest,
  mappingRequestSchema,
} from '../contracts/export-mapping';
import type { Upload } from '../contracts/uploads';
import {
  type CsvTable,
  csvTable,
  decodeExport,
  kindFromName,
  mappingProblem,
  qifMapping,
  qifTable,
  readMappedCsv,
  readQif,
  sameSignature,
  suggestMapping,
  tableSignature,
} from '../domain/exports';
import type { FamilyContext } from '../shared/context';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { parseWith } from '../shared/parse';
import type { Ports } from '../shared/ports';
import { toUpload } from './uploads';

/**
 * The column-mapping step of a bank export. A CSV file of columns the reader does not know, or a QIF file
 * whose dates could be read either way, waits in 'needs_mapping' (Parse held it:
 * functions/services/pipeline/parse.ts). The family sees its columns and first rows and says how to read it;
 * the answer is checked against the whole file, kept with the account (for the file's header, or the
 * account's QIF date order), and the file goes through the statement pipeline again from the start, where
 * Parse now reads it with the account's answer: the same steps as any upload. Any member may look; only the
 * admin answers (as importing a held statement is the admin's).
 */
export type MappingDeps = Pick<Ports, 'now' | 'storage'>;

/** The layouts an account keeps answers for (the latest ones): an account has one or two in practice. */
const MAPPINGS_KEPT = 20;

interface Waiting {
  upload: UploadItem;
  kind: MappingKind;
  text: string;
  table: CsvTable;
}

async function loadWaiting(family: FamilyContext, uploadId: string, deps: MappingDeps): Promise<Waiting> {
  const upload = await getUpload(family.familyId, uploadId);
  if (!upload) throw new NotFoundError('Upload not found');
  if (upload.stage !== 'needs_mapping') throw new ConflictError(MAPPING_MESSAGES.notWaiting);
  const kind = kindFromName(upload.fileName);
  if (kind !== 'csv' && kind !== 'qif') throw new ConflictError(MAPPING_MESSAGES.notWaiting);
  const bytes = await deps.storage.getObjectBytes(upload.objectKey, upload.bucket);
  const { text } = decodeExport(bytes);
  const table = kind === 'csv' ? csvTable(text) : qifTable(text);
  if (!table) throw new ConflictError(MAPPING_MESSAGES.notWaiting);
  return { upload, kind, text, table };
}

/** GET /api/uploads/{id}/mapping: the file's columns and first rows, and a first guess at reading them. */
export async function exportMapping(
  family: FamilyContext,
  uploadId: string,
  deps: MappingDeps,
): Promise<ExportMapping> {
  const { upload, kind, table } = await loadWaiting(family, uploadId, deps);
  // The account's kept answer for this header (one that no longer reads every row) is the first guess.
  const account = kind === 'csv' ? await getAccount(family.familyId, upload.accountId) : null;
  const signature = tableSignature(table);
  const kept = account?.csv_mappings?.find((m) => sameSignature(m.header, signature))?.mapping;
  return {
    upload: toUpload(upload),
    kind,
    columns: table.columns,
    rows: table.rows.slice(0, MAPPING_PREVIEW_ROWS),
    rowCount: table.rows.length,
    suggested: kind === 'csv' ? (kept ?? suggestMapping(table)) : qifMapping('dmy'),
    canDecide: family.role === 'admin',
  };
}

/**
 * POST /api/uploads/{id}/mapping: read the file this way. A mapping that cannot read every row is refused
 * with the first row's problem, and nothing is kept; one that can is kept with the account and the file is
 * read again by the pipeline. Two answers at once start one reading.
 */
export async function confirmMapping(
  family: FamilyContext,
  uploadId: string,
  answer: unknown,
  deps: Pick<Ports, 'now' | 'storage' | 'pipeline'>,
): Promise<Upload> {
  const { familyId } = family;
  const { upload, kind, text, table } = await loadWaiting(family, uploadId, deps);
  // Read only now: another family's upload is not found, whatever the answer sent with it.
  const request: MappingRequest = parseWith(mappingRequestSchema, answer, 'body');
  if (request.kind !== kind) throw new ValidationError(MAPPING_MESSAGES.waiting);
  const account = await getAccount(familyId, upload.accountId);
  if (!account) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  // The whole file is read with the answer before anything is kept.
  let keep: Parameters<typeof updateAccount>[2];
  if (request.kind === 'csv') {
    const problem = mappingProblem(request.mapping, table.columns.length);
    if (problem) throw new ValidationError(problem);
    const read = readMappedCsv(text, request.mapping);
    if (!read.ok) throw new ValidationError(read.message);
    const header = tableSignature(table);
    const others = (account.csv_mappings ?? []).filter((m) => !sameSignature(m.header, header));
    keep = { csv_mappings: [...others.slice(-(MAPPINGS_KEPT - 1)), { header, mapping: request.mapping }] };
  } else {
    const read = readQif(text, { dateOrder: request.dateOrder });
    if (!read.ok) throw new ValidationError(read.message);
    keep = { qif_date_order: request.dateOrder };
  }
  // Two answers at once: the upload is taken first, by one of them (a conditional write on its stage), with
  // the answer it is read by; only that answer is kept for the account. (Parse reads the file by the answer
  // it was taken with, even if another file of the same header is answered differently meanwhile.)
  const taken = await updateHeldUpload(
    familyId,
    uploadId,
    { stage: 'reading', message: null, mappingAnswer: request },
    deps.now(),
    'needs_mapping',
  );
  if (!taken) throw new ConflictError(MAPPING_MESSAGES.notWaiting);
  const waitAgain = () =>
    advanceUpload(
      familyId,
      uploadId,
      'needs_mapping',
      { message: kind === 'csv' ? MAPPING_MESSAGES.csvWaiting : MAPPING_MESSAGES.qifWaiting },
      deps.now(),
    );
  try {
    await updateAccount(familyId, account.id, keep);
  } catch (error) {
    // Nothing kept: the file waits for its answer again.
    await waitAgain();
    throw error;
  }
  const input = {
    bucket: upload.bucket ?? '',
    key: upload.objectKey,
    etag: upload.objectEtag ?? '',
    size: upload.size,
  };
  try {
    await deps.pipeline.start(`mapped-${uploadId}-${ulid()}`, input);
  } catch (error) {
    // Not started: the file waits for its mapping again (the account keeps the answer).
    await waitAgain();
    throw error;
  }
  const after = await getUpload(familyId, uploadId);
  return toUpload(after ?? upload);
}
