import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import { CORPUS, type CorpusLayout, generateCorpusStatement } from '../../fixtures/statements/corpus';

/**
 * Common UK statement traits the corpus's own layouts do not print, each laid on a corpus layout as the
 * generator varies it (the random recombinations mix them further), read exactly from the text layer.
 */
const VARIATIONS: Array<[trait: string, layout: string, change: Partial<CorpusLayout>]> = [
  // Older core banking systems print money out with a trailing minus ('12.50-') in a single Amount column.
  ['amounts with a trailing minus', 'chase-uk', { amountForm: 'trailing-minus', poundSign: false }],
  // 'CR' on every balance in credit, 'DR' on every overdrawn one, in the balance column and the summary.
  ['CR / DR on every balance', 'virgin-money-current', { overdrawn: 'cr-dr', openingPence: -12_000 }],
  // An overdraft in brackets in the table and with a trailing minus in the summary.
  [
    'overdrawn in brackets, the summary with a trailing minus',
    'starling-personal',
    { overdrawn: 'brackets', summaryOverdrawn: 'trailing-minus', openingPence: -30_000 },
  ],
  // A balance printed on some rows only (HSBC: "Balance shown intermittently").
  ['a balance on some rows only', 'revolut-gbp', { balances: 'some' }],
  [
    'a balance on some rows only, one signed Amount column',
    'monzo-current',
    { balances: 'some', newestFirst: false },
  ],
  // A card payment abroad with the foreign amount and the exchange rate on the line under it.
  ['an exchange-rate line under a payment abroad', 'lloyds-group-current', { foreign: true, rows: 12 }],
  ['an exchange-rate line under a card payment abroad', 'barclaycard', { foreign: true }],
  // Dates with the day of the week ('Mon 06 Jan').
  ['dates with the day of the week', 'capital-one-card', { dateForm: 'Ddd dd Mon' }],
  [
    'dates with the day of the week, the first of a day only',
    'natwest-legacy',
    { dateForm: 'Ddd dd Mon', rows: 14 },
  ],
  // A payee over two lines and its reference on a third.
  [
    'a payee over two lines and a reference on a third',
    'tsb-spend-save',
    { wrap: true, reference: true, rows: 10 },
  ],
  [
    'a payee over two lines and a reference on a third, over pages',
    'hsbc-advance',
    { wrap: true, reference: true, rows: 26, foreign: true },
  ],
];

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
  });
});
