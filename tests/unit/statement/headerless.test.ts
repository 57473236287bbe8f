import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { type Block, readStatement } from '../../../functions/domain/statement';
import { groupRows, wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { detectHeader } from '../../../functions/domain/statement/header';
import { generateStatement, LAYOUTS } from '../../fixtures/statements/generate';

/**
 * A heading row that cannot be read (a scan's OCR garbles it, or a template prints none): the reader takes
 * the columns from where the figures stand: rows that start with a date and end in money, their figures
 * grouped by right edge; three columns of figures are money out, money in (the balances say which is
 * which) and the balance, two an amount and the balance, one an amount; a second date beside the first is
 * a card's received date.
 */
async function withoutHeadings(layout: (typeof LAYOUTS)[number]) {
  const { pdf, truth } = await generateStatement(layout);
  const text = await extractTextLayer(new Uint8Array(pdf));
  if (!text.ok) throw new Error(text.message);
  const words = wordsFromBlocks(text.blocks);
  const rows = groupRows(words);
  const heading = new Set<object>();
  for (let i = 0; i < rows.length; i++) {
    const found = detectHeader(rows, i);
    if (found) for (let k = 0; k < found.rows; k++) for (const w of rows[i + k]!.words) heading.add(w);
  }
  expect(heading.size).toBeGreaterThan(0);
  const blocks: Block[] = words.map((w, i) => ({
    BlockType: 'WORD',
    Id: `w${i}`,
    Page: w.page,
    // Garbled as OCR garbles a shaded heading band.
    Text: heading.has(w) ? '~~~' : w.text,
    Geometry: {
      BoundingBox: { Left: w.left, Top: w.top, Width: w.right - w.left, Height: w.bottom - w.top },
    },
  }));
  return { blocks, truth };
}

describe('a table whose headings cannot be read is read from where its figures stand', () => {
  it.each(LAYOUTS)('%s', async (layout) => {
    const { blocks, truth } = await withoutHeadings(layout);
    const result = readStatement(blocks);
    if (!result.ok) throw new Error(result.message);
    const { statement } = result;
    expect(statement.transactions).toHaveLength(truth.transactions.length);
    statement.transactions.forEach((t, i) => {
      const want = truth.transactions[i]!;
      expect({ date: t.date, signed: t.signedAmount, balance: t.balance }, `transaction ${i}`).toEqual({
        date: want.date,
        signed: want.signedAmount,
        balance: want.balance,
      });
      // Without its heading, a type column printed right of the description ('DEB') cannot be told from
      // it: the same words, perhaps in another order.
      expect(t.description.split(' ').sort(), `transaction ${i}`).toEqual(want.description.split(' ').sort());
    });
    expect(statement.openingBalance).toBe(truth.openingBalance);
    expect(statement.closingBalance).toBe(truth.closingBalance);
    expect(statement.reconciliation).toEqual({ ok: true, breaks: [] });
    expect(statement.warnings).toContain(
      'The transaction table has no headings that could be read; its columns are taken from where the figures stand.',
    );
  });
});
