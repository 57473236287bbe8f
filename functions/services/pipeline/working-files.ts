import type { TransactionItem } from '../../adapters/dynamodb/transaction-repository';
import { ARTEFACTS, type ArtefactName, artefactKey, type PipelineState } from '../../contracts/pipeline';
import {
  type BlocksArtefact,
  type ParsedStatementContract,
  packBlocks,
  parsedStatementSchema,
} from '../../contracts/statement';
import type { Block } from '../../domain/statement/blocks';
import type { Ports } from '../../shared/ports';

/**
 * The pipeline's working files in the uploads bucket, under `{familyId}/{uploadId}/` (ARTEFACTS): the
 * extracted text (`blocks.json`, Extract or PollTextract → Parse; `image-blocks.json`, the page images' text
 * of a text layer whose figures contradicted its reading), the parsed statement (`statement.json`,
 * Parse → Persist), every row's key (`rows.json`, written before Persist writes any row, so RecordFailure can
 * undo them) and the rows this upload added (`added.json`, Persist → Classify and Match). Removed when the
 * upload ends, done or failed. Large data never travels in the execution state.
 */

/**
 * What Persist records of each row it added: enough to classify it, or to remove it if the upload fails,
 * and the fields a monthly roll-up is made of as the row was written (kept up to date by Classify and Match
 * when they relabel it), so Finish adds the rows to the roll-ups without reading them again.
 */
export type AddedRow = Pick<
  TransactionItem,
  'id' | 'account_id' | 'transaction_date' | 'family_id' | 'description' | 'amount' | 'signed_amount' | 'type'
> &
  Partial<Pick<TransactionItem, 'flow_type' | 'user_corrected_flow_type'>> & {
    merchant_name?: string | null;
    /** The row's category as Persist wrote it (none: not spending when written). */
    category_id?: string | null;
    subcategory_id?: string | null;
    category_confidence?: number | null;
    category_source?: string;
  };

/** What `rows.json` keeps of each row: its key, all RecordFailure needs to release the row and report it. */
export type RowKey = Pick<AddedRow, 'id' | 'account_id' | 'transaction_date' | 'family_id'>;
const ROW_KEY_FIELDS: ReadonlyArray<keyof RowKey> = ['id', 'account_id', 'transaction_date', 'family_id'];

/**
 * Stores every row's key (`rows.json`) before Persist writes any row: the key fields of each row alone
 * (JSON.stringify's own filter, no copy of the rows made), not its description and amounts.
 */
export async function keepRowKeys(
  deps: Pick<Ports, 'storage'>,
  state: Pick<PipelineState, 'familyId' | 'uploadId'>,
  rows: readonly RowKey[],
): Promise<void> {
  await deps.storage.putObject(
    artefactKey(state.familyId, state.uploadId, 'rows.json'),
    JSON.stringify(rows, ROW_KEY_FIELDS as string[]),
    'application/json',
  );
}

export async function readJson(deps: Pick<Ports, 'storage'>, key: string): Promise<unknown> {
  return JSON.parse(Buffer.from(await deps.storage.getObjectBytes(key)).toString('utf8'));
}

export async function writeJson(deps: Pick<Ports, 'storage'>, key: string, value: unknown): Promise<void> {
  await deps.storage.putObject(key, JSON.stringify(value), 'application/json');
}

/**
 * Keeps a statement's text for Parse (`blocks.json`, or `image-blocks.json` for the page images' text of a
 * text layer read again); returns its key.
 */
export async function keepBlocks(
  deps: Pick<Ports, 'storage'>,
  state: PipelineState,
  blocks: readonly Block[],
  meta: Pick<BlocksArtefact, 'source' | 'warnings'>,
  name: Extract<ArtefactName, 'blocks.json' | 'image-blocks.json'> = 'blocks.json',
): Promise<string> {
  const key = artefactKey(state.familyId, state.uploadId, name);
  await deps.storage.putObject(key, JSON.stringify(packBlocks(blocks, meta)), 'application/json');
  return key;
}

/** Keeps a statement's text for Parse as bytes already packed (./kept-text.ts); returns its key. */
export async function keepText(
  deps: Pick<Ports, 'storage'>,
  state: PipelineState,
  bytes: Uint8Array,
): Promise<string> {
  const key = artefactKey(state.familyId, state.uploadId, 'blocks.json');
  await deps.storage.putObject(key, bytes, 'application/json');
  return key;
}

/** The statement Parse kept for Persist. */
export async function loadStatement(
  deps: Pick<Ports, 'storage'>,
  state: PipelineState,
): Promise<ParsedStatementContract> {
  if (!state.statementKey) throw new Error('No parsed statement for this upload');
  const result = parsedStatementSchema.safeParse(await readJson(deps, state.statementKey));
  if (!result.success) throw new Error('The parsed statement is unreadable');
  return result.data;
}

/** The rows Persist added (what Classify and Match work on). */
export async function readAdded(
  deps: Pick<Ports, 'storage'>,
  state: Pick<PipelineState, 'addedKey' | 'familyId' | 'uploadId'>,
): Promise<AddedRow[]> {
  return (await readJson(
    deps,
    state.addedKey ?? artefactKey(state.familyId, state.uploadId, 'added.json'),
  )) as AddedRow[];
}

/**
 * Removes every working file of the upload (those never written are no error) in one request rather than one
 * each; should that request fail, each is removed on its own, and a removal that fails is no error.
 */
export async function removeArtefacts(
  deps: Pick<Ports, 'storage'>,
  state: Pick<PipelineState, 'familyId' | 'uploadId'>,
) {
  const { storage } = deps;
  const keys = ARTEFACTS.map((name) => artefactKey(state.familyId, state.uploadId, name));
  await storage
    .deleteObjects(keys)
    .catch(() => Promise.all(keys.map((key) => storage.deleteObject(key).catch(() => undefined))));
}
