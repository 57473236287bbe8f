import { TEXTRACT_POLL_SECONDS } from '../../infra/shared/statement-pipeline';
import { extractTextLayer } from '../adapters/pdf/text-layer';
import { getObjectBytes, putObject } from '../adapters/s3/storage';
import { artefactKey, type PipelineState } from '../contracts/pipeline';
import type { BlocksArtefact } from '../contracts/statement';
import { MAX_UPLOAD_BYTES } from '../contracts/uploads';
import type { Block } from '../domain/statement/blocks';
import { services } from '../shared/container';
import { StatementError } from '../shared/errors';

/**
 * The pipeline's Extract and PollTextract steps: a statement PDF becomes Textract-shaped text blocks, kept in
 * the uploads bucket for Parse (`{familyId}/{uploadId}/blocks.json`). A PDF with a text layer (what banks'
 * downloads have) is read here with pdf.js; a scan goes to Textract's asynchronous text detection, awaited
 * by the state machine's Wait → PollTextract loop. The only pipeline module that loads pdf.js.
 *
 * Every check a PDF must pass happens here, on the one read of its bytes: not empty, a PDF, complete, not
 * password-protected, at most 20 MB and 100 pages. Failures are StatementErrors with the family-facing reason.
 */
export const EXTRACTION_MESSAGES = {
  /** Textract has been reading for longer than the pipeline waits. */
  textractTimeout: 'Reading this scanned statement took too long. Please try again later.',
} as const;

/** How long the pipeline waits for Textract: polls of TEXTRACT_POLL_SECONDS each (10 minutes). */
export const MAX_TEXTRACT_POLLS = Math.ceil((10 * 60) / TEXTRACT_POLL_SECONDS);

async function keepBlocks(state: PipelineState, artefact: BlocksArtefact): Promise<string> {
  const key = artefactKey(state.familyId, state.uploadId, 'blocks.json');
  await putObject(key, JSON.stringify(artefact), 'application/json');
  return key;
}

function pagesOf(blocks: readonly Block[]): number {
  return blocks.reduce((max, b) => Math.max(max, b.Page ?? 1), 0);
}

export async function extractStep(state: PipelineState): Promise<PipelineState> {
  const bytes = await getObjectBytes(state.key, state.bucket);
  const text = await extractTextLayer(bytes, { maxBytes: MAX_UPLOAD_BYTES });
  if (text.ok) {
    const blocksKey = await keepBlocks(state, { source: 'text-layer', blocks: text.blocks, warnings: [] });
    return {
      ...state,
      extraction: { status: 'DONE', source: 'text-layer', blocksKey, pages: text.pages },
    };
  }
  if (text.reason !== 'no_text_layer') throw new StatementError(text.message, text.reason);
  // A scan: Textract reads it where it is configured (AWS); elsewhere the family is told why it failed.
  const recognition = services().textRecognition;
  if (!recognition) throw new StatementError(text.message, text.reason);
  const jobId = await recognition.start({ bucket: state.bucket, key: state.key, token: state.uploadId });
  return { ...state, extraction: { status: 'IN_PROGRESS', source: 'textract', jobId, polls: 0 } };
}

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
  const blocksKey = await keepBlocks(state, {
    source: 'textract',
    blocks: result.blocks,
    warnings: result.warnings,
  });
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
