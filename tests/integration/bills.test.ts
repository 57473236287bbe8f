import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import type { AskResponse } from '../../functions/contracts/assistant';
import type { BillDecisionResult, BillsResponse } from '../../functions/contracts/bills';
import { nextWorkingDay, previousWorkingDay } from '../../functions/domain/bank-holidays';
import { addDays, DEFAULT_TIME_ZONE, endOfMonth, localDate, makeDate } from '../../functions/domain/dates';
import { refreshRollups } from '../../functions/services/rollups';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { createAccount } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Bills & Regular Payments on the twin, through the API: fourteen months of a family's current account are
 * written to the twin's table as Persist writes rows (with running balances), GET /api/bills finds the
 * regular series in them, and every figure is checked against the rows written here: the usual amounts and
 * yearly costs, the latest balance, the month-end forecast worked out from the rows' own rhythm. Decisions
 * are remembered and win over detection; another family's series is 404.
 *
 * The history is dated back from the real today (the tokens are signed with the real clock): a direct debit
 * due on the 1st taken on the next working day, a card subscription posted the day after the 14th, a salary
 * due on the 25th paid the working day before when that is a weekend or bank holiday, a standing transfer
 * to the family's saver on the 28th, and weekly shopping of varying amounts that is no bill.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let current: string;
let saver: string;
let familyId: string;
const today = localDate(new Date(), DEFAULT_TIME_ZONE);
const rows: TransactionItem[] = [];
const y = Number(today.slice(0, 4));
const m = Number(today.slice(5, 7));

function add(
  date: string,
  description: string,
  signed: number,
  flow: string,
  category: Record<string, string> = {},
) {
  rows.push({
    ...category,
    id: ulid(),
    family_id: familyId,
    account_id: current,
    upload_id: 'seeded',
    transaction_date: date,
    description,
    amount: Math.abs(signed),
    signed_amount: signed,
    type: signed < 0 ? 'debit' : 'credit',
    balance: null,
    flow_type: flow,
    user_corrected_flow_type: null,
    classification_confidence: 0.9,
    classification_method: 'ai_auto',
    created_at: new Date().toISOString(),
  });
}

const GAS = 'DD BRITISH GAS 88120034';
const bills = async (caller: ApiCaller = ada) => {
  const { status, body } = await caller.call<BillsResponse>('GET', '/api/bills');
  expect(status).toBe(200);
  return body;
};

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  current = await familyWithAccount(ada, { name: 'Joint current', bank_name: 'Barclays' });
  saver = await createAccount(ada, 'Saver', 'savings');
  await familyWithAccount(eve);
  const family = await ada.call<{ family: { id: string } } & { id?: string }>('GET', '/api/family');
  familyId = family.body.family?.id ?? family.body.id ?? '';
  expect(familyId).not.toBe('');
  // fourteen whole months before this one
  for (let i = -14; i < 0; i++) {
    // the category fields Persist gives a bill and a streaming service
    add(nextWorkingDay(makeDate(y, m + i, 1)), GAS, i === -1 ? -142 : -96, 'external_expense', {
      category_id: 'bills',
      subcategory_id: 'bills.energy',
      merchant_name: 'British Gas',
    });
    add(addDays(makeDate(y, m + i, 14), 1), 'VIS NETFLIX.COM AMSTERDAM', -10.99, 'external_expense', {
      category_id: 'entertainment',
      subcategory_id: 'entertainment.streaming',
      merchant_name: 'Netflix',
    });
    add(previousWorkingDay(makeDate(y, m + i, 25)), 'BGC ACME LTD SALARY', 2400, 'income');
    add(makeDate(y, m + i, 28), 'TFR TO SAVER 40-11-22 12345678', -200, 'internal_transfer');
    for (let w = 0; w < 4; w++)
      add(
        makeDate(y, m + i, 3 + w * 7),
        'CARD PAYMENT TO TESCO STORES 3217',
        -(35 + ((i * 7 + w * 13) % 40)),
        'external_expense',
      );
  }
  rows.sort((a, b) => a.transaction_date.localeCompare(b.transaction_date) || a.id.localeCompare(b.id));
  let balance = 1500;
  rows.forEach((r, i) => {
    balance = Math.round((balance + r.signed_amount) * 100) / 100;
    r.balance = balance;
    r.position = i;
  });
  await putNewTransactions(rows);
  await refreshRollups(
    familyId,
    rows.map((r) => r.transaction_date),
  );
}, 60_000);
afterAll(async () => {
  await twin?.stop();
});

const last = () => rows.at(-1) as TransactionItem;

describe('GET /api/bills', () => {
  it('finds the regular payments, the salary and the savings plan, and no bill in the shopping', async () => {
    const b = await bills();
    expect(b.payments.map((s) => s.payee)).toEqual(['British Gas', 'Netflix']);
    expect(b.incomes.map((s) => [s.payee, s.salary, s.frequency])).toEqual([['Acme', true, 'monthly']]);
    expect(b.savings).toHaveLength(1);
    expect(b.savings[0]).toMatchObject({ kind: 'savings', usual_amount: 200, frequency: 'monthly' });
    expect(b.transactions_read).toBe(rows.length);
  });

  it('gives figures that agree with the rows', async () => {
    const b = await bills();
    const gas = b.payments.find((s) => s.payee === 'British Gas');
    const gasRows = rows.filter((r) => r.description === GAS);
    expect(gas).toMatchObject({
      account_id: current,
      channel: 'direct_debit',
      usual_amount: 96,
      last_amount: 142,
      last_date: gasRows.at(-1)?.transaction_date,
      occurrences: gasRows.length,
      yearly_cost: 96 * 12,
      note: 'British Gas took £142, usually £96',
    });
    expect(gas?.transaction_ids.sort()).toEqual(gasRows.map((r) => r.id).sort());
    expect(b.yearly.payments).toBeCloseTo(96 * 12 + 10.99 * 12, 2);
    expect(b.yearly.incomes).toBe(2400 * 12);
    const account = b.accounts.find((a) => a.id === current);
    expect(account).toMatchObject({ balance: last().balance, balance_as_of: last().transaction_date });
    expect(b.accounts.find((a) => a.id === saver)).toMatchObject({ balance: null });
  });

  it('forecasts the month end from the latest balance and what is due after it', async () => {
    const b = await bills();
    const monthEnd = endOfMonth(y, m);
    const since = last().transaction_date;
    // this month's expected dates, worked out here from the rows' rhythm
    const due = (date: string) => date > since && date <= monthEnd;
    let expected = Math.round((last().balance as number) * 100);
    if (due(nextWorkingDay(makeDate(y, m, 1)))) expected -= 9600;
    if (due(nextWorkingDay(makeDate(y, m, 14)))) expected -= 1099;
    if (due(previousWorkingDay(makeDate(y, m, 25)))) expected += 240000;
    if (due(nextWorkingDay(makeDate(y, m, 28)))) expected -= 20000;
    expect(b.forecast.month_end).toBe(monthEnd);
    expect(b.forecast.balance).toBe(last().balance);
    expect(Math.round(b.forecast.expected * 100)).toBe(expected);
    expect(b.forecast.in_credit).toBe(expected >= 0);
    expect(b.forecast.low).toBeLessThanOrEqual(b.forecast.expected);
    expect(b.forecast.high).toBeGreaterThanOrEqual(b.forecast.expected);
    expect(b.forecast.note).toMatch(/^Based on /);
    expect(b.forecast.note).toMatch(/from the latest balance of 1 current account/);
  });

  it('lays out the coming 30 days with the account’s balance after each item', async () => {
    const b = await bills();
    expect(b.calendar.length).toBeGreaterThan(0);
    for (const e of b.calendar) {
      expect(e.date >= today && e.date <= addDays(today, 29)).toBe(true);
      expect(e.account_id).toBe(current);
      expect(e.balance_after).not.toBeNull();
    }
    const dates = b.calendar.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('answers 404 to a signed-in user without a family', async () => {
    const newcomer = await signedIn(twin, `new-${ulid()}`, 'new@example.com');
    expect((await newcomer.call('GET', '/api/bills')).status).toBe(404);
  });

  it('shows another family none of it', async () => {
    const b = await bills(eve);
    expect([...b.payments, ...b.incomes, ...b.savings]).toEqual([]);
    expect(b.transactions_read).toBe(0);
  });
});

describe('PUT /api/bills/decisions', () => {
  it('remembers a rename, a category and a confirmation, and they win over detection', async () => {
    const before = await bills();
    const netflix = before.payments.find((s) => s.payee === 'Netflix');
    expect(netflix).toBeDefined();
    const saved = await ada.call<BillDecisionResult>('PUT', '/api/bills/decisions', {
      series_id: netflix?.id,
      name: '  Netflix (family plan) ',
      category_id: 'entertainment.streaming',
      status: 'confirmed',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.decision).toMatchObject({
      series_id: netflix?.id,
      name: 'Netflix (family plan)',
      status: 'confirmed',
      category_id: 'entertainment.streaming',
    });
    // a later rename alone keeps the confirmation
    await ada.call('PUT', '/api/bills/decisions', { series_id: netflix?.id, name: 'Netflix' });
    const after = await bills();
    expect(after.payments.find((s) => s.id === netflix?.id)).toMatchObject({
      payee: 'Netflix',
      confirmed: true,
      category_id: 'entertainment.streaming',
    });
  });

  it('"ended" stops the next date and the yearly cost; "not regular" takes it out of the list, undone by null', async () => {
    const b = await bills();
    const gas = b.payments.find((s) => s.payee === 'British Gas');
    await ada.call('PUT', '/api/bills/decisions', { series_id: gas?.id, status: 'ended' });
    const ended = await bills();
    expect(ended.payments.find((s) => s.id === gas?.id)).toMatchObject({
      status: 'ended',
      next_date: null,
      yearly_cost: 0,
    });
    expect(ended.calendar.some((e) => e.series_id === gas?.id)).toBe(false);
    await ada.call('PUT', '/api/bills/decisions', { series_id: gas?.id, status: 'not_regular' });
    const dismissed = await bills();
    expect(dismissed.payments.some((s) => s.id === gas?.id)).toBe(false);
    expect(dismissed.dismissed.map((s) => s.id)).toContain(gas?.id);
    await ada.call('PUT', '/api/bills/decisions', { series_id: gas?.id, status: null });
    const undone = await bills();
    expect(undone.payments.find((s) => s.id === gas?.id)).toMatchObject({
      status: 'active',
      yearly_cost: 1152,
    });
  });

  it('answers 404 for another family’s series and for one the rows do not show', async () => {
    const b = await bills();
    const id = b.payments[0]?.id;
    const other = await eve.call<{ error: { message: string } }>('PUT', '/api/bills/decisions', {
      series_id: id,
      status: 'ended',
    });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toMatch(/^That regular payment was not found/);
    expect(
      (await ada.call('PUT', '/api/bills/decisions', { series_id: 'payment:nope:X', status: 'ended' }))
        .status,
    ).toBe(404);
    // and family A's series is untouched by it
    expect((await bills()).payments.find((s) => s.id === id)?.status).not.toBe('ended');
  });

  it('says what is wrong with a bad request', async () => {
    const id = (await bills()).payments[0]?.id;
    const bad = async (body: unknown) =>
      ada.call<{ error: { message: string } }>('PUT', '/api/bills/decisions', body);
    const nothing = await bad({ series_id: id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toMatch(/Say what to change/);
    const status = await bad({ series_id: id, status: 'paused' });
    expect(status.status).toBe(400);
    expect(status.body.error.message).toMatch(/status is one of confirmed, not_regular, ended/);
    const category = await bad({ series_id: id, category_id: 'no.such' });
    expect(category.status).toBe(400);
    expect(category.body.error.message).toBe('This category does not exist. Choose one from the list.');
    const name = await bad({ series_id: id, name: 'x'.repeat(81) });
    expect(name.status).toBe(400);
  });
});

describe('the assistant answers from the same figures', () => {
  const ask = async (question: string) => {
    const { status, body } = await ada.call<AskResponse>('POST', '/api/assistant/messages', { question });
    expect(status).toBe(200);
    return body.answer;
  };

  it('What bills are due this week?', async () => {
    const b = await bills();
    const answer = await ask('What bills are due this week?');
    expect(answer.result?.intent).toBe('bills_due');
    const end = answer.result?.period?.end ?? '';
    const due = b.calendar.filter((e) => e.kind === 'payment' && e.date <= end);
    expect(answer.result?.figures.count).toBe(due.length);
    expect(Math.round((answer.result?.figures.total ?? 0) * 100)).toBe(
      due.reduce((n, e) => n + Math.round(-e.amount * 100), 0),
    );
    expect(answer.content).toMatch(due.length ? /due this week \(/ : /^No regular bills are due this week/);
  });

  it('How much do we spend on subscriptions a year?', async () => {
    const answer = await ask('How much do we spend on subscriptions a year?');
    expect(answer.result?.intent).toBe('subscriptions_cost');
    expect(answer.result?.figures.yearly).toBe(131.88);
    expect(answer.content).toBe('Your subscription costs £131.88 a year (£10.99 a month): Netflix £131.88.');
  });

  it('Will we be in credit at the end of the month?', async () => {
    const b = await bills();
    const answer = await ask('Will we be in credit at the end of the month?');
    expect(answer.result?.intent).toBe('month_end_forecast');
    expect(answer.result?.figures.expected).toBe(b.forecast.expected);
    expect(answer.content.startsWith(b.forecast.in_credit ? 'Yes: ' : 'No: ')).toBe(true);
    expect(answer.content).toContain(b.forecast.note);
  });
});
