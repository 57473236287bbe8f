import { describe, expect, it } from 'vitest';
import { addDays } from '../../../functions/domain/dates';
import { flowDirection } from '../../../functions/domain/flow-direction';
import { effectiveFlowType } from '../../../functions/domain/flow-types';
import { periodStats, periodSummary } from '../../../functions/domain/periods';
import {
  addToMonthRollup,
  buildMonthRollup,
  buildRollups,
  coversMonth,
  emptyMonthRollup,
  monthBounds,
  monthsBetween,
  periodCells,
  positionFromFigures,
  type RollupRow,
  statsFromFigures,
  sumCells,
  summaryFromFigures,
} from '../../../functions/domain/rollups';

/** A small deterministic generator (mulberry32), so a failure names the seed that made it. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FLOWS = [
  'income',
  'internal_transfer',
  'external_expense',
  'mortgage_payment',
  'mortgage_overpayment',
  'mortgage_fee',
  null,
] as const;

/**
 * Rows as statements give them: most carry a signed amount; some only credit/debit (medium confidence); a
 * few neither (the direction is inferred from the flow type: low confidence); some corrected by the family.
 */
function randomRows(next: () => number, n: number, from = '2023-11-20', days = 150): RollupRow[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: n }, () => {
    const amount = Math.round(next() * 200_000) / 100;
    const credit = next() < 0.4;
    const shape = next();
    return {
      transaction_date: addDays(from, Math.floor(next() * days)),
      amount,
      signed_amount: shape < 0.8 ? (credit ? amount : -amount) : null,
      type: shape < 0.95 ? (credit ? 'credit' : 'debit') : null,
      flow_type: pick(FLOWS),
      user_corrected_flow_type:
        next() < 0.1 ? pick(['income', 'internal_transfer', 'external_expense']) : null,
      account_id: pick(['A1', 'A2', 'A3']),
    } satisfies RollupRow;
  });
}

describe('months', () => {
  it('lists every month between two dates, across years', () => {
    expect(monthsBetween('2023-11-20', '2024-02-01')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(monthsBetween('2024-03-01', '2024-02-01')).toEqual([]);
  });
  it('knows a month’s bounds, leap years included', () => {
    expect(monthBounds('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthBounds('2023-02')).toEqual({ start: '2023-02-01', end: '2023-02-28' });
  });
  it('a period covers a month only when it spans all of it', () => {
    expect(coversMonth({ start: '2024-01-01', end: '2024-03-31' }, '2024-02')).toBe(true);
    expect(coversMonth({ start: '2024-02-02', end: '2024-03-31' }, '2024-02')).toBe(false);
  });
});

describe('a month’s roll-up', () => {
  const rows: RollupRow[] = [
    {
      transaction_date: '2024-03-01',
      amount: 2500,
      signed_amount: 2500,
      type: 'credit',
      flow_type: 'income',
      user_corrected_flow_type: null,
      account_id: 'A',
    },
    {
      transaction_date: '2024-03-01',
      amount: 40.5,
      signed_amount: -40.5,
      type: 'debit',
      flow_type: 'external_expense',
      user_corrected_flow_type: null,
      account_id: 'A',
    },
    {
      transaction_date: '2024-03-02',
      amount: 500,
      signed_amount: -500,
      type: 'debit',
      flow_type: 'internal_transfer',
      user_corrected_flow_type: null,
      account_id: 'A',
    },
    {
      transaction_date: '2024-03-02',
      amount: 500,
      signed_amount: 500,
      type: 'credit',
      flow_type: 'internal_transfer',
      user_corrected_flow_type: null,
      account_id: 'B',
    },
    {
      transaction_date: '2024-03-10',
      amount: 900,
      signed_amount: -900,
      type: 'debit',
      flow_type: 'mortgage_payment',
      user_corrected_flow_type: null,
      account_id: 'A',
    },
    // a refund: an expense by type whose money comes in
    {
      transaction_date: '2024-03-11',
      amount: 20,
      signed_amount: 20,
      type: 'credit',
      flow_type: 'external_expense',
      user_corrected_flow_type: null,
      account_id: 'A',
    },
    // a row of another month is not this month's
    {
      transaction_date: '2024-04-01',
      amount: 1,
      signed_amount: 1,
      type: 'credit',
      flow_type: 'income',
      user_corrected_flow_type: null,
      account_id: 'A',
    },
  ];
  const rollup = buildMonthRollup('2024-03', rows);

  it('counts the month’s rows, its first and last day', () => {
    expect(rollup).toMatchObject({ month: '2024-03', count: 6, first: '2024-03-01', last: '2024-03-11' });
  });

  it('keeps one cell per day, account and flow type, in pence', () => {
    expect(rollup.cells).toContainEqual({
      day: '2024-03-02',
      account: 'B',
      flow: 'internal_transfer',
      count: 1,
      low: 0,
      abs: 50000,
      in: 50000,
      out: 0,
      nIn: 1,
      nOut: 0,
    });
    expect(rollup.cells).toHaveLength(6);
    expect(rollup.totals).toContainEqual({
      day: '2024-03',
      account: 'A',
      flow: 'external_expense',
      count: 2,
      low: 0,
      abs: 6050,
      in: 2000,
      out: 4050,
      nIn: 1,
      nOut: 1,
    });
  });

  it('money in and out leave internal transfers out; a refund lowers money out; a transfer counts once', () => {
    const position = positionFromFigures(sumCells(rollup.totals));
    expect(position).toEqual({
      moneyIn: 2500,
      moneyOut: 920.5, // 40.50 + 900 − the 20 refund
      internalMovement: 500, // one transfer of 500: its two legs are the same money
      net: 1579.5,
      transfers: 1,
      transactionCount: 6,
      confidence: 'high',
    });
  });

  it('expenses include the mortgage types (spec 3 §1); net flow is the headline’s net', () => {
    expect(statsFromFigures(sumCells(rollup.totals))).toMatchObject({
      totalIncome: 2500,
      totalExpenses: 920.5,
      totalInternalTransfers: 500,
      netFlow: 1579.5,
    });
  });

  it('a direction inferred from the flow type is low confidence: more than 10% of rows low → low', () => {
    const inferred = buildMonthRollup('2024-03', [
      ...rows.slice(0, 6),
      {
        transaction_date: '2024-03-12',
        amount: 5,
        signed_amount: null,
        type: null,
        flow_type: 'external_expense',
        user_corrected_flow_type: null,
        account_id: 'A',
      },
    ]);
    const figures = sumCells(inferred.totals);
    expect(figures.low).toBe(1);
    expect(statsFromFigures(figures).confidence).toBe('low');
    expect(positionFromFigures(figures).moneyOut).toBe(925.5);
  });

  it('keeps the month’s income by account and payer (what the assistant’s income sources read)', () => {
    const income = (
      account: string,
      day: string,
      description: string,
      amount: number,
      merchant?: string,
    ) => ({
      transaction_date: day,
      amount,
      signed_amount: amount,
      type: 'credit' as const,
      flow_type: 'income' as const,
      user_corrected_flow_type: null,
      account_id: account,
      description,
      ...(merchant ? { merchant_name: merchant } : {}),
    });
    const rollup = buildMonthRollup('2024-06', [
      income('a', '2024-06-01', 'ACME LTD SALARY', 2450),
      income('a', '2024-06-28', 'ACME LTD SALARY', 2450),
      income('b', '2024-06-10', 'HMRC CHILD BENEFIT', 102.4, 'HMRC'),
      // not income: a transfer, and a corrected expense
      { ...income('a', '2024-06-12', 'TFR FROM SAVINGS', 50), flow_type: 'internal_transfer' as const },
      { ...income('a', '2024-06-13', 'REFUND', 9.99), user_corrected_flow_type: 'external_expense' as const },
      // another month
      income('a', '2024-07-01', 'ACME LTD SALARY', 2450),
    ]);
    expect(rollup.payers).toEqual([
      { account: 'a', payer: 'ACME LTD SALARY', count: 2, pence: 490000 },
      { account: 'b', payer: 'HMRC', count: 1, pence: 10240 },
    ]);
  });

  it('a month without rows has no cells', () => {
    expect(buildMonthRollup('2024-05', rows)).toEqual({
      month: '2024-05',
      count: 0,
      first: null,
      last: null,
      cells: [],
      totals: [],
      payers: [],
    });
  });
});

describe('rows added to a month’s roll-up', () => {
  it('give exactly the roll-up rebuilt from all the month’s rows (random rows, payers included)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const payees = ['ACME LTD SALARY', 'HMRC', 'TESCO', 'TFR 12345678'];
      const named = (row: RollupRow) => ({
        ...row,
        description: payees[Math.floor(next() * payees.length)],
        merchant_name: next() < 0.3 ? 'Acme' : null,
      });
      const held = randomRows(next, 1 + Math.floor(next() * 60), '2024-01-01', 31).map(named);
      const added = randomRows(next, Math.floor(next() * 60), '2023-12-25', 45).map(named);
      const base = buildMonthRollup('2024-01', held);
      expect(addToMonthRollup(base, added), `seed ${seed}`).toEqual(
        buildMonthRollup('2024-01', [...held, ...added]),
      );
      expect(addToMonthRollup(emptyMonthRollup('2024-01'), added), `seed ${seed}`).toEqual(
        buildMonthRollup('2024-01', added),
      );
    }
  });

  it('is not attempted on a roll-up stored before payers or rows in and out were kept', () => {
    const base = buildMonthRollup('2024-01', randomRows(random(3), 20, '2024-01-01', 31));
    expect(addToMonthRollup({ ...base, payers: undefined }, [])).toBeNull();
    const cells = base.cells.map(({ nIn: _i, nOut: _o, ...c }) => c);
    expect(addToMonthRollup({ ...base, cells }, [])).toBeNull();
  });
});

describe('figures from roll-ups equal figures from the rows', () => {
  const periods = [
    { start: '2023-12-01', end: '2023-12-31' },
    { start: '2024-01-15', end: '2024-02-14' },
    { start: '2023-11-01', end: '2024-04-30' },
    { start: '2024-02-29', end: '2024-02-29' },
    { start: '2023-12-31', end: '2024-03-31' },
  ];
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`random rows (seed ${seed}), whole and partial months`, () => {
      const next = random(seed);
      const rows = randomRows(next, 40 + Math.floor(next() * 400));
      const rollups = [...buildRollups(rows).values()];
      for (const period of periods) {
        const figures = sumCells(periodCells(rollups, period));
        const expected = periodSummary(rows, period);
        const actual = summaryFromFigures(figures);
        expect({ ...actual, avgTransactionSize: 0 }).toEqual({ ...expected, avgTransactionSize: 0 });
        expect(Math.abs(actual.avgTransactionSize - expected.avgTransactionSize)).toBeLessThanOrEqual(0.01);
        expect(statsFromFigures(figures).totalIncome).toBe(periodStats(rows, period).totalIncome);

        const inPeriod = rows.filter(
          (r) => r.transaction_date >= period.start && r.transaction_date <= period.end,
        );
        // worked out here from the rows: income and expenses net by direction, unclassified both ways
        let moneyIn = 0;
        let moneyOut = 0;
        let internalIn = 0;
        let internalOut = 0;
        for (const r of inPeriod) {
          const flow = effectiveFlowType(r);
          const pence = Math.round(flowDirection(r).signedAmount * 100);
          if (flow === 'internal_transfer') {
            if (pence > 0) internalIn += pence;
            else internalOut -= pence;
          } else if (flow === 'income') moneyIn += pence;
          else if (flow === 'unclassified') {
            if (pence > 0) moneyIn += pence;
            else moneyOut -= pence;
          } else moneyOut -= pence;
        }
        expect(positionFromFigures(figures)).toMatchObject({
          moneyIn: moneyIn / 100,
          moneyOut: moneyOut / 100,
          net: (moneyIn - moneyOut) / 100,
          internalMovement: Math.max(internalIn, internalOut) / 100,
        });
      }
    });
  }

  it('a month read without its day cells cannot answer a partial period', () => {
    const rollup = buildMonthRollup('2024-03', randomRows(random(9), 30, '2024-03-01', 31));
    expect(() =>
      periodCells([{ month: '2024-03', totals: rollup.totals }], { start: '2024-03-05', end: '2024-03-31' }),
    ).toThrow(/without its day cells/);
  });
});
