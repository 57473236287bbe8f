import type { TransactionItem } from '../../adapters/dynamodb/transaction-repository';
import { ARTEFACTS, artefactKey, type PipelineState } from '../../contracts/pipeline';
import {
  type BlocksArtefact,
  type ParsedStatementContract,
  packBlocks,
  parsedStatementSchema,
} from '../../contracts/statement';
import type { Block } from '../../domain/statement/blocks';
import { services } from '../../shared/container';

/**
 * The pipeline's working files in the uploads bucket, under `{familyId}/{uploadId}/` (ARTEFACTS): the
 * extracted text (`blocks.json`, Extract or PollTextract → Parse), the parsed statement (`statement.json`,
 * Parse → Persist), every row's key (`rows.json`, written before Persist writes any row, so RecordFailure can
 * undo them) and the rows this upload added (`added.json`, Persist → Classify and Match). Removed when the
 * upload ends, done or failed. Large data never travels in the execution state.
 */

/** What Persist records of each row it added: enough to classify it, or to remove it if the upload fails. */
export type AddedRow = Pick<
  TransactionItem,
  'id' | 'account_id' | 'transaction_date' | 'family_id' | 'description' | 'amount' | 'signed_amount' | 'type'
>;

export async function readJson(key: string): Promise<unknown> {
  return JSON.parse(Buffer.from(await services().storage.getObjectBytes(key)).toString('utf8'));
}

export async function writeJson(key: string, value: unknown): Promise<void> {
  await services().storage.putObject(key, JSON.stringify(value), 'application/json');
}

/** Keeps a statement's text for Parse (`blocks.json`); returns its key. */
export async function keepBlocks(
  state: PipelineState,
  blocks: readonly Block[],
  meta: Pick<BlocksArtefact, 'source' | 'warnings'>,
): Promise<string> {
  const key = artefactKey(state.familyId, state.uploadId, 'blocks.json');
  await services().storage.putObject(key, JSON.stringify(packBlocks(blocks, meta)), 'application/json');
  return key;
}

/** The statement Parse kept for Persist. */
export async function loadStatement(state: PipelineState): Promise<ParsedStatementContract> {
  if (!state.statementKey) throw new Error('No parsed statement for this upload');
  const result = parsedStatementSchema.safeParse(await readJson(state.statementKey));
  if (!result.success) throw new Error('The parsed statement is unreadable');
  return result.data;
}

/** The rows Persist added (what Classify and Match work on). */
export async function readAdded(
  state: Pick<PipelineState, 'addedKey' | 'familyId' | 'uploadId'>,
): Promise<AddedRow[]> {
  return (await readJson(
    state.addedKey ?? artefactKey(state.familyId, state.uploadId, 'added.json'),
  )) as AddedRow[];
}

/** Removes every working file of the upload (those never written are no error). */
export async function removeArtefacts(state: Pick<PipelineState, 'familyId' | 'uploadId'>) {
  const { storage } = services();
  await Promise.all(
    ARTEFACTS.map((name) =>
      storage.deleteObject(artefactKey(state.familyId, state.uploadId, name)).catch(() => undefined),
    ),
  );
}
