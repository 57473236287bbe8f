import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { type PageBox, readStatement } from '../../../functions/domain/statement';
import { generateStatement } from '../../fixtures/statements/generate';

/**
 * Where each transaction stands on its page (`regions`, asked for with `{ regions: true }`), for Check
 * Statement to outline the rows read over the page: one region per transaction, in order, each row's box
 * holding its amount and balance, rows down the page in the order read, on the page they were printed on.
 * On statements nobody on this project made (../shared/fixtures/statements-real) and on a generated
 * three-page statement (rows on every page).
 */
const REPO = resolve(import.meta.dirname, '../../..');
const REAL = process.env.STATEMENTS_REAL_DIR ?? resolve(REPO, '../shared/fixtures/statements-real');

const inside = (inner: PageBox, outer: PageBox) =>
  inner.page === outer.page &&
  inner.left >= outer.left - 1e-9 &&
  inner.right <= outer.right + 1e-9 &&
  inner.top >= outer.top - 1e-9 &&
  inner.bottom <= outer.bottom + 1e-9;

function expectRegions(pdfStatement: ReturnType<typeof readStatement>, pages: number) {
  if (!pdfStatement.ok) throw new Error(pdfStatement.message);
  const { transactions, regions } = pdfStatement.statement;
  expect(regions).toHaveLength(transactions.length);
  let previous: PageBox | null = null;
  for (const [i, region] of regions!.entries()) {
    const { row, amount, balance } = region;
    expect(row.page, `row ${i}`).toBeGreaterThanOrEqual(1);
    expect(row.page, `row ${i}`).toBeLessThanOrEqual(pages);
    expect(row.top).toBeLessThan(row.bottom);
    expect(row.left).toBeLessThan(row.right);
    expect(amount && inside(amount, row), `row ${i}'s amount in its box`).toBe(true);
    if (balance) expect(inside(balance, row), `row ${i}'s balance in its box`).toBe(true);
    if (transactions[i]!.balance !== null) expect(balance, `row ${i} prints a balance`).not.toBeNull();
    // Down the page in the order read, or on a later page.
    if (previous)
      expect(row.page > previous.page || row.top >= previous.top, `row ${i} after row ${i - 1}`).toBe(true);
    previous = row;
  }
  return regions!;
}

describe('the reader says where each transaction stands on its page', () => {
  it('not unless asked: the reading is as before', async () => {
    const { pdf } = await generateStatement('signed-amount');
    const blocks = await extractTextLayer(new Uint8Array(pdf));
    if (!blocks.ok) throw new Error(blocks.message);
    const result = readStatement(blocks.blocks);
    expect(result.ok && result.statement.regions).toBeUndefined();
  });

  it('a generated three-page statement: every row on the page it was printed on', async () => {
    const { pdf, truth } = await generateStatement('multi-page');
    const blocks = await extractTextLayer(new Uint8Array(pdf));
    if (!blocks.ok) throw new Error(blocks.message);
    const regions = expectRegions(readStatement(blocks.blocks, { regions: true }), truth.pages);
    expect(new Set(regions.map((r) => r.row.page)).size).toBe(truth.pages);
  });

  for (const name of ['hsbc-uk-current-mock', 'transtractor-test1'])
    it.skipIf(!existsSync(resolve(REAL, `${name}.pdf`)))(`${name} (a layout made elsewhere)`, async () => {
      const blocks = await extractTextLayer(new Uint8Array(readFileSync(resolve(REAL, `${name}.pdf`))));
      if (!blocks.ok) throw new Error(blocks.message);
      expectRegions(readStatement(blocks.blocks, { regions: true }), 10);
    });
});
