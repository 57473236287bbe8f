import { unreadablePagesWarning } from '../../adapters/pdf/unreadable-text';
import type { PipelineState } from '../../contracts/pipeline';
import { TEXTRACT_MAX_WAIT_SECONDS, TEXTRACT_POLL_SECONDS } from '../../contracts/pipeline-states';
import { blocksArtefactSchema, unpackBlocks } from '../../contracts/statement';
import { type Block, withPagesFrom } from '../../domain/statement/blocks';
import { StatementError } from '../../shared/errors';
import type { PipelineDeps } from './common';
import { EXTRACTION_MESSAGES } from './messages';
import { keepBlocks, readJson } from './working-files';

/**
 * The pipeline's PollTextract step, run after each Wait while Textract reads a scan, or the page images of a
 * text layer whose figures contradicted its reading (./parse.ts). Apart from Extract, so that only Extract
 * loads pdf.js (./extract.ts).
 */

/** How long the pipeline waits for Textract: polls of TEXTRACT_POLL_SECONDS each (10 minutes). */
export const MAX_TEXTRACT_POLLS = Math.ceil(TEXTRACT_MAX_WAIT_SECONDS / TEXTRACT_POLL_SECONDS);

function pagesOf(blocks: readonly Block[]): number {
  return blocks.reduce((max, b) => Math.max(max, b.Page ?? 1), 0);
}

/** A Textract job's state: still reading (poll again), failed, or done with the blocks kept for Parse. */
export async function pollTextractStep(deps: PipelineDeps, state: PipelineState): Promise<PipelineState> {
  const extraction = state.extraction;
  const recognition = deps.textRecognition;
  if (extraction?.source !== 'textract' || !extraction.jobId || !recognition) {
    throw new Error('PollTextract needs a Textract job');
  }
  const result = await recognition.result(extraction.jobId);
  // A text layer read again from its page images (its figures contradicted its reading): when the images
  // cannot be read, Parse keeps the text layer's reading, as it was (no blocksKey: no image reading).
  const rereading = !!extraction.textLayerKey;
  const withoutImages = (): PipelineState => {
    const { blocksKey: _none, ...rest } = extraction;
    return { ...state, extraction: { ...rest, status: 'DONE' } };
  };
  if (!result.ok && result.reason === 'in_progress') {
    const polls = (extraction.polls ?? 0) + 1;
    if (polls >= MAX_TEXTRACT_POLLS) {
      if (rereading) return withoutImages();
      throw new StatementError(EXTRACTION_MESSAGES.textractTimeout, 'textract_timeout');
    }
    return { ...state, extraction: { ...extraction, polls } };
  }
  if (!result.ok) {
    if (rereading) return withoutImages();
    throw new StatementError(result.message, `textract_${result.reason}`);
  }
  // A text layer with unreadable pages: those pages from the recognised text, the others as kept by Extract.
  const unreadable = extraction.unreadablePages ?? [];
  const kept =
    unreadable.length && extraction.blocksKey
      ? unpackBlocks(blocksArtefactSchema.parse(await readJson(deps, extraction.blocksKey)))
      : null;
  const blocks = kept ? withPagesFrom(kept, result.blocks, unreadable) : result.blocks;
  const blocksKey = await keepBlocks(
    deps,
    state,
    blocks,
    {
      source: 'textract',
      warnings: kept ? [...result.warnings, unreadablePagesWarning(unreadable)] : result.warnings,
    },
    rereading ? 'image-blocks.json' : 'blocks.json',
  );
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
