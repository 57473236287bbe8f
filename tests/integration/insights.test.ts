import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import {
  putNewTransactions,
  type TransactionItem,
  transactionKey,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { registerServices, services } from '../../functions/app/container';
import type {
  AccountTypesResponse,
  OverviewResponse,
  PeriodStatsResponse,
} from '../../functions/contracts/insights';
import { COMPARISON_MESSAGES } from '../../functions/domain/periods';
import { changesOf, rowsChanged } from '../../functions/services/row-changes';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * The insight figures against rows whose totals are known. The rows are written as the pipeline writes them
 * (then reported through rowsChanged), so every figure below is worked out by hand from this list:
 *
 *  Everyday (current), March 2025: salary +2,500.00; Tesco −45.20; to savings −500.00 (internal);
 *    mortgage −900.00; a refund +20.00 typed as an expense; an unclassified −10.00.
 *  Everyday, February: salary +2,400.00; shopping −300.00.
 *  Rainy day (savings): from current +500.00 (internal, March); interest +1.50 (income, February).
 *  Card (credit): Amazon £60.00 with only its debit marker (no signed amount: medium confidence), March.
 *  Old account (archived): +10,000.00 income in March — archived accounts are left out of every figure.
 *
 * "Today" is 20 March 2025.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let familyId: string;
let everyday: string;
let rainy: string;
let card: string;
let old: string;
const rows: TransactionItem[] = [];

function row(
  accountId: string,
  date: string,
  description: string,
  signed: number,
  flow: string | null,
  type?: 'credit' | 'debit',
): TransactionItem {
  const amount = Math.abs(signed);
  return {
    id: ulid(),
    family_id: familyId,
    account_id: accountId,
    upload_id: ulid(),
    transaction_date: date,
    description,
    amount,
    signed_amount: signed,
    type: type ?? (signed >= 0 ? 'credit' : 'debit'),
    balance: null,
    flow_type: flow,
    user_corrected_flow_type: null,
    classification_confidence: flow ? 0.95 : null,
    classification_method: flow ? 'rule' : null,
    created_at: new Date().toISOString(),
  };
}

beforeAll(async () => {
  twin = await startTestTwin();
  registerServices({ now: () => new Date('2025-03-20T12:00:00Z') });
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  await ada.call('POST', '/api/family');
  await eve.call('POST', '/api/family');
  everyday = await createAccount(ada, 'Everyday', 'current');
  rainy = await createAccount(ada, 'Rainy day', 'savings', 'Nationwide');
  card = await createAccount(ada, 'Card', 'credit', 'Amex');
  old = await createAccount(ada, 'Old account', 'current', 'Halifax');
  const { body } = await ada.call<{ accounts: Array<{ family_id: string }> }>('GET', '/api/accounts');
  familyId = body.accounts[0]!.family_id;
  const amazon = row(card, '2025-03-12', 'AMAZON.CO.UK', -60, 'external_expense', 'debit');
  rows.push(
    row(everyday, '2025-03-01', 'ACME LTD SALARY', 2500, 'income'),
    row(everyday, '2025-03-03', 'TESCO STORES', -45.2, 'external_expense'),
    row(everyday, '2025-03-05', 'TFR TO SAVINGS', -500, 'internal_transfer'),
    row(rainy, '2025-03-05', 'TFR FROM CURRENT', 500, 'internal_transfer'),
    row(everyday, '2025-03-10', 'NATIONWIDE MORTGAGE', -900, 'mortgage_payment'),
    row(everyday, '2025-03-15', 'REFUND TESCO', 20, 'external_expense'),
    row(everyday, '2025-03-18', 'SOMETHING', -10, null),
    row(everyday, '2025-02-01', 'ACME LTD SALARY', 2400, 'income'),
    row(everyday, '2025-02-14', 'JOHN LEWIS', -300, 'external_expense'),
    row(rainy, '2025-02-20', 'INTEREST', 1.5, 'income'),
    { ...amazon, signed_amount: null as unknown as number },
    row(old, '2025-03-02', 'WINDFALL', 10000, 'income'),
  );
  await putNewTransactions(rows);
  await rowsChanged(services(), familyId, changesOf(rows));
  const archived = await ada.call('POST', `/api/accounts/${old}/archive`);
  expect(archived.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await twin?.stop();
});

const overview = async (period?: string) => {
  const answer = await ada.call<OverviewResponse>(
    'GET',
    `/api/insights/overview${period ? `?period=${period}` : ''}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('GET /api/insights/overview', () => {
  it('the true position of this month: money in and out by direction, internal transfers apart', async () => {
    const body = await overview();
    expect(body.period).toEqual({
      key: 'this_month',
      label: 'This Month',
      start: '2025-03-01',
      end: '2025-03-31',
    });
    expect(body.position).toEqual({
      money_in: 2500, // the salary
      money_out: 995.2, // Tesco, mortgage, Amazon, the unclassified 10, less the 20 refund
      internal_movement: 500, // one transfer of 500, seen from both accounts, counted once
      transfers: 1,
      net: 1504.8,
      transaction_count: 8,
      confidence: 'high',
      text: "You're ahead this month",
    });
    expect(body.connected_accounts).toBe(3);
    expect(body.transactions_processed).toBe(11);
    expect(body.range).toEqual({
      earliestDate: '2025-02-01',
      latestDate: '2025-03-18',
      totalTransactions: 11,
    });
    expect(body.range_note).toBe('11 transactions from 01/02/2025 to 18/03/2025');
  });

  it('the period overview: income, expenses (mortgage types included), net flow, activity and quality', async () => {
    const { summary, quick_summary } = await overview('this_month');
    expect(summary).toEqual({
      totalIncome: 2500,
      totalExpenses: 995.2, // 45.20 + 900 + 60 + the unclassified 10 − the refund's 20
      totalInternalTransfers: 500,
      netFlow: 1504.8, // the headline's net
      transactionCount: 8,
      avgTransactionSize: 566.9,
      dataQuality: 'complete',
      confidence: 'high',
      accountsActive: 3,
      summaryQuality: 'complete',
      qualityMessage: null,
    });
    expect(quick_summary).toBe('£2,500 in / £995 out / £1,505 net');
  });

  it('the comparison with the previous calendar month (1 – 28 February)', async () => {
    const { previous, previous_stats, comparison } = await overview('this_month');
    expect(previous).toMatchObject({ label: 'Previous Month', start: '2025-02-01', end: '2025-02-28' });
    expect(previous_stats).toMatchObject({
      totalIncome: 2401.5,
      totalExpenses: 300,
      netFlow: 2101.5,
      transactionCount: 3,
    });
    expect(comparison.income).toEqual({ value: 4.1, trend: 'up', display: '+4.1%' });
    expect(comparison.expenses).toEqual({ value: 232, trend: 'up', display: '+232%' });
    expect(comparison.netFlow).toEqual({ value: -28.4, trend: 'down', display: '-28.4%' });
    expect(comparison.transactions).toEqual({ value: 167, trend: 'up', display: '+167%' });
    expect(comparison.insufficient).toBe(false);
    expect(comparison.warning).toBe(COMPARISON_MESSAGES.limitedWarning);
  });

  it('the period selector: quick periods with their data-quality dots', async () => {
    const { periods } = await overview();
    expect(periods.map((p) => [p.key, p.quality, p.message])).toEqual([
      ['this_month', 'complete', null],
      ['last_month', 'complete', null],
      ['this_quarter', 'partial', 'Data available from 01/02/2025'],
      ['last_quarter', 'insufficient', 'Data available from 01/02/2025'],
      ['this_year', 'partial', 'Data available from 01/02/2025'],
    ]);
    const refused = await ada.call<{ error: { message: string } }>(
      'GET',
      '/api/insights/overview?period=all_time',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("All Time is not available for this family's data yet");
  });

  it('last month and the quarter', async () => {
    const feb = await overview('last_month');
    expect(feb.position).toMatchObject({
      money_in: 2401.5,
      money_out: 300,
      net: 2101.5,
      transaction_count: 3,
    });
    expect(feb.position.text).toBe("You're ahead for last month");
    const quarter = await overview('this_quarter');
    expect(quarter.summary).toMatchObject({
      totalIncome: 4901.5,
      totalExpenses: 1295.2,
      transactionCount: 11,
    });
    // the quarter is set against the whole previous quarter (October – December)
    expect(quarter.previous).toMatchObject({ start: '2024-10-01', end: '2024-12-31' });
  });

  it('the months chart: money in and out by month and the running net', async () => {
    const { months } = await overview();
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({
      month: '2025-03',
      money_in: 2500,
      money_out: 995.2,
      net: 1504.8,
      cumulative: 3606.3,
    });
    expect(months.at(-2)).toEqual({
      month: '2025-02',
      money_in: 2401.5,
      money_out: 300,
      net: 2101.5,
      cumulative: 2101.5,
    });
    expect(months[0]).toMatchObject({ month: '2024-04', money_in: 0, money_out: 0 });
  });

  it('data quality: each account’s freshness by its type’s thresholds, the family summary, actions', async () => {
    const { data_quality } = await overview();
    const byName = Object.fromEntries(data_quality.accounts.map((a) => [a.name, a]));
    // current: 2 days since 18 March → excellent; savings: 15 days (≤ 30) → good; credit: 8 days (≤ 14) → good
    expect(byName.Everyday).toMatchObject({
      status: 'excellent',
      daysSinceLastTransaction: 2,
      message: 'Recent activity',
    });
    expect(byName['Rainy day']).toMatchObject({ status: 'good', daysSinceLastTransaction: 15 });
    expect(byName.Card).toMatchObject({ status: 'good', daysSinceLastTransaction: 8 });
    expect(byName['Old account']).toBeUndefined();
    expect(data_quality.family).toEqual({ status: 'good', message: 'All accounts have reasonable activity' });
    expect(data_quality.recommended_actions).toEqual([]);
  });

  it('a family without accounts: no accounts configured yet, and zero figures', async () => {
    const body = (await eve.call<OverviewResponse>('GET', '/api/insights/overview')).body;
    expect(body.data_quality.family.message).toBe('No accounts configured yet.');
    expect(body.data_quality.recommended_actions).toEqual(['Add accounts to see data quality insights.']);
    expect(body.position).toMatchObject({ money_in: 0, money_out: 0, net: 0, transaction_count: 0 });
    expect(body.summary).toMatchObject({
      summaryQuality: 'insufficient',
      qualityMessage: 'No transactions found for this period',
    });
    expect(body.comparison.insufficient).toBe(true);
  });

  it('another family’s figures are never included, and its period is refused in its own words', async () => {
    const bad = await ada.call<{ error: { message: string } }>(
      'GET',
      '/api/insights/overview?period=next_week',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('period is one of this_month');
  });
});

describe('GET /api/insights/period-stats', () => {
  it('a date range: summary and the previous period of the same length', async () => {
    const { body, status } = await ada.call<PeriodStatsResponse>(
      'GET',
      '/api/insights/period-stats?from=2025-03-04&to=2025-03-15',
    );
    expect(status).toBe(200);
    // a transfer of 500 (both legs), mortgage 900, Amazon 60 less the refund 20 — Tesco (3rd) and the
    // unclassified (18th) are outside
    expect(body.summary).toMatchObject({
      totalIncome: 0,
      totalExpenses: 940,
      totalInternalTransfers: 500,
      transactionCount: 5,
      accountsActive: 3,
    });
    // a custom range is set against the equal-length window before it
    expect(body.previous).toMatchObject({ start: '2025-02-20', end: '2025-03-03' });
    expect(body.previous_stats).toMatchObject({
      totalIncome: 2501.5,
      totalExpenses: 45.2,
      transactionCount: 3,
    });
  });

  it('refuses a range given by halves or backwards', async () => {
    const half = await ada.call<{ error: { message: string } }>(
      'GET',
      '/api/insights/period-stats?from=2025-03-04',
    );
    expect(half.status).toBe(400);
    expect(half.body.error.message).toContain('Give both from and to, or a period');
    const back = await ada.call<{ error: { message: string } }>(
      'GET',
      '/api/insights/period-stats?from=2025-03-04&to=2025-03-01',
    );
    expect(back.status).toBe(400);
    expect(back.body.error.message).toContain('The start date (from) is after the end date (to)');
  });
});

describe('GET /api/insights/account-types', () => {
  it('each type’s activity, counts, average, trend and top flow types over the last 12 months', async () => {
    const { body, status } = await ada.call<AccountTypesResponse>('GET', '/api/insights/account-types');
    expect(status).toBe(200);
    expect(body.window).toEqual({ start: '2024-04-01', end: '2025-03-18' });
    const current = body.types.find((t) => t.type === 'current')!;
    expect(current).toMatchObject({
      account_count: 1,
      transaction_count: 8,
      // income 4,900, mortgage 900, the transfer 500, spending 345.20 less the refund 20, unclassified 10
      total_activity: 6635.2,
      average_transaction: 829.4,
      // the activity of the last 30 days (19 Feb – 20 Mar), 3,935.20 (the refund lowers it as it lowers the
      // total activity), against the 30 before, 2,700.00
      monthly_trend: 45.7,
    });
    expect(current.categories.map((c) => [c.flow, c.total, c.share])).toEqual([
      ['income', 4900, 73.8],
      ['mortgage_payment', 900, 13.6],
      ['internal_transfer', 500, 7.5],
      ['external_expense', 325.2, 4.9],
      ['unclassified', 10, 0.2],
    ]);
    expect(body.types.find((t) => t.type === 'credit')).toMatchObject({
      account_count: 1,
      transaction_count: 1,
      total_activity: 60,
    });
    expect(body.types.find((t) => t.type === 'isa')).toMatchObject({
      account_count: 0,
      transaction_count: 0,
      total_activity: 0,
      categories: [],
    });
  });
});

describe('the figures follow every write', () => {
  const correct = async (item: TransactionItem, flow: string) => {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: transactionKey(item),
        UpdateExpression: 'SET user_corrected_flow_type = :f, classification_method = :m',
        ExpressionAttributeValues: { ':f': flow, ':m': 'user_corrected' },
      }),
    );
    await rowsChanged(services(), familyId, changesOf([item]));
  };

  it('after a correction (the refund corrected to income)', async () => {
    await correct(rows[5]!, 'income');
    const { summary, position } = await overview();
    expect(summary).toMatchObject({ totalIncome: 2520, totalExpenses: 1015.2, netFlow: 1504.8 });
    expect(position).toMatchObject({ money_in: 2520, money_out: 1015.2, net: 1504.8 });
  });

  it('after an accepted transfer (the unclassified −10 and a +10 on the card: both internal)', async () => {
    const partner = row(card, '2025-03-18', 'PAYMENT RECEIVED', 10, null);
    await putNewTransactions([partner]);
    await rowsChanged(services(), familyId, changesOf([partner]));
    await correct(rows[6]!, 'internal_transfer');
    await correct(partner, 'internal_transfer');
    const { position, summary } = await overview();
    expect(position).toMatchObject({
      money_in: 2520,
      money_out: 1005.2,
      internal_movement: 510, // two transfers, 500 and 10, each counted once
      transfers: 2,
      transaction_count: 9,
    });
    expect(summary).toMatchObject({ totalInternalTransfers: 510, transactionCount: 9 });
  });

  it('after a statement is read and then removed: back to exactly the figures before', async () => {
    // A Monzo current account's statement, to a Monzo current account (another bank's would wait for a check).
    const monzo = await createAccount(ada, 'Monzo current', 'current', 'Monzo');
    const before = await overview('this_year');
    const { pdf, truth } = await generateStatement('signed-amount', { seed: 21, transactions: 40 });
    const done = await uploadStatement(ada, monzo, 'card-march.pdf', pdf, { timeoutMs: 60_000 });
    expect(done.stage).toBe('done');
    await twin.runner.idle();
    const during = await overview('this_year');
    expect(during.summary.transactionCount).toBe(before.summary.transactionCount + truth.transactions.length);
    const sumIn = truth.transactions
      .filter((t) => t.signedAmount > 0)
      .reduce((n, t) => n + Math.round(t.signedAmount * 100), 0);
    const sumOut = truth.transactions
      .filter((t) => t.signedAmount < 0)
      .reduce((n, t) => n - Math.round(t.signedAmount * 100), 0);
    const refunds = truth.transactions
      .filter((t) => t.signedAmount > 0 && /\bREFUND\b/.test(t.description))
      .reduce((n, t) => n + Math.round(t.signedAmount * 100), 0);
    expect(refunds).toBeGreaterThan(0);
    const added = during.position;
    // every row is money in or out or internal: the statement's in and out are split between them, but a
    // refund is money back on spending, taken off money out rather than added to money in
    expect(
      Math.round((added.money_in - before.position.money_in) * 100) +
        Math.round((added.money_out - before.position.money_out) * 100) +
        Math.round((added.internal_movement - before.position.internal_movement) * 100),
    ).toBe(sumIn + sumOut - 2 * refunds);

    const removed = await ada.call('DELETE', `/api/uploads/${done.uploadId}`);
    expect(removed.status).toBe(200);
    const after = await overview('this_year');
    expect({ ...after, last_updated: null, data_quality: null }).toEqual({
      ...before,
      last_updated: null,
      data_quality: null,
    });
  }, 90_000);
});
