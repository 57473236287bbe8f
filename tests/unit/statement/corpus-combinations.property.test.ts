import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import {
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
 * systems print an overdraft); the summary may also print '£-12.00'.
 */
const OVERDRAWN: OverdrawnForm[] = ['minus', 'D', 'OD', 'DR', 'brackets', 'trailing-minus'];

const variation = fc.record({
  layout: fc.constantFrom(...GENERATED),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  rows: fc.integer({ min: 6, max: 40 }),
  opening: fc.integer({ min: -400_000, max: 900_000 }),
  wrap: fc.boolean(),
  newestFirst: fc.boolean(),
  overdrawn: fc.constantFrom<OverdrawnForm>(...OVERDRAWN),
  summaryOverdrawn: fc.constantFrom<OverdrawnForm | 'pound-minus'>(...OVERDRAWN, 'pound-minus'),
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
  const fits = Math.floor((800 - base.tableTop - 60) / 12 / (wrap ? 2 : 1));
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
