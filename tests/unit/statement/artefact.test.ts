import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { type TextractPage, toStatementBlocks } from '../../../functions/adapters/textract/blocks';
import {
  type BlocksArtefact,
  blocksArtefactSchema,
  firstPageTextOf,
  packBlocks,
  unpackBlocks,
} from '../../../functions/contracts/statement';
import { debugRows, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { generateBigStatement, generateStatement, LAYOUTS } from '../../fixtures/statements/generate';

/** Through the pipeline's blocks.json artefact (packed, JSON, validated, unpacked), as Parse reads it. */
function throughArtefact(blocks: readonly Block[]): Block[] {
  const json = JSON.stringify(packBlocks(blocks, { source: 'text-layer', warnings: [] }));
  return unpackBlocks(blocksArtefactSchema.parse(JSON.parse(json)));
}

describe('DESIGN statement pipeline: the text artefact between Extract and Parse loses nothing', () => {
  it.each(LAYOUTS)('the %s layout reads the same after the artefact', async (layout) => {
    const { pdf } = await generateStatement(layout);
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    expect(readStatement(throughArtefact(text.blocks))).toEqual(readStatement(text.blocks));
  });

  it('is a fraction of the Textract-shaped size for the 12-page statement', async () => {
    const { pdf } = await generateBigStatement();
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    const packed = JSON.stringify(packBlocks(text.blocks, { source: 'text-layer', warnings: [] }));
    expect(packed.length).toBeLessThan(JSON.stringify(text.blocks).length / 3);
    expect(blocksArtefactSchema.parse(JSON.parse(packed)).pages).toBe(12);
  });

  it("keeps a recorded Textract response's rows", () => {
    const response = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../fixtures/textract/textractor__test_detect_document_text.json'),
        'utf8',
      ),
    ) as TextractPage;
    const blocks = toStatementBlocks(response.Blocks ?? []);
    expect(debugRows(throughArtefact(blocks))).toEqual(debugRows(blocks));
  });

  it("keeps a scan's unsure words unsure, so a description read with little confidence still goes to the family's check", () => {
    // A scan's masked card number read '537410%*+***4410' at confidence 6 adds up exactly as the printed
    // '537410******4410' would: only the recogniser's confidence says the words are unsure.
    const word = (id: string, text: string, left: number, top: number, confidence?: number): Block => ({
      BlockType: 'WORD',
      Id: id,
      Page: 1,
      Text: text,
      ...(confidence !== undefined ? { Confidence: confidence } : {}),
      Geometry: { BoundingBox: { Left: left, Top: top, Width: 0.08, Height: 0.01 } },
    });
    const blocks: Block[] = [
      {
        BlockType: 'PAGE',
        Id: 'p1',
        Page: 1,
        Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
      },
      word('a', 'Card:', 0.1, 0.2, 96.4),
      word('b', '537410%*+***4410', 0.2, 0.2, 6.25),
      word('c', 'Lidl', 0.1, 0.3),
    ];
    const back = throughArtefact(blocks).filter((b) => b.BlockType === 'WORD');
    expect(back.map((b) => [b.Text, b.Confidence])).toEqual([
      ['Card:', 96.4],
      ['537410%*+***4410', 6.3],
      ['Lidl', undefined],
    ]);
  });

  it("reads the first page's text of a text of 400,000 words (no spread of every word)", () => {
    const words: BlocksArtefact['words'] = Array.from({ length: 400_000 }, (_, i) => [
      2 + (i % 100),
      `w${i}`,
      (i % 24) * 400,
      Math.floor(i / 2400) * 60,
      300,
      50,
    ]);
    words.push([1, 'Sort', 0, 0, 300, 50], [1, 'code', 400, 0, 300, 50]);
    const artefact: BlocksArtefact = { source: 'text-layer', pages: 101, words, warnings: [] };
    expect(firstPageTextOf(artefact)).toBe('Sort code');
  });
});
