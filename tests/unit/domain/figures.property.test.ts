import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netIncomeQuery, spendingQuery, transfersQuery } from '../../../functions/domain/assistant/queries';
import { addDays } from '../../../functions/domain/dates';
import { figuresOfRows, sumCells } from '../../../functions/domain/figures';
import { periodStats, previousPeriod, quickPeriods } from '../../../functions/domain/periods';
import {
  buildRollups,
  periodCells,
  positionFromFigures,
  type RollupRow,
  statsFromFigures,
  summaryFromFigures,
} from '../../../functions/domain/rollups';
import { summariseRows } from '../../../web/src/features/accounts/transactions/summary';

/**
 * Random families, and every figure the screens, the comparison and the assistant show, against sums worked
 * out here from the rows themselves (not with the product's code):
 *
 *  - accounts of a family (some archived: left out), months of salary, spending, refunds (money back on a
 *    spending row, or a credit corrected to External Expense), unclassified rows either way, corrections;
 *  - transfers between two of the family's accounts with both legs, or only one leg (the other account's
 *    statement was never uploaded, or was removed);
 *  - statements removed (their rows gone).
 *
 * The figures: money in = income's money in (net) + unclassified money in; money out = spending's money out
 * less money back + unclassified money out; net = in − out; moved between own accounts = each transfer once.
 */
const ACCOUNTS = ['current', 'savings', 'card', 'joint'] as const;

type Kind = 'salary' | 'spend' | 'refund' | 'refund-corrected' | 'unclassified-in' | 'unclassified-out';

interface Generated {
  rows: Array<RollupRow & { id: string; statement: number; description: string }>;
  transfers: Array<{ amount: number; legs: 'both' | 'out' | 'in'; date: string }>;
  archived: string[];
  removed: number[];
}

const pence = fc.integer({ min: 1, max: 300_000 });
const day = fc.integer({ min: 0, max: 120 });
const START = '2025-01-01';

const rowArb = fc.record({
  kind: fc.constantFrom<Kind>(
    'salary',
    'spend',
    'spend',
    'spend',
    'refund',
    'refund-corrected',
    'unclassified-in',
    'unclassified-out',
  ),
  account: fc.constantFrom(...ACCOUNTS),
  pence,
  day,
  statement: fc.integer({ min: 0, max: 5 }),
  corrected: fc.boolean(),
});

const transferArb = fc.record({
  pence,
  day,
  from: fc.constantFrom(...ACCOUNTS),
  to: fc.constantFrom(...ACCOUNTS),
  legs: fc.constantFrom<'both' | 'out' | 'in'>('both', 'both', 'out', 'in'),
  statement: fc.integer({ min: 0, max: 5 }),
});

const familyArb = fc
  .record({
    rows: fc.array(rowArb, { maxLength: 60 }),
    transfers: fc.array(transferArb, { maxLength: 12 }),
    archived: fc.subarray([...ACCOUNTS], { maxLength: 1 }),
    removed: fc.subarray([0, 1, 2, 3, 4, 5], { maxLength: 2 }),
  })
  .map(({ rows, transfers, archived, removed }): Generated => {
    let n = 0;
    const out: Generated['rows'] = [];
    const row = (
      account: string,
      days: number,
      signedPence: number,
      flow: string | null,
      corrected: string | null,
      statement: number,
      description: string,
    ) =>
      out.push({
        id: `r${n++}`,
        statement,
        description,
        account_id: account,
        transaction_date: addDays(START, days),
        amount: Math.abs(signedPence) / 100,
        signed_amount: signedPence / 100,
        type: signedPence >= 0 ? 'credit' : 'debit',
        flow_type: flow,
        user_corrected_flow_type: corrected,
      });
    for (const r of rows) {
      const p = r.pence;
      if (r.kind === 'salary') row(r.account, r.day, p, 'income', null, r.statement, 'ACME SALARY');
      if (r.kind === 'spend')
        // a spending row the family corrected from income (the classifier had it wrong)
        row(
          r.account,
          r.day,
          -p,
          r.corrected ? 'income' : 'external_expense',
          r.corrected ? 'external_expense' : null,
          r.statement,
          'TESCO',
        );
      if (r.kind === 'refund')
        row(r.account, r.day, p, 'external_expense', null, r.statement, 'REFUND ARGOS');
      if (r.kind === 'refund-corrected')
        row(r.account, r.day, p, 'income', 'external_expense', r.statement, 'ARGOS');
      if (r.kind === 'unclassified-in') row(r.account, r.day, p, null, null, r.statement, 'SOMETHING IN');
      if (r.kind === 'unclassified-out') row(r.account, r.day, -p, null, null, r.statement, 'SOMETHING OUT');
    }
    const kept: Generated['transfers'] = [];
    for (const t of transfers) {
      if (t.from === t.to) continue;
      // a transfer's legs may land a day apart
      if (t.legs !== 'in') row(t.from, t.day, -t.pence, 'internal_transfer', null, t.statement, 'TFR OUT');
      if (t.legs !== 'out') row(t.to, t.day + 1, t.pence, null, 'internal_transfer', t.statement, 'TFR IN');
      kept.push({ amount: t.pence, legs: t.legs, date: addDays(START, t.day) });
    }
    return { rows: out, transfers: kept, archived, removed };
  });

/** The family's rows as the product keeps them: removed statements' rows gone. */
const live = (g: Generated) => g.rows.filter((r) => !g.removed.includes(r.statement));

/** Sums worked out here from the rows: pence, by the definitions above. */
function expected(rows: Generated['rows']) {
  let moneyIn = 0;
  let moneyOut = 0;
  let transferOut = 0;
  let transferIn = 0;
  let legsOut = 0;
  let legsIn = 0;
  for (const r of rows) {
    const p = Math.round((r.signed_amount ?? 0) * 100);
    const flow = r.user_corrected_flow_type ?? r.flow_type;
    if (flow === 'internal_transfer') {
      if (p < 0) {
        transferOut -= p;
        legsOut++;
      } else {
        transferIn += p;
        legsIn++;
      }
    } else if (flow === 'income') moneyIn += p;
    else if (flow === 'external_expense') moneyOut -= p;
    else if (p > 0) moneyIn += p;
    else moneyOut -= p;
  }
  return {
    moneyIn,
    moneyOut,
    net: moneyIn - moneyOut,
    moved: Math.max(transferOut, transferIn),
    transfers: Math.max(legsOut, legsIn),
  };
}

const periodsOf = () => {
  const now = new Date('2025-04-20T12:00:00Z');
  const quick = quickPeriods(now, { earliestDate: START, latestDate: '2025-05-01', totalTransactions: 100 });
  return [
    ...quick,
    { key: 'custom' as const, label: 'Custom', start: '2025-01-10', end: '2025-02-17' },
    { key: 'custom' as const, label: 'Custom', start: '2025-02-01', end: '2025-02-01' },
  ];
};

describe('every figure equals the sums of the rows, and the screens agree (random families)', () => {
  it('overview, comparison, Account Setup and the assistant over any period', () => {
    fc.assert(
      fc.property(familyArb, (g) => {
        const rows = live(g);
        const active = rows.filter((r) => !g.archived.includes(r.account_id));
        const rollups = [...buildRollups(rows).values()];
        for (const period of periodsOf()) {
          const inPeriod = active.filter(
            (r) => r.transaction_date >= period.start && r.transaction_date <= period.end,
          );
          const want = expected(inPeriod);
          // the overview and the comparison read roll-ups (archived accounts left out)
          const cells = periodCells(rollups, period).filter((c) => !g.archived.includes(c.account));
          const f = sumCells(cells);
          const position = positionFromFigures(f);
          const summary = summaryFromFigures(f);
          expect(Math.round(position.moneyIn * 100)).toBe(want.moneyIn);
          expect(Math.round(position.moneyOut * 100)).toBe(want.moneyOut);
          expect(Math.round(position.net * 100)).toBe(want.net);
          expect(Math.round(position.internalMovement * 100)).toBe(want.moved);
          expect(position.transfers).toBe(want.transfers);
          expect(position.transactionCount).toBe(inPeriod.length);
          // one net: the headline and Net Flow, Income and Expenses, agree
          expect(summary.netFlow).toBe(position.net);
          expect(summary.totalIncome).toBe(position.moneyIn);
          expect(summary.totalExpenses).toBe(position.moneyOut);
          expect(summary.totalInternalTransfers).toBe(position.internalMovement);
          // the rows' own figures (the flow page, exports) are the roll-ups' figures
          expect(periodStats(active, period)).toEqual(statsFromFigures(f));
          // Account Setup's summary of the same rows
          const setup = summariseRows(inPeriod as never);
          expect([setup.moneyIn, setup.moneyOut, setup.net, setup.moved]).toEqual([
            position.moneyIn,
            position.moneyOut,
            position.net,
            position.internalMovement,
          ]);
          // the assistant's answers
          const span = { start: period.start, end: period.end, label: period.label };
          const names = new Map(ACCOUNTS.map((a) => [a, a]));
          const asked = inPeriod.map((r) => ({ ...r, primary_category: null, merchant_name: null }));
          const net = netIncomeQuery(span, f, asked as never).figures;
          expect([net.income, net.expenses, net.net, net.internal]).toEqual([
            position.moneyIn,
            position.moneyOut,
            position.net,
            position.internalMovement,
          ]);
          const moved = transfersQuery(span, f, asked as never, names).figures;
          expect(moved).toEqual({ internal: position.internalMovement, transfer_count: position.transfers });
          const spent = spendingQuery(span, f, asked as never);
          expect(spent.figures.expenses).toBe(position.moneyOut);
          expect(Math.round(spent.breakdown.reduce((s, b) => s + b.total * 100, 0))).toBe(want.moneyOut);
          // per account: the accounts' money in and out add up to the family's
          const byAccount = ACCOUNTS.filter((a) => !g.archived.includes(a)).map((a) =>
            figuresOfRows(inPeriod, (r) => r.account_id === a),
          );
          expect(byAccount.reduce((s, x) => s + x.moneyIn, 0)).toBe(want.moneyIn);
          expect(byAccount.reduce((s, x) => s + x.moneyOut, 0)).toBe(want.moneyOut);
        }
      }),
      { numRuns: 80, seed: 20251126 },
    );
  }, 120_000);

  it('a transfer with both legs in the statements is counted once; one leg alone is the transfer', () => {
    fc.assert(
      fc.property(familyArb, (g) => {
        // only the transfers, each on a day of its own, so each one's legs are on known days
        const only = g.transfers.map((t, i) => ({ ...t, date: addDays(START, i * 3) }));
        const rows = only.flatMap((t, i) => {
          const legs: RollupRow[] = [];
          const base = { type: null, flow_type: 'internal_transfer', user_corrected_flow_type: null };
          if (t.legs !== 'in')
            legs.push({
              ...base,
              account_id: 'current',
              transaction_date: t.date,
              amount: t.amount / 100,
              signed_amount: -t.amount / 100,
            });
          if (t.legs !== 'out')
            legs.push({
              ...base,
              account_id: `savings${i}`,
              transaction_date: t.date,
              amount: t.amount / 100,
              signed_amount: t.amount / 100,
            });
          return legs;
        });
        const outOnly = only.filter((t) => t.legs !== 'in').reduce((s, t) => s + t.amount, 0);
        const inOnly = only.filter((t) => t.legs !== 'out').reduce((s, t) => s + t.amount, 0);
        const f = figuresOfRows(rows);
        expect(f.internal).toBe(Math.max(outOnly, inOnly));
        // each transfer alone is counted once, whatever legs it has
        for (const [i, t] of only.entries()) {
          const one = figuresOfRows(rows.filter((r) => r.transaction_date === addDays(START, i * 3)));
          expect([one.internal, one.transfers]).toEqual([t.amount, 1]);
        }
      }),
      { numRuns: 100, seed: 7 },
    );
  }, 60_000);

  it('a quick period is compared with the previous calendar period; a custom range with its equal length', () => {
    for (const period of periodsOf()) {
      const previous = previousPeriod(period, period.key === 'custom' ? undefined : period.key);
      expect(addDays(previous.end, 1)).toBe(period.start);
      if (period.key === 'custom' || period.key === 'all_time') {
        const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
        expect(days(previous.start, previous.end)).toBe(days(period.start, period.end));
      } else expect(previous.start.slice(8)).toBe('01');
    }
  });
});
