import type { Block as TextractBlock } from '@aws-sdk/client-textract';
import type { Block } from '../../domain/statement/blocks';
import type { TextRecognitionResult } from '../../shared/ports';

/**
 * Textract responses (DetectDocumentText, GetDocumentTextDetection, and AnalyzeDocument, whose TABLE, CELL,
 * KEY_VALUE_SET, LAYOUT_* ... blocks are ignored) to the statement reader's blocks. Pure: the SDK call lives
 * in textract-client.ts, so this is tested with recorded real responses.
 */
export interface TextractPage {
  Blocks?: TextractBlock[];
  NextToken?: string;
  JobStatus?: string;
  StatusMessage?: string;
  DocumentMetadata?: { Pages?: number };
}

/** What collecting a job's result pages gives: the TextRecognition port's result. */
export type CollectResult = TextRecognitionResult;

export const TEXTRACT_MESSAGES = {
  in_progress: 'Your statement is still being read.',
  failed: 'We could not read this statement. Please upload the PDF downloaded from your bank.',
  no_text: 'We could not find any text in this statement.',
} as const;

const KEPT = new Set(['PAGE', 'LINE', 'WORD']);

/** PAGE, LINE and WORD blocks with their geometry; everything else is left out. */
export function toStatementBlocks(blocks: readonly TextractBlock[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const box = b.Geometry?.BoundingBox;
    if (!b.BlockType || !KEPT.has(b.BlockType) || !b.Id || !box) continue;
    const children = (b.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids ?? []);
    out.push({
      BlockType: b.BlockType as Block['BlockType'],
      Id: b.Id,
      ...(b.Text !== undefined ? { Text: b.Text } : {}),
      Page: b.Page ?? 1,
      ...(b.Confidence !== undefined ? { Confidence: b.Confidence } : {}),
      Geometry: {
        BoundingBox: {
          Left: box.Left ?? 0,
          Top: box.Top ?? 0,
          Width: box.Width ?? 0,
          Height: box.Height ?? 0,
        },
      },
      ...(children.length ? { Relationships: [{ Type: 'CHILD' as const, Ids: children }] } : {}),
    });
  }
  return out;
}

/**
 * Every page of a Textract result: calls `fetchPage` with each NextToken until there is none, and turns
 * the blocks into the reader's. A job still running or failed is a value, not an exception.
 */
export async function collectTextractBlocks(
  fetchPage: (nextToken?: string) => Promise<TextractPage>,
  options: { maxRequests?: number } = {},
): Promise<CollectResult> {
  const blocks: Block[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  let pages = 0;
  let token: string | undefined;
  for (let request = 0; request < (options.maxRequests ?? 1000); request++) {
    const page = await fetchPage(token);
    if (page.JobStatus === 'IN_PROGRESS') {
      return { ok: false, reason: 'in_progress', message: TEXTRACT_MESSAGES.in_progress };
    }
    if (page.JobStatus === 'FAILED')
      return { ok: false, reason: 'failed', message: TEXTRACT_MESSAGES.failed };
    if (page.JobStatus === 'PARTIAL_SUCCESS' && request === 0) {
      warnings.push('Textract read only part of this statement.');
    }
    pages = Math.max(pages, page.DocumentMetadata?.Pages ?? 0);
    blocks.push(...toStatementBlocks(page.Blocks ?? []));
    token = page.NextToken;
    if (!token) break;
    if (seen.has(token)) return { ok: false, reason: 'failed', message: TEXTRACT_MESSAGES.failed };
    seen.add(token);
  }
  if (token) return { ok: false, reason: 'failed', message: TEXTRACT_MESSAGES.failed };
  if (!blocks.some((b) => b.BlockType === 'WORD' || b.BlockType === 'LINE')) {
    return { ok: false, reason: 'no_text', message: TEXTRACT_MESSAGES.no_text };
  }
  for (const b of blocks) pages = Math.max(pages, b.Page ?? 1);
  return { ok: true, blocks, pages, warnings };
}
