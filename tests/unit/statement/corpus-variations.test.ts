import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import { CORPUS, type CorpusLayout, generateCorpusStatement } from '../../fixtures/statements/corpus';
import { VARIATIONS } from '../../fixtures/statements/variations';

describe('UK statement traits laid on corpus layouts, read exactly', () => {
  it.each(VARIATIONS)('%s (%s)', async (trait, name, change) => {
    const base = CORPUS.find((l) => l.name === name)!;
    const layout: CorpusLayout = { ...base, ...change, name: `${name}: ${trait}` };
    const { pdf, truth } = await generateCorpusStatement(layout);
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
    expect(rows).toEqual(truth.transactions);
    expect([read.statement.openingBalance, read.statement.closingBalance]).toEqual([
      truth.openingBalance,
      truth.closingBalance,
    ]);
    expect(read.statement.reconciliation.ok).toBe(true);
    // The account's currency as its own money shows it: pounds unless the trait keeps it in another.
    expect(read.statement.currency).toBe(change.currency?.code ?? 'GBP');
  });
});
