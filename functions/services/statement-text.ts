import { TEXTRACT_POLL_SECONDS } from '../contracts/pipeline-states';
import { putObject } from '../adapters/s3/storage';
import { artefactKey, type PipelineState } from '../contracts/pipeline';
import { type BlocksArtefact, packBlocks } from '../contracts/statement';
import type { Block } from '../domain/statement/blocks';
import { services } from '../shared/container';
import { StatementError } from '../shared/errors';

/**
 * A statement's text between Extract (or PollTextract) and Parse: Textract-shaped blocks kept in the uploads
 * bucket (`{familyId}/{uploadId}/blocks.json`). PollTextract lives here, apart from Extract, so that only
 * Extract loads pdf.js (functions/services/statement-extraction.ts).
 */
export const EXTRACTION_MESSAGES = {
  /** Textract has been reading for longer than the pipeline waits. */
  textractTimeout: 'Reading this scanned statement took too long. Please try again later.',
} as const;

/** How long the pipeline waits for Textract: polls of TEXTRACT_POLL_SECONDS each (10 minutes). */
export const MAX_TEXTRACT_POLLS = Math.ceil((10 * 60) / TEXTRACT_POLL_SECONDS);

export async function keepBlocks(
  state: PipelineState,
  blocks: readonly Block[],
  meta: Pick<BlocksArtefact, 'source' | 'warnings'>,
): Promise<string> {
  const key = artefactKey(state.familyId, state.uploadId, 'blocks.json');
  await putObject(key, JSON.stringify(packBlocks(blocks, meta)), 'application/json');
  return key;
}

function pagesOf(blocks: readonly Block[]): number {
  return blocks.reduce((max, b) => Math.max(max, b.Page ?? 1), 0);
}

/** A Textract job's state: still reading (poll again), failed, or done with the blocks kept for Parse. */
export async function pollTextractStep(state: PipelineState): Promise<PipelineState> {
  const extraction = state.extraction;
  const recognition = services().textRecognition;
  if (extraction?.source !== 'textract' || !extraction.jobId || !recognition) {
    throw new Error('PollTextract needs a Textract job');
  }
  const result = await recognition.result(extraction.jobId);
  if (!result.ok && result.reason === 'in_progress') {
    const polls = (extraction.polls ?? 0) + 1;
    if (polls >= MAX_TEXTRACT_POLLS)
      throw new StatementError(EXTRACTION_MESSAGES.textractTimeout, 'textract_timeout');
    return { ...state, extraction: { ...extraction, polls } };
  }
  if (!result.ok) throw new StatementError(result.message, `textract_${result.reason}`);
  const blocksKey = await keepBlocks(state, result.blocks, { source: 'textract', warnings: result.warnings });
  return {
    ...state,
    extraction: {
      ...extraction,
      status: 'DONE',
      blocksKey,
      pages: result.pages || pagesOf(result.blocks),
    },
  };
}
