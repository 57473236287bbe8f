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
  // The time beside the date: Revolut's statement "Date — the date and time the transaction was completed"
  // (https://www.getmoneysorted.co.uk/revolut-bank-statement-guide).
  ['the time beside the date', 'revolut-gbp', { time: 'beside' }],
  ['the time beside the date, a type column', 'natwest-legacy', { time: 'beside', rows: 14 }],
  // The time on the line under the date, alone or beside a payee's second line.
  ['the time under the date', 'revolut-gbp', { time: 'under' }],
  ['the time under the date, descriptions wrapped', 'tsb-spend-save', { time: 'under', wrap: true }],
  // Monzo's note on a payment abroad, the foreign amount signed: 'Amount: EUR -109.50. Conversion rate:
  // 1.170122.' (paultendo/ai-bank-statement-extractor docs/historical/LEARNINGS_MONZO_FX.md).
  [
    "a payment abroad noted Monzo's way, the foreign amount signed",
    'monzo-current',
    { foreign: true, foreignNote: 'monzo' },
  ],
  // NatWest's 'USD 20.00 VRATE 1.2730' line, the row's amount and balance printed on it (same file,
  // "NatWest FX Handling").
  [
    "a payment abroad noted NatWest's way, its amounts on the rate line",
    'natwest-legacy',
    { foreign: true, foreignNote: 'vrate', amountsOnLastLine: true, rows: 14 },
  ],
  // Nationwide's notice of charges at the end of the statement, in the table's columns: charges to be taken
  // after the period, not this statement's money (https://www.nationwide.co.uk/current-accounts/help/
  // current-account-statements: "Notice of Charges – this will appear at the end of your statement").
  ['a notice of charges after the table', 'nationwide-flex', { afterTable: ['notice-of-charges'] }],
  [
    'a notice of charges after a newest-first table, one signed Amount column',
    'monzo-current',
    { afterTable: ['notice-of-charges'] },
  ],
  [
    'a notice of charges after a table over pages',
    'santander-everyday',
    { afterTable: ['notice-of-charges', 'fscs'] },
  ],
  // The deposit-protection notice with figures in it ('up to a total of £85,000') under the table: TSB's FSCS
  // footer lines "contained numbers, so they were misinterpreted as transactions" (paultendo/
  // ai-bank-statement-extractor docs/TSB_PARSER_NOTES.md).
  ['a deposit-protection notice with figures under the table', 'tsb-spend-save', { afterTable: ['fscs'] }],
  // Continuation pages titled as such above the repeated headings ("Statement number", "Easy Saver" on each
  // TSB page, same file).
  ['continuation pages titled "continued"', 'hsbc-advance', { continuedTitle: true }],
  ['continuation pages titled "continued", no headings', 'santander-everyday', { continuedTitle: true }],
  // Landscape pages (A4 on its side), the columns spread across the width.
  ['landscape pages', 'natwest-select', { landscape: true }],
  ['landscape pages, a card', 'barclaycard', { landscape: true }],
  // Money in marked with a plus in its own column, as Chase UK marks it in one Amount column (corpus
  // layout chase-uk).
  ['money in with a plus in its own column', 'lloyds-group-current', { plusIn: true }],
  // A savings pot's statement after the account's in one PDF: Monzo's combined statement, "personal
  // account + pots", each pot with its own balances (paultendo/ai-bank-statement-extractor MONZO_STATUS.md).
  ["a savings pot's statement after the account's", 'monzo-current', { pot: true }],
  ["a savings pot's statement after the account's, summary as a row", 'revolut-gbp', { pot: true }],
  ["a savings pot's statement after a table over pages", 'santander-everyday', { pot: true }],
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
