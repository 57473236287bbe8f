import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../functions/adapters/ocr/engine';
import { readScan } from '../../../functions/adapters/ocr/scan-reader';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { CORPUS, type CorpusTruth, generateCorpusStatement } from '../../fixtures/statements/corpus';
import { scanPdf } from '../../fixtures/statements/scan';

/**
 * Every layout of the UK corpus (bank and card statements modelled on public evidence; each names its
 * evidence and traits in corpus.ts) read exactly: every row's date, description, signed amount and printed
 * balance, no row missing or extra, the account's kind, the opening and closing balances the statement
 * prints, and the statement's own figures adding up. From its text layer, every layout; from its scan
 * (through the local OCR stand-in), the layouts whose traits are laid out on the page (panels, page breaks,
 * tables side by side, two-line headings, marks under figures, summary rows, newest first).
 */
function expectExact(blocks: Block[], truth: CorpusTruth) {
  const read = readStatement(blocks, { referenceDate: '2026-01-01' });
  if (!read.ok) throw new Error(read.message);
  const rows = read.statement.transactions.map(({ date, description, signedAmount, balance }) => ({
    date,
    description,
    signedAmount,
    balance,
  }));
  expect(rows).toHaveLength(truth.transactions.length);
  rows.forEach((row, i) => {
    expect(row, `row ${i}`).toEqual(truth.transactions[i]);
  });
  expect(read.statement.accountKind).toBe(truth.accountKind);
  expect(read.statement.yearSource).not.toBe('reference_date');
  expect(read.statement.openingBalance).toBe(truth.openingBalance);
  expect(read.statement.closingBalance).toBe(truth.closingBalance);
  expect(read.statement.reconciliation.ok).toBe(true);
}

describe('statement corpus: UK layouts from public evidence, text layer', () => {
  for (const layout of CORPUS) {
    it(`${layout.name} (${layout.product}): ${layout.traits.join(', ')}`, async () => {
      const { pdf, truth } = await generateCorpusStatement(layout.name);
      const text = await extractTextLayer(new Uint8Array(pdf));
      if (!text.ok) throw new Error(text.message);
      expectExact(text.blocks, truth);
    });
  }

  it('covers at least 25 distinct products, each with its evidence', () => {
    expect(new Set(CORPUS.map((l) => l.name)).size).toBe(CORPUS.length);
    expect(CORPUS.length).toBeGreaterThanOrEqual(25);
    for (const layout of CORPUS) expect(layout.evidence.length).toBeGreaterThan(20);
  });
});

const SCANNED: ReadonlyArray<(typeof CORPUS)[number]['traits'][number]> = [
  'newest-first',
  'summary-left',
  'side-by-side',
  'cr-under-amount',
  'multi-page-repeated-heading',
  'multi-page-no-heading',
  'two-line-money-headings',
  'in-table-summary-rows',
];

describe('statement corpus: page-layout traits, scanned', { timeout: 120_000 }, () => {
  let engine: OcrEngine;
  beforeAll(() => {
    engine = new OcrEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  for (const layout of CORPUS.filter((l) => l.traits.some((t) => SCANNED.includes(t)))) {
    it(`${layout.name} (scan): ${layout.traits.filter((t) => SCANNED.includes(t)).join(', ')}`, async () => {
      const { pdf, truth } = await generateCorpusStatement(layout.name);
      const scan = await readScan(new Uint8Array(await scanPdf(pdf)), engine);
      if (!scan.ok) throw new Error(scan.message);
      expectExact(scan.blocks, truth);
    });
  }
});
