import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import { generateTraitStatement, TRAITS, type Trait } from '../../fixtures/statements/generate';

/**
 * Real-world traits of UK statements (tests/fixtures/statements/generate.ts `TRAITS`), each alone and in
 * many combinations, read through the text-layer adapter: every date, signed amount, printed balance and
 * description exactly, the misprinted figure noted as unreadable, and the statement reconciled.
 *   glyphSpacing    headings and summary labels split by glyph spacing ('Pay m e nt t y pe', 'Ope ning Balance')
 *   splitFigures    figures split inside ('1,2 34.56', '£29,0 08.92')
 *   typeCodes       a payment-type code column (VIS, DD, SO, TFR, CR, ))) ...) kept as the description's start
 *   dayEndBalance   several transactions under one date, the balance on the day's last row only
 *   amountLast      two-line descriptions with the amount on the last line
 *   card            a credit card: received and transaction dates, CR on payments and refunds, previous /
 *                   new balance owed, total debits / credits
 *   misprint        one figure is a typo ('2,540.BB', '44.079.83', '£40,000,00', '120 00')
 *   decoy           the first rows repeated on a page after the closing balance
 *   newestFirst     newest transaction first
 *   broughtForward  balance brought / carried forward rows on every page
 *   totalsRow       a 'Totals' row at the foot of the table (paid out and paid in sums): a check, not a row
 *   narrowWordGaps  description words placed one by one a narrow gap apart, no space drawn ('Cardpayment'
 *                   in pdf.js's text): the description keeps its spaces
 *   twoLineHeadings, summaryRows, leftPanel: see the generator's TRAITS
 *   statementDate   the year printed only in 'Statement date 1 May 25': it, not the upload date a year later,
 *                   gives the year
 * Every statement is read as the pipeline reads it, with the upload date (a year after the statement) as the
 * reference date: the statement's own dates must give the year.
 */
const UPLOADED = '2026-06-15';

/** Deterministic combinations: every trait alone, all together, and 24 mixed sets. */
function combinations(): Array<{ traits: Trait[]; seed: number }> {
  const sets: Array<{ traits: Trait[]; seed: number }> = [{ traits: [], seed: 1 }];
  TRAITS.forEach((t, i) => {
    sets.push({ traits: [t], seed: i + 2 });
  });
  sets.push({ traits: [...TRAITS], seed: 99 });
  let state = 12345;
  const next = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  for (let k = 0; k < 24; k++) {
    sets.push({ traits: TRAITS.filter(() => next() < 0.5), seed: 100 + k });
  }
  return sets;
}

describe('real-world statement traits, alone and combined, read exactly and reconcile', () => {
  it.each(combinations().map((c) => [c.traits.join(' + ') || 'no trait', c] as const))(
    '%s',
    async (_name, { traits, seed }) => {
      const { pdf, truth } = await generateTraitStatement(traits, seed);
      const text = await extractTextLayer(new Uint8Array(pdf));
      if (!text.ok) throw new Error(text.message);
      const result = readStatement(text.blocks, { referenceDate: UPLOADED });
      if (!result.ok) throw new Error(result.message);
      const statement = result.statement;
      expect(statement.yearSource).toBe(traits.includes('statementDate') ? 'statement_date' : 'period');
      const want = truth.transactions.map((t, i) =>
        truth.postedDates ? { ...t, postedDate: truth.postedDates[i] } : t,
      );
      expect(statement.transactions).toHaveLength(want.length);
      statement.transactions.forEach((t, i) => {
        expect(t, `transaction ${i}`).toEqual(want[i]);
      });
      expect(statement.accountKind).toBe(truth.accountKind);
      expect(statement.openingBalance).toBe(truth.openingBalance);
      expect(statement.closingBalance).toBe(truth.closingBalance);
      expect(statement.period).toEqual(truth.period);
      expect(statement.reconciliation.ok).toBe(true);
      expect(statement.reconciliation.breaks).toEqual([]);
      expect(
        (statement.reconciliation.unreadable ?? []).map((u) => ({ cell: u.cell, text: u.text })),
      ).toEqual(truth.unreadable);
    },
  );

  it("a table's totals row is checked against the rows, not read as a transaction", async () => {
    const { pdf, truth } = await generateTraitStatement(['totalsRow'], 5);
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    const read = (blocks: typeof text.blocks) => {
      const result = readStatement(blocks);
      if (!result.ok) throw new Error(result.message);
      return result.statement;
    };
    expect(read(text.blocks).transactions).toHaveLength(truth.transactions.length);
    // The printed paid-out total changed by 1.00: only the totals check can notice.
    const paidOut = truth.transactions
      .filter((t) => t.signedAmount < 0)
      .reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
    const printed = (paidOut / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 });
    const altered = text.blocks
      .filter((b) => b.BlockType !== 'LINE')
      .map((b) =>
        b.BlockType === 'WORD' && b.Text === printed
          ? { ...b, Text: ((paidOut + 100) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 }) }
          : b,
      );
    const statement = read(altered);
    expect(statement.reconciliation.ok).toBe(false);
    expect(statement.reconciliation.breaks).toEqual([
      expect.objectContaining({ reason: 'money out total', expected: (paidOut + 100) / 100 }),
    ]);
  });

  it('an altered amount in any combination breaks the reconciliation', async () => {
    for (const { traits, seed } of combinations().slice(0, 12)) {
      const { pdf, truth } = await generateTraitStatement(traits, seed);
      const text = await extractTextLayer(new Uint8Array(pdf));
      if (!text.ok) throw new Error(text.message);
      // Change the first transaction's printed amount by 1.00 (its figure may be split in two words).
      const amount = truth.transactions[0]!.amount.toFixed(2);
      const word = text.blocks.find((b) => b.BlockType === 'WORD' && b.Text?.endsWith(amount.slice(-4)));
      if (!word?.Text) throw new Error(`no amount ${amount} for ${traits.join('+')}`);
      const altered = text.blocks
        .filter((b) => b.BlockType !== 'LINE')
        .map((b) =>
          b === word
            ? {
                ...b,
                Text: word.Text!.replace(
                  /(\d)(\.\d\d)/,
                  (_m, d: string, p: string) => `${(Number(d) + 1) % 10}${p}`,
                ),
              }
            : b,
        );
      const result = readStatement(altered);
      if (!result.ok) throw new Error(result.message);
      expect(result.statement.reconciliation.ok, traits.join(' + ') || 'no trait').toBe(false);
      expect(result.statement.reconciliation.breaks.length).toBeGreaterThan(0);
    }
  });
});
