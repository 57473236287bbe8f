import { describe, expect, it } from 'vitest';
import {
  availableDataRange,
  availableRangeNote,
  COMPARISON_MESSAGES,
  comparisonDataQuality,
  comparisonState,
  EMPTY_PERIOD_STATS,
  PERIOD_QUALITY_MESSAGES,
  periodLength,
  periodMarker,
  periodStats,
  periodSummary,
  periodSummaryQuality,
  positionText,
  previousPeriod,
  quickPeriods,
  quickSummary,
} from '../../../functions/domain/periods';

const range = (earliestDate: string | null, latestDate: string | null, totalTransactions: number) => ({
  earliestDate,
  latestDate,
  totalTransactions,
});

describe('spec 3 §2.1 quick periods', () => {
  const now = new Date('2024-05-15T12:00:00Z');
  it('this/last month, quarter, year as calendar ranges', () => {
    expect(quickPeriods(now, range('2024-02-01', '2024-05-10', 10))).toEqual([
      { key: 'this_month', label: 'This Month', start: '2024-05-01', end: '2024-05-31' },
      { key: 'last_month', label: 'Last Month', start: '2024-04-01', end: '2024-04-30' },
      { key: 'this_quarter', label: 'This Quarter', start: '2024-04-01', end: '2024-06-30' },
      { key: 'last_quarter', label: 'Last Quarter', start: '2024-01-01', end: '2024-03-31' },
      { key: 'this_year', label: 'This Year', start: '2024-01-01', end: '2024-12-31' },
    ]);
  });

  it.each([
    ['2023-12-31', true],
    ['2020-06-01', true],
    ['2024-01-01', false],
    [null, false],
  ])('Last Year offered when data starts %s: %s', (earliest, offered) => {
    const keys = quickPeriods(now, range(earliest, '2024-05-10', 10)).map((p) => p.key);
    expect(keys.includes('last_year')).toBe(offered);
  });

  it.each([
    [50, false],
    [51, true],
  ])('All Time offered with %s transactions: %s (more than 50)', (n, offered) => {
    const periods = quickPeriods(now, range('2024-02-01', '2024-05-10', n));
    const all = periods.find((p) => p.key === 'all_time');
    expect(Boolean(all)).toBe(offered);
    if (all) expect(all).toMatchObject({ start: '2024-02-01', end: '2024-05-10', label: 'All Time' });
  });

  it('January rolls back into the previous year; Last Year spans it', () => {
    const jan = quickPeriods(new Date('2024-01-10T12:00:00Z'), range('2022-01-01', '2024-01-09', 60));
    expect(jan.find((p) => p.key === 'last_month')).toMatchObject({ start: '2023-12-01', end: '2023-12-31' });
    expect(jan.find((p) => p.key === 'last_quarter')).toMatchObject({
      start: '2023-10-01',
      end: '2023-12-31',
    });
    expect(jan.find((p) => p.key === 'last_year')).toMatchObject({ start: '2023-01-01', end: '2023-12-31' });
  });

  it('"now" is read in the family time zone (London)', () => {
    const p = quickPeriods(new Date('2024-05-31T23:30:00Z'), range(null, null, 0));
    expect(p[0]).toMatchObject({ start: '2024-06-01', end: '2024-06-30' });
  });
});

describe('spec 3 §4.5 previous period: same length, immediately before, labelled', () => {
  it.each([
    [{ start: '2024-05-01', end: '2024-05-31' }, 'this_month', '2024-04-01', '2024-04-30', 'Previous Month'],
    // the 1st, when salary and rent land, is part of the previous month; a 31-day month meets a 30-day one
    [{ start: '2024-11-01', end: '2024-11-30' }, 'this_month', '2024-10-01', '2024-10-31', 'Previous Month'],
    [{ start: '2024-10-01', end: '2024-10-31' }, 'last_month', '2024-09-01', '2024-09-30', 'Previous Month'],
    [{ start: '2024-03-01', end: '2024-03-31' }, 'last_month', '2024-02-01', '2024-02-29', 'Previous Month'],
    [
      { start: '2024-04-01', end: '2024-06-30' },
      'last_quarter',
      '2024-01-01',
      '2024-03-31',
      'Previous Quarter',
    ],
    [{ start: '2024-01-01', end: '2024-12-31' }, 'this_year', '2023-01-01', '2023-12-31', 'Previous Year'],
    [{ start: '2024-01-01', end: '2024-01-31' }, undefined, '2023-12-01', '2023-12-31', 'Previous Month'],
    [{ start: '2024-01-01', end: '2024-02-01' }, undefined, '2023-11-30', '2023-12-31', 'Previous Quarter'],
    [{ start: '2024-01-01', end: '2024-04-01' }, undefined, '2023-10-01', '2023-12-31', 'Previous Quarter'],
    [{ start: '2024-01-01', end: '2024-04-02' }, undefined, '2023-09-30', '2023-12-31', 'Previous Year'],
    [{ start: '2022-01-01', end: '2024-04-02' }, 'all_time', '2019-10-01', '2021-12-31', 'Previous Year'],
  ] as const)('%o (%s) → %s..%s %s', (period, key, start, end, label) => {
    const prev = previousPeriod(period, key);
    expect(prev).toEqual({ start, end, label });
    // a custom range is set against the equal-length window before it
    if (key === undefined || key === 'all_time') expect(periodLength(prev)).toBe(periodLength(period));
  });
});

const row = (
  date: string,
  amount: number,
  flow_type: string | null,
  extra: Record<string, unknown> = {},
) => ({
  transaction_date: date,
  amount,
  signed_amount: flow_type === 'income' ? amount : -amount,
  type: flow_type === 'income' ? 'credit' : 'debit',
  flow_type,
  user_corrected_flow_type: null,
  account_id: 'acc-1',
  ...extra,
});

describe('spec 3 §3 period stats', () => {
  const rows = [
    row('2024-05-01', 2000, 'income'),
    row('2024-05-02', 100.1, 'external_expense'),
    row('2024-05-03', 800, 'mortgage_payment'),
    row('2024-05-04', 500, 'internal_transfer'),
    row('2024-05-05', 50, null),
    row('2024-05-06', 0.2, 'external_expense', { user_corrected_flow_type: 'income' }),
    row('2024-04-30', 999, 'income'),
  ];
  it('totals by effective flow type within the period', () => {
    // income 2,000 less the 0.20 debit corrected to income; expenses 100.10 + 800 and the unclassified 50 out
    expect(periodStats(rows, { start: '2024-05-01', end: '2024-05-31' })).toEqual({
      totalIncome: 1999.8,
      totalExpenses: 950.1,
      totalInternalTransfers: 500,
      netFlow: 1049.7,
      transactionCount: 6,
      avgTransactionSize: 575.05,
      dataQuality: 'complete',
      confidence: 'high',
    });
  });
  it('empty period', () => {
    expect(periodStats([], { start: '2024-05-01', end: '2024-05-31' })).toMatchObject({
      transactionCount: 0,
      avgTransactionSize: 0,
      dataQuality: 'insufficient',
    });
    expect(EMPTY_PERIOD_STATS.dataQuality).toBe('insufficient');
  });
  it('without a period takes everything; a missing amount falls back to signed_amount', () => {
    expect(periodStats([row('2024-01-01', Number.NaN, 'income', { signed_amount: 5 })]).totalIncome).toBe(5);
  });
});

describe('spec 3 §4.5 comparison data quality: complete > 5 and high; partial with data and not low', () => {
  it.each([
    [6, 'high', 'complete'],
    [5, 'high', 'partial'],
    [6, 'medium', 'partial'],
    [1, 'medium', 'partial'],
    [0, 'high', 'insufficient'],
    [10, 'low', 'insufficient'],
  ] as const)('%s transactions, %s → %s', (n, confidence, quality) => {
    expect(comparisonDataQuality(n, confidence)).toBe(quality);
  });
});

describe('spec 3 §4.5 period summary quality and messages', () => {
  it.each([
    [0, 'high', 2, 'insufficient', 'No transactions found for this period'],
    [30, 'low', 2, 'insufficient', 'Data quality issues detected in calculations'],
    [4, 'high', 2, 'partial', 'Limited transaction data - results may not be representative'],
    [5, 'high', 2, 'complete', null],
    [30, 'medium', 2, 'partial', 'Limited transaction data - results may not be representative'],
    [19, 'high', 1, 'partial', 'Single account with limited activity'],
    [20, 'high', 1, 'complete', null],
  ] as const)(
    '%s tx, %s, %s accounts → %s',
    (transactionCount, confidence, accountsActive, quality, message) => {
      expect(periodSummaryQuality({ transactionCount, confidence, accountsActive })).toEqual({
        quality,
        message,
      });
    },
  );

  it('summary adds active accounts and the message', () => {
    const rows = Array.from({ length: 6 }, (_, i) =>
      row(`2024-05-0${i + 1}`, 10, 'external_expense', { account_id: `a${i % 2}` }),
    );
    expect(periodSummary(rows, { start: '2024-05-01', end: '2024-05-31' })).toMatchObject({
      accountsActive: 2,
      summaryQuality: 'complete',
      qualityMessage: null,
      transactionCount: 6,
    });
    expect(PERIOD_QUALITY_MESSAGES.singleAccount).toBe('Single account with limited activity');
  });
});

describe('spec 3 §4.5 selector markers', () => {
  const now = new Date('2024-05-15T12:00:00Z');
  const data = range('2024-02-10', '2024-04-20', 100);
  it.each([
    [{ start: '2024-03-01', end: '2024-03-31' }, data, 'complete', null],
    [{ start: '2024-02-01', end: '2024-02-29' }, data, 'partial', 'Data available from 10/02/2024'],
    [{ start: '2024-02-10', end: '2024-02-29' }, data, 'complete', null],
    [{ start: '2024-04-01', end: '2024-04-30' }, data, 'partial', 'Data available until 20/04/2024'],
    [{ start: '2024-04-01', end: '2024-04-20' }, data, 'complete', null],
    [{ start: '2024-05-01', end: '2024-05-31' }, data, 'insufficient', 'Period is newer than available data'],
    [{ start: '2024-04-01', end: '2024-06-30' }, data, 'complete', null],
    [{ start: '2023-01-01', end: '2023-12-31' }, data, 'insufficient', 'Data available from 10/02/2024'],
    [
      { start: '2024-05-01', end: '2024-05-31' },
      range(null, null, 0),
      'insufficient',
      'No transaction data available',
    ],
  ])('%o → %s', (period, r, quality, message) => {
    expect(periodMarker(period, r, now)).toEqual({ quality, message });
  });
});

describe('spec 3 §3 available data range and note', () => {
  it('ranges over valid dates', () => {
    expect(availableDataRange(['2024-03-01', 'junk', '2024-01-05T10:00:00Z', '2024-02-01'])).toEqual(
      range('2024-01-05', '2024-03-01', 3),
    );
    expect(availableDataRange([])).toEqual(range(null, null, 0));
  });
  it('note', () => {
    expect(availableRangeNote(range('2024-01-05', '2024-03-01', 3))).toBe(
      '3 transactions from 05/01/2024 to 01/03/2024',
    );
    expect(availableRangeNote(range('2024-01-05', '2024-01-05', 1))).toBe(
      '1 transaction from 05/01/2024 to 05/01/2024',
    );
    expect(availableRangeNote(range(null, null, 0))).toBe('No transaction data available');
  });
});

describe('spec 3 §8 comparison panel states', () => {
  it.each([
    [2, 2, 'complete', 'complete', true, null],
    [3, 2, 'complete', 'complete', false, null],
    [3, 2, 'partial', 'complete', false, COMPARISON_MESSAGES.limitedWarning],
    [10, 10, 'complete', 'insufficient', false, COMPARISON_MESSAGES.limitedWarning],
  ] as const)('%s vs %s tx (%s / %s)', (a, b, qa, qb, insufficient, warning) => {
    expect(
      comparisonState({ transactionCount: a, dataQuality: qa }, { transactionCount: b, dataQuality: qb }),
    ).toEqual({ insufficient, warning });
  });
  it('messages', () => {
    expect(COMPARISON_MESSAGES.insufficient).toBe('Insufficient data for meaningful comparison');
    expect(COMPARISON_MESSAGES.insufficientHint).toBe(
      'Upload more statements to see period-over-period trends',
    );
  });
});

describe('spec 3 §2.1 position and quick summary', () => {
  it.each([
    [0, "You're ahead this month"],
    [0.01, "You're ahead this month"],
    [-0.01, "You're behind this month"],
  ])('%s → %s', (net, text) => {
    expect(positionText(net)).toBe(text);
  });
  it('in / out / net in whole pounds', () => {
    expect(quickSummary({ totalIncome: 2000.4, totalExpenses: 1500.6, netFlow: 499.8 })).toBe(
      '£2,000 in / £1,501 out / £500 net',
    );
  });
});
