import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import {
  type AmountForm,
  CORPUS,
  type CorpusLayout,
  generateCorpusStatement,
  type OverdrawnForm,
} from '../../fixtures/statements/corpus';

/**
 * The corpus's traits in combinations no layout of it has: each run takes a UK layout and changes what a
 * bank's statement varies from month to month and customer to customer (how many rows, so page breaks fall
 * elsewhere; the rows themselves; another opening balance; descriptions wrapped onto a
 * second line; a table printed newest first; an account that opens or closes overdrawn, its balances marked
 * as UK banks mark them, in the table and in the summary each its own way) and reads it back exactly from its
 * text layer: every row, the opening and closing balances, and the statement's own figures adding up. The seed is printed on failure
 * (fast-check), and CORPUS_SEED / CORPUS_RUNS explore others.
 */
const RUNS = Number(process.env.CORPUS_RUNS ?? 24);
const SEED = Number(process.env.CORPUS_SEED ?? 20251126);

/** Layouts whose rows are made up (a scripted layout prints the rows of its evidence as they are). */
const GENERATED = CORPUS.filter((l) => !l.script);

/**
 * How UK statements mark an overdrawn balance: '-£453.81' (Halifax's summary, paultendo/ai-bank-statement-extractor
 * notes), 'D' (HSBC: StillwatersTechnology/bank_statements_to_excel src/bstec/modules/classes.py reads a
 * trailing "D" on the opening and closing balance as a debit), 'OD' (NatWest / RBS), 'DR' (Danske Bank), brackets
 * (Starling prints money in brackets), a trailing minus ('770,138.57-', as statements from older core banking
 * systems print an overdraft), 'CR' on every balance in credit and 'DR' on every one overdrawn (the balance
 * column's own marks, as Co-operative Bank and Danske Bank print them); the summary may also print '£-12.00'.
 */
const OVERDRAWN: OverdrawnForm[] = ['minus', 'D', 'OD', 'DR', 'brackets', 'trailing-minus', 'cr-dr'];

const variation = fc.record({
  layout: fc.constantFrom(...GENERATED),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  rows: fc.integer({ min: 6, max: 40 }),
  opening: fc.integer({ min: -400_000, max: 900_000 }),
  wrap: fc.boolean(),
  newestFirst: fc.boolean(),
  overdrawn: fc.constantFrom<OverdrawnForm>(...OVERDRAWN),
  summaryOverdrawn: fc.constantFrom<OverdrawnForm | 'pound-minus'>(...OVERDRAWN, 'pound-minus'),
  amountForm: fc.constantFrom<AmountForm>('signed', 'plus-minus-pound', 'cr-dr', 'trailing-minus'),
  someBalances: fc.boolean(),
  weekday: fc.boolean(),
  reference: fc.boolean(),
  foreign: fc.boolean(),
  foreignNote: fc.constantFrom<'at' | 'monzo' | 'vrate'>('at', 'monzo', 'vrate'),
  time: fc.constantFrom<'none' | 'beside' | 'under'>('none', 'beside', 'under'),
  notice: fc.boolean(),
  fscs: fc.boolean(),
  continuedTitle: fc.boolean(),
  landscape: fc.boolean(),
  plusIn: fc.boolean(),
  pot: fc.boolean(),
  interestSummary: fc.constantFrom<'none' | 'before' | 'after'>('none', 'before', 'after'),
  paymentDue: fc.boolean(),
  slashedTypes: fc.boolean(),
  typeKey: fc.boolean(),
  cheques: fc.boolean(),
});

function recombine(v: VariationValue): CorpusLayout {
  const base = v.layout;
  const bank = base.kind === 'bank';
  // Descriptions wrapped onto a second line on every generated layout: paged ones (an entry's second line at
  // the top of a page, where page furniture stands) and tables side by side included.
  const wrap = v.wrap || base.wrap;
  // Tables side by side hold as many rows as their two columns of lines: the row count is the layout's own.
  // A one-page layout holds what fits above its footer (y 800), two lines an entry when descriptions wrap,
  // with room for rows at its head and foot; a paged one breaks its pages where it says.
  const reference = wrap && v.reference;
  // Landscape pages (one-page layouts), a time under each date (a second line when the payee has one
  // line), a notice of charges and a deposit-protection notice under a one-page table (eight lines more).
  const single = !base.pages && !base.sideBySide;
  const landscape = v.landscape && single;
  const time = v.time === 'none' || base.sideBySide ? undefined : v.time;
  const afterTable = single
    ? [
        ...(v.notice && bank ? (['notice-of-charges'] as const) : []),
        ...(v.fscs ? (['fscs'] as const) : []),
        ...(v.typeKey && bank ? (['type-key'] as const) : []),
      ]
    : [];
  // A card's interest-summary table before or after its transactions (five lines and a gap).
  const interestSummary =
    !bank && v.interestSummary !== 'none' && !base.sideBySide ? v.interestSummary : null;
  const foot =
    (landscape ? 560 : 800) -
    afterTable.reduce((n, part) => n + (part === 'notice-of-charges' ? 84 : 48), 12) -
    (interestSummary ? 90 : 0);
  const fits = Math.floor(
    (foot - base.tableTop - 60) / 12 / (reference ? 3 : wrap || v.foreign || time === 'under' ? 2 : 1),
  );
  const rows = base.sideBySide ? base.rows : base.pages ? v.rows : Math.min(v.rows, fits);
  return {
    ...base,
    name: `${base.name}#${v.seed}`,
    rows,
    // Another opening balance: a bank account may open (and close) overdrawn, its balances marked one of the
    // ways UK banks mark them, the summary's its own way.
    openingPence: bank ? base.openingPence + v.opening : base.openingPence,
    ...(bank ? { overdrawn: v.overdrawn, summaryOverdrawn: v.summaryOverdrawn } : {}),
    wrap,
    // A payee's reference on a third line; card payments abroad with the exchange rate under the row.
    reference,
    foreign: v.foreign,
    // The foreign amount noted Monzo's way ('Amount: EUR -52.81. Conversion rate: 1.1725.') or NatWest's
    // ('EUR 52.81 VRATE 1.1725').
    foreignNote: v.foreignNote,
    // The time of each transaction beside its date or under it (Revolut).
    ...(time ? { time } : {}),
    ...(afterTable.length ? { afterTable: [...afterTable] } : {}),
    ...(landscape ? { landscape } : {}),
    // Continuation pages titled '(continued)'; money in with a plus in its own column; a savings pot's
    // statement after the account's (bank accounts).
    continuedTitle: v.continuedTitle,
    plusIn: v.plusIn,
    ...(v.pot && bank && !base.sideBySide ? { pot: true } : {}),
    // A card's interest-summary table and its payment box (the payment due after the period); type codes
    // with a slash ('D/D', 'S/O') and their key under the table; cheques, the number the only description.
    ...(interestSummary ? { interestSummary } : {}),
    ...(v.paymentDue && !bank && !base.sideBySide ? { paymentDue: true } : {}),
    ...(v.slashedTypes && bank ? { slashedTypes: true } : {}),
    ...(v.cheques && bank ? { cheques: true } : {}),
    // A single Amount column on a bank statement signed each way UK statements sign it (a trailing minus
    // as older core banking systems print money out, '12.50-').
    ...(bank && base.amountForm ? { amountForm: v.amountForm } : {}),
    // Dates with the day of the week ('Mon 06 Jan'), where the layout prints a day and a month.
    ...(v.weekday && (base.dateForm === 'dd Mon' || base.dateForm === 'd Mon')
      ? { dateForm: 'Ddd dd Mon' as const }
      : {}),
    // A balance on some rows only, where the layout prints one on every row (oldest first).
    ...(v.someBalances && bank && base.balances === 'row' && !base.newestFirst && !v.newestFirst
      ? { balances: 'some' as const }
      : {}),
    // Newest first where a balance follows every row, on one page (as the statements that print it do).
    newestFirst:
      base.newestFirst ||
      (v.newestFirst &&
        bank &&
        base.balances === 'row' &&
        !base.pages &&
        !base.openingRow &&
        !base.sideBySide),
  };
}
type VariationValue = {
  layout: CorpusLayout;
  seed: number;
  rows: number;
  opening: number;
  wrap: boolean;
  newestFirst: boolean;
  overdrawn: OverdrawnForm;
  summaryOverdrawn: OverdrawnForm | 'pound-minus';
  amountForm: AmountForm;
  someBalances: boolean;
  weekday: boolean;
  reference: boolean;
  foreign: boolean;
  foreignNote: 'at' | 'monzo' | 'vrate';
  time: 'none' | 'beside' | 'under';
  notice: boolean;
  fscs: boolean;
  continuedTitle: boolean;
  landscape: boolean;
  plusIn: boolean;
  pot: boolean;
  interestSummary: 'none' | 'before' | 'after';
  paymentDue: boolean;
  slashedTypes: boolean;
  typeKey: boolean;
  cheques: boolean;
};

describe('statement corpus: traits in new combinations, read exactly', () => {
  it(`${RUNS} recombined layouts`, async () => {
    await fc.assert(
      fc.asyncProperty(variation, async (v) => {
        const layout = recombine(v);
        const { pdf, truth } = await generateCorpusStatement(layout);
        const text = await extractTextLayer(new Uint8Array(pdf));
        if (!text.ok) throw new Error(text.message);
        const read = readStatement(text.blocks, { referenceDate: '2026-01-01' });
        if (!read.ok) throw new Error(`${layout.name}: ${read.message}`);
        const rows = read.statement.transactions.map(({ date, description, signedAmount, balance }) => ({
          date,
          description,
          signedAmount,
          balance,
        }));
        expect(rows, layout.name).toEqual(truth.transactions);
        expect(read.statement.openingBalance, layout.name).toBe(truth.openingBalance);
        expect(read.statement.closingBalance, layout.name).toBe(truth.closingBalance);
        expect(read.statement.reconciliation.ok, layout.name).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});
