import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../functions/adapters/ocr/engine';
import { SCAN_DPI } from '../../../functions/adapters/ocr/render';
import { FIRST_SCAN_DPI, readScan, type ScanTimings } from '../../../functions/adapters/ocr/scan-reader';
import { readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { type FreehandTruth, generateFreehandStatement } from '../../fixtures/statements/freehand';
import { generateStatement } from '../../fixtures/statements/generate';
import { scanPdf } from '../../fixtures/statements/scan';
import { expectRows } from '../pdf/expect-rows';

/** Every row of a freehand statement's answer read exactly, and its figures adding up. */
function expectTruth(blocks: Block[], truth: FreehandTruth) {
  const result = readStatement(blocks, { referenceDate: '2026-01-01' });
  if (!result.ok) throw new Error(result.message);
  const row = (t: { date: string; description: string; signedAmount: number; balance: number | null }) => [
    t.date,
    t.description,
    t.signedAmount,
    t.balance,
  ];
  expect(result.statement.transactions.map(row)).toEqual(truth.transactions.map(row));
  expect(result.statement.reconciliation).toEqual({ ok: true, breaks: [] });
}

/**
 * A scan is read at FIRST_SCAN_DPI first (fewer pixels, less CPU a page), and read again at 300 dpi only
 * when the statement read from the first reading is not confirmed by its own printed figures.
 */
describe('a scan read cheaper first, and at 300 dpi only when its figures do not confirm it', {
  timeout: 600_000,
}, () => {
  let engine: OcrEngine;
  beforeAll(() => {
    engine = new OcrEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  const timings = (): ScanTimings => ({ renderMs: 0, recogniseMs: 0, pages: 0 });

  it('a clean one-page scan whose running balances agree is read once, at the cheaper resolution', async () => {
    const { pdf, truth } = await generateStatement('signed-amount');
    const read = timings();
    const scan = await readScan(new Uint8Array(await scanPdf(pdf)), engine, read);
    if (!scan.ok) throw new Error(scan.message);
    expect(read.dpi).toEqual([FIRST_SCAN_DPI]);
    expectRows(scan.blocks, truth, '2026-01-01');
  });

  // A building society's savings statement in DD.MM.YY, words drawn one by one: at 250 dpi one date is read
  // 'P3.02.25' (confidence 45), the row takes the date before it, and the amounts still add up.
  it('a date misread into its description at the cheaper resolution: read again at 300 dpi, exactly', async () => {
    const { pdf, truth } = await generateFreehandStatement('society-savings');
    const read = timings();
    const scan = await readScan(new Uint8Array(await scanPdf(pdf)), engine, read);
    if (!scan.ok) throw new Error(scan.message);
    expect(read.dpi).toEqual([FIRST_SCAN_DPI, SCAN_DPI]);
    expectTruth(scan.blocks, truth);
  });

  // Three pages, headings on the first only: at 250 dpi '15.25' on page 2 is read '15:25', the reader takes
  // pages 2 and 3 for another account's statement, and page 1's balances add up on their own.
  it('pages of figures that gave no rows at the cheaper resolution: read again at 300 dpi, exactly', async () => {
    const { pdf, truth } = await generateFreehandStatement('three-page-current');
    const read = timings();
    const scan = await readScan(new Uint8Array(await scanPdf(pdf)), engine, read);
    if (!scan.ok) throw new Error(scan.message);
    expect(read.dpi).toEqual([FIRST_SCAN_DPI, SCAN_DPI]);
    expectTruth(scan.blocks, truth);
  });

  it('the check decides: a first reading it rejects is replaced by the 300 dpi one', async () => {
    const { pdf } = await generateStatement('signed-amount');
    const scanned = new Uint8Array(await scanPdf(pdf));
    const checked: number[] = [];
    const read = timings();
    const scan = await readScan(scanned, engine, read, (blocks) => {
      checked.push(blocks.length);
      return false;
    });
    expect(scan.ok).toBe(true);
    expect(checked).toHaveLength(1);
    expect(read.dpi).toEqual([FIRST_SCAN_DPI, SCAN_DPI]);
  });

  it('a blank scan (nothing legible) is tried at 300 dpi too before it is refused', async () => {
    const { pdf } = await generateStatement('signed-amount');
    const read = timings();
    const scan = await readScan(new Uint8Array(await scanPdf(pdf, { blank: true })), engine, read);
    expect(scan).toMatchObject({ ok: false, reason: 'no_text' });
    expect(read.dpi).toEqual([FIRST_SCAN_DPI, SCAN_DPI]);
  });
});
