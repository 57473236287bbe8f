import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import { CORPUS, generateCorpusStatement } from '../../fixtures/statements/corpus';

/**
 * Every layout of the UK corpus (bank and card statements modelled on public evidence; each names its
 * evidence and traits in corpus.ts) read exactly from its text layer: every row's date, description,
 * signed amount and printed balance, no row missing or extra, the account's kind, and the statement's own
 * figures adding up.
 */
describe('statement corpus: UK layouts from public evidence, text layer', () => {
  for (const layout of CORPUS) {
    it(`${layout.name} (${layout.product}): ${layout.traits.join(', ')}`, async () => {
      const { pdf, truth } = await generateCorpusStatement(layout.name);
      const text = await extractTextLayer(new Uint8Array(pdf));
      if (!text.ok) throw new Error(text.message);
      const read = readStatement(text.blocks, { referenceDate: '2026-01-01' });
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
      expect(read.statement.reconciliation.ok).toBe(true);
    });
  }

  it('covers distinct products, each with its evidence', () => {
    expect(new Set(CORPUS.map((l) => l.name)).size).toBe(CORPUS.length);
    for (const layout of CORPUS) expect(layout.evidence.length).toBeGreaterThan(20);
  });
});
