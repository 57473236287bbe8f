import { extractTextLayer } from '../../adapters/pdf/text-layer';
import type { PipelineState } from '../../contracts/pipeline';
import { MAX_UPLOAD_BYTES } from '../../contracts/uploads';
import { StatementError } from '../../shared/errors';
import type { PipelineDeps } from './common';
import { checkExportFile, isExportFile } from './exports';
import { fileFingerprint, loadedUploadOfFile } from './loaded-files';
import { EXTRACTION_MESSAGES, MESSAGES } from './messages';
import { keepBlocks, keepText } from './working-files';

/**
 * The pipeline's Extract step: a statement PDF becomes Textract-shaped text blocks, kept in the uploads
 * bucket for Parse. A PDF with a text layer (what banks' downloads have) is read here with pdf.js; a scan goes
 * to Textract's asynchronous text detection, awaited by the state machine's Wait → PollTextract loop
 * (./poll-textract.ts). The only pipeline module that loads pdf.js: no other module imports this one.
 *
 * Every check a PDF must pass happens here, on the one read of its bytes: not empty, a PDF, complete, not
 * password-protected, at most 20 MB and 100 pages. Failures are StatementErrors with the family-facing reason.
 * The bytes must be the object version the upload was claimed for (its ETag): other bytes PUT to the same
 * upload link since then are not read in its place (their own execution stopped at Register), and the upload
 * fails asking for the statement again.
 */
export async function extractStep(deps: PipelineDeps, input: PipelineState): Promise<PipelineState> {
  let state = input;
  const { bytes, etag } = await deps.storage.getObject(state.key, state.bucket);
  if (state.etag && unquoted(etag) !== unquoted(state.etag))
    throw new StatementError(MESSAGES.replaced, 'replaced');
  // The same bytes as a statement already loaded into this account: Persist checks its rows are still there.
  const fileHash = fileFingerprint(bytes);
  const repeatOf = await loadedUploadOfFile(state, fileHash);
  if (repeatOf) return { ...state, fileHash, repeatOf };
  state = { ...state, fileHash };
  // A bank's export (CSV, OFX/QFX, QIF) is read by Parse as it is; here only that it is what its name says.
  if (isExportFile(state.fileName)) return checkExportFile(state, bytes);
  // In the function's own process, unless the twin registered its PDF process for it.
  const read = deps.textLayer ?? extractTextLayer;
  const text = await read(bytes, { maxBytes: MAX_UPLOAD_BYTES });
  const recognition = deps.textRecognition;
  if (text.ok) {
    // The twin's PDF process gives the kept text's bytes already (no word of it crosses into this process).
    const blocksKey =
      'kept' in text
        ? await keepText(deps, state, text.kept)
        : await keepBlocks(deps, state, text.blocks, { source: 'text-layer', warnings: [] });
    const unreadablePages = text.unreadablePages ?? [];
    if (!unreadablePages.length)
      return {
        ...state,
        extraction: { status: 'DONE', source: 'text-layer', blocksKey, pages: text.pages },
      };
    // Pages whose text layer cannot be read (a font without a usable character map) are read from their
    // image, as a scan is; PollTextract puts them in place of those pages in the kept text layer.
    if (!recognition) throw new StatementError(EXTRACTION_MESSAGES.unreadableText, 'unreadable_text');
    const jobId = await recognition.start({ bucket: state.bucket, key: state.key, token: state.uploadId });
    return {
      ...state,
      extraction: {
        status: 'IN_PROGRESS',
        source: 'textract',
        jobId,
        polls: 0,
        blocksKey,
        pages: text.pages,
        unreadablePages,
      },
    };
  }
  if (text.reason !== 'no_text_layer') throw new StatementError(text.message, text.reason);
  // A scan: Textract reads it where it is configured (AWS); elsewhere the family is told why it failed.
  if (!recognition) throw new StatementError(text.message, text.reason);
  const jobId = await recognition.start({ bucket: state.bucket, key: state.key, token: state.uploadId });
  return { ...state, extraction: { status: 'IN_PROGRESS', source: 'textract', jobId, polls: 0 } };
}

const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');
