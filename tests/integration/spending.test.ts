import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamodb/client';
import { readTogether } from '../../functions/adapters/dynamodb/paging';
import {
  accountSpendRollups,
  saveSpendRollup,
  spendingRows,
  spendRollups,
  spendRollupVersion,
} from '../../functions/adapters/dynamodb/spending-repository';
import { putNewTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import { services } from '../../functions/app/container';
import type {
  CategoriesResponse,
  CategoryChangeResult,
  SpendingResponse,
} from '../../functions/contracts/spending';
import type { Transaction } from '../../functions/contracts/transactions';
import { mergeRollups, rollupOf } from '../../functions/domain/spending';
import { rollupVersions, rollupVersionsReadOf } from '../../functions/services/rollups';
import { changesOf, rowsChanged } from '../../functions/services/row-changes';
import { backfillCategories } from '../../functions/services/spending';
import {
  newSpendPeriods,
  newSpendPeriodsRead,
  refreshSpending,
} from '../../functions/services/spending-rollups';
import { generateStatement, type TruthTransaction } from '../fixtures/statements/generate';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Spend by category on the twin, through the API: statements go through the real pipeline, rows get their
 * category as Persist writes them, rowsChanged keeps the roll-ups, GET /api/insights/categories reads them.
 * Expected figures are worked out here from the generated statement's own rows (its "truth"), by what each
 * line is: card purchases and bills count, a refund from a shop takes its amount off, transfers between the
 * family's accounts (TFR ...) and income never count.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let current: string;
let savings: string;
let truth: TruthTransaction[];
let uploadId: string;
let months: { from: string; to: string };

const nextMonth = (m: string) => {
  const [y, n] = m.split('-').map(Number) as [number, number];
  return n === 12 ? `${y + 1}-01` : `${y}-${String(n + 1).padStart(2, '0')}`;
};
const pence = (n: number) => Math.round(n * 100);
const sum = (rows: TruthTransaction[]) => rows.reduce((s, t) => s + pence(t.amount), 0) / 100;
const debits = (re: RegExp) => truth.filter((t) => t.type === 'debit' && re.test(t.description));
const credits = (re: RegExp) => truth.filter((t) => t.type === 'credit' && re.test(t.description));

async function spending(caller: ApiCaller, query = ''): Promise<SpendingResponse> {
  const { status, body } = await caller.call<SpendingResponse>(
    'GET',
    `/api/insights/categories?from=${months.from}&to=${months.to}${query}`,
  );
  expect(status).toBe(200);
  return body;
}
const categoryOf = (s: SpendingResponse, id: string) => s.categories.find((c) => c.id === id);

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  current = await familyWithAccount(ada, { name: 'Joint current', bank_name: 'Barclays' });
  savings = await createAccount(ada, 'Saver', 'savings');
  await familyWithAccount(eve);
  const statement = await generateStatement('paid-out-paid-in', { seed: 11, transactions: 60 });
  truth = statement.truth.transactions;
  const upload = await uploadStatement(ada, current, 'statement.pdf', statement.pdf);
  expect(upload.stage).toBe('done');
  uploadId = upload.uploadId;
  months = { from: statement.truth.period.start.slice(0, 7), to: statement.truth.period.end.slice(0, 7) };
}, 60_000);
afterAll(async () => {
  await twin?.stop();
});

describe('categories: GET /api/categories', () => {
  it('lists the seeded hierarchy by display order, children after their parent', async () => {
    const { status, body } = await ada.call<CategoriesResponse>('GET', '/api/categories');
    expect(status).toBe(200);
    const orders = body.categories.map((c) => c.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const water = body.categories.find((c) => c.id === 'bills.water');
    expect(water).toMatchObject({ name: 'Water', parent_id: 'bills' });
    expect(body.categories.find((c) => c.id === 'groceries')).toMatchObject({ parent_id: null });
  });
});

describe('rows get their category as the pipeline writes them', () => {
  it('an expense row carries category, subcategory, merchant and confidence; a transfer carries none', async () => {
    const rows = await transactionsOf(ada, current);
    const gas = rows.find((t) => /BRITISH GAS/.test(t.description));
    expect(gas).toMatchObject({
      category_id: 'bills',
      subcategory_id: 'bills.energy',
      primary_category: 'Bills & Utilities',
      subcategory: 'Energy',
      merchant_name: 'British Gas',
      category_confidence: 0.9,
    });
    const transfer = rows.find((t) => /^TFR \d/.test(t.description));
    expect(transfer).toBeDefined();
    expect(transfer?.category_id ?? null).toBeNull();
    for (const t of rows.filter(
      (r) => /TESCO|SAINSBURYS|MORRISONS/.test(r.description) && r.type === 'debit',
    ))
      expect(t.category_id, t.description).toBe('groceries');
  });
});

describe('the spending roll-ups an upload stores', () => {
  it("are, for months the account had none of, those a recomputation from the months' rows gives", async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const monthList: string[] = [];
    for (let m = months.from; m <= months.to; m = nextMonth(m)) monthList.push(m);
    // Stored by Finish from the rows the upload added (the account had no roll-up of these months).
    const stored = await accountSpendRollups(familyId, current, monthList);
    expect(stored.length).toBeGreaterThan(0);
    await refreshSpending(services(), familyId, [
      { accountId: current, dates: monthList.map((m) => `${m}-01`) },
    ]);
    const recomputed = await accountSpendRollups(familyId, current, monthList);
    const figures = (list: typeof stored) =>
      list.map(({ month, account_id, cells, latest_date }) => ({ month, account_id, cells, latest_date }));
    expect(figures(stored)).toEqual(figures(recomputed));
  });
});

describe('Spend by Category: GET /api/insights/categories', () => {
  it('counts purchases and bills, takes refunds off their category, never counts transfers or income', async () => {
    const s = await spending(ada);
    const spent = sum(truth.filter((t) => t.type === 'debit' && !/^TFR \d/.test(t.description)));
    const refunds = sum(credits(/REFUND/));
    expect(s.total).toBeCloseTo(spent - refunds, 2);
    expect(s.transaction_count).toBe(
      truth.filter((t) => t.type === 'debit' && !/^TFR \d/.test(t.description)).length +
        credits(/REFUND/).length,
    );
    expect(categoryOf(s, 'groceries')?.total).toBeCloseTo(sum(debits(/TESCO|SAINSBURYS|MORRISONS/)), 2);
    const amazon = sum(debits(/AMAZON/)) - sum(credits(/REFUND AMAZON/));
    expect(credits(/REFUND AMAZON/).length).toBeGreaterThan(0); // the statement has a refund from a shop
    expect(categoryOf(s, 'shopping')?.total).toBeCloseTo(amazon, 2);
    // shares add up to 100 and each category lists its top merchants (at most 5) and largest rows (at most 5)
    const positive = s.categories.filter((c) => c.total > 0);
    expect(positive.reduce((t, c) => t + c.percentage, 0)).toBeCloseTo(100, 0);
    for (const c of s.categories) {
      expect(c.top_merchants.length).toBeLessThanOrEqual(5);
      expect(c.transactions.length).toBeLessThanOrEqual(5);
    }
    // the statement's whole year, read from the year roll-ups, holds the same
    const year = months.from.slice(0, 4);
    const whole = await ada.call<SpendingResponse>(
      'GET',
      `/api/insights/categories?from=${year}-01&to=${year}-12`,
    );
    expect(whole.body.total).toBeCloseTo(s.total, 2);
    expect(whole.body.categories.map((c) => [c.id, c.total])).toEqual(
      s.categories.map((c) => [c.id, c.total]),
    );
    const bills = categoryOf(s, 'bills');
    expect(bills?.subcategories.map((x) => x.id)).toEqual(expect.arrayContaining(['bills.energy']));
    expect(s.data_quality).toBe(
      s.transaction_count > 20 ? 'complete' : s.transaction_count > 5 ? 'partial' : 'insufficient',
    );
  });

  it('filters purchases only and refunds only', async () => {
    const purchases = await spending(ada, '&type=purchases');
    expect(purchases.total).toBeCloseTo(
      sum(truth.filter((t) => t.type === 'debit' && !/^TFR \d/.test(t.description))),
      2,
    );
    const refunds = await spending(ada, '&type=refunds');
    expect(refunds.total).toBeCloseTo(sum(credits(/REFUND/)), 2);
  });

  it('filters accounts, and leaves uncategorised spending out on request', async () => {
    const onlySavings = await spending(ada, `&accounts=${savings}`);
    expect(onlySavings).toMatchObject({ categories: [], total: 0, accounts: [savings] });
    const without = await spending(ada, '&uncategorized=false');
    expect(without.categories.find((c) => c.id === 'uncategorised')).toBeUndefined();
  });

  it("answers bad queries with the reason, and shows another family's spending to no one", async () => {
    const bad = await ada.call<{ error: { message: string } }>(
      'GET',
      '/api/insights/categories?from=2025-13',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/YYYY-MM/);
    const reversed = await ada.call<{ error: { message: string } }>(
      'GET',
      '/api/insights/categories?from=2025-05&to=2025-01',
    );
    expect(reversed.status).toBe(400);
    // Another family's account in the filter is not found, as its id is everywhere else.
    const theirs = await eve.call(
      'GET',
      `/api/insights/categories?from=${months.from}&to=${months.to}&accounts=${current}`,
    );
    expect(theirs.status).toBe(404);
  });
});

describe('changing a category (single and bulk): audited, learned, in the figures', () => {
  it('moves a row to the chosen category and the figures follow', async () => {
    const rows = await transactionsOf(ada, current);
    const coffee = rows.find((t) => /COSTA/.test(t.description) && t.type === 'debit') as Transaction;
    expect(coffee).toBeDefined();
    const before = await spending(ada);
    const { status, body } = await ada.call<CategoryChangeResult>(
      'PATCH',
      `/api/transactions/${coffee.id}/category`,
      {
        account_id: coffee.account_id,
        transaction_date: coffee.transaction_date,
        category_id: 'entertainment.leisure',
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ updated: 1, learned_merchants: 1 });
    expect(body.transactions[0]).toMatchObject({ category_id: 'entertainment', category_confidence: 1 });
    const after = await spending(ada);
    const moved = coffee.amount;
    expect(categoryOf(after, 'entertainment')?.total ?? 0).toBeCloseTo(
      (categoryOf(before, 'entertainment')?.total ?? 0) + moved,
      2,
    );
    expect(categoryOf(after, 'eating_out')?.total ?? 0).toBeCloseTo(
      (categoryOf(before, 'eating_out')?.total ?? 0) - moved,
      2,
    );
    expect(after.total).toBeCloseTo(before.total, 2);
  });

  it('changes many rows at once and learns each merchant for later statements', async () => {
    const rows = (await transactionsOf(ada, current)).filter(
      (t) => /TESCO/.test(t.description) && t.type === 'debit',
    );
    expect(rows.length).toBeGreaterThan(0);
    const { status, body } = await ada.call<CategoryChangeResult>('POST', '/api/transactions/categories', {
      transactions: rows.map((t) => ({
        id: t.id,
        account_id: t.account_id,
        transaction_date: t.transaction_date,
      })),
      category_id: 'shopping.home',
    });
    expect(status).toBe(200);
    expect(body.updated).toBe(rows.length);
    // a later statement on another account: its Tesco rows take the family's category (learned, 0.9)
    const other = await createAccount(ada, 'Second current', 'current', 'Monzo');
    const next = await generateStatement('signed-amount', { seed: 5, transactions: 60 });
    const upload = await uploadStatement(ada, other, 'next.pdf', next.pdf);
    expect(upload.stage).toBe('done');
    const tesco = (await transactionsOf(ada, other)).filter(
      (t) => /TESCO/.test(t.description) && t.type === 'debit',
    );
    for (const t of tesco)
      expect(t).toMatchObject({ subcategory_id: 'shopping.home', category_confidence: 0.9 });
  }, 60_000);

  it("refuses an unknown category, another family's row, and an empty list", async () => {
    const [row] = await transactionsOf(ada, current);
    const ref = { account_id: row!.account_id, transaction_date: row!.transaction_date };
    const unknown = await ada.call<{ error: { message: string } }>(
      'PATCH',
      `/api/transactions/${row!.id}/category`,
      {
        ...ref,
        category_id: 'yachts',
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('This category does not exist. Choose one from the list.');
    const theirs = await eve.call('PATCH', `/api/transactions/${row!.id}/category`, {
      ...ref,
      category_id: 'groceries',
    });
    expect(theirs.status).toBe(404);
    const none = await ada.call<{ error: { message: string } }>('POST', '/api/transactions/categories', {
      transactions: [],
      category_id: 'groceries',
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Choose at least one transaction');
  });
});

describe('after a removed statement', () => {
  it("the statement's spending leaves the figures", async () => {
    expect((await spending(ada, `&accounts=${current}`)).total).toBeGreaterThan(0);
    const removed = await ada.call('DELETE', `/api/uploads/${uploadId}`);
    expect(removed.status).toBe(200);
    const after = await spending(ada, `&accounts=${current}`);
    expect(after).toMatchObject({ categories: [], total: 0, transaction_count: 0 });
    const year = months.from.slice(0, 4);
    const whole = await ada.call<SpendingResponse>(
      'GET',
      `/api/insights/categories?from=${year}-01&to=${year}-12&accounts=${current}`,
    );
    expect(whole.body).toMatchObject({ categories: [], total: 0 });
  });
});

describe('the one-off backfill', () => {
  it('categorises rows stored before categories and builds their roll-ups; a second run changes nothing', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    // A row as stored before categories and roll-ups existed: no category fields, no roll-up.
    await putNewTransactions([
      {
        id: 'beforeCategories000001',
        family_id: familyId,
        account_id: savings,
        upload_id: ulid(),
        transaction_date: `${months.from}-10`,
        description: 'DD THAMES WATER 99812345',
        amount: 38.5,
        signed_amount: -38.5,
        type: 'debit',
        balance: null,
        flow_type: 'external_expense',
        user_corrected_flow_type: null,
        classification_confidence: 0.95,
        classification_method: 'ai_auto',
        created_at: new Date().toISOString(),
      },
    ]);
    expect((await spending(ada, `&accounts=${savings}`)).total).toBe(0);
    const first = await backfillCategories(services());
    expect(first.categorised).toBeGreaterThanOrEqual(1);
    const [row] = await transactionsOf(ada, savings);
    expect(row).toMatchObject({ subcategory_id: 'bills.water', merchant_name: 'Thames Water' });
    const s = await spending(ada, `&accounts=${savings}`);
    expect(s).toMatchObject({ total: 38.5, transaction_count: 1 });
    expect(categoryOf(s, 'bills')?.subcategories).toEqual([
      { id: 'bills.water', name: 'Water', total: 38.5, count: 1 },
    ]);
    const second = await backfillCategories(services());
    expect(second.categorised).toBe(0);
    expect((await spending(ada, `&accounts=${savings}`)).total).toBe(38.5);
  });
});

describe('a row that becomes spending after it was written', () => {
  it('is categorised by the roll-up refresh its change runs (e.g. a flow-type correction)', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const row = {
      id: 'correctedLater00000001',
      family_id: familyId,
      account_id: savings,
      upload_id: ulid(),
      transaction_date: `${months.from}-12`,
      description: 'CARD PAYMENT TO GREGGS PLC 1190 ON 12-02-2025',
      amount: 4.2,
      signed_amount: -4.2,
      type: 'debit' as const,
      balance: null,
      // stored as a transfer, then corrected to an expense (the correction reports the row to rowsChanged)
      flow_type: 'internal_transfer',
      user_corrected_flow_type: 'external_expense',
      classification_confidence: 0.9,
      classification_method: 'user_corrected',
      created_at: new Date().toISOString(),
    };
    await putNewTransactions([row]);
    await rowsChanged(services(), familyId, changesOf([row]));
    const stored = (await transactionsOf(ada, savings)).find((t) => t.id === row.id);
    expect(stored).toMatchObject({ subcategory_id: 'eating_out.cafes', merchant_name: 'Greggs' });
    const s = await spending(ada, `&accounts=${savings}`);
    expect(categoryOf(s, 'eating_out')?.total).toBeCloseTo(4.2, 2);
  });
});

describe('the spending roll-up of a year the account had none of', () => {
  const spent = (familyId: string, accountId: string, id: string, date: string, amount: number) => ({
    id: `${id}-${ulid()}`,
    family_id: familyId,
    account_id: accountId,
    upload_id: ulid(),
    transaction_date: date,
    description: 'CARD PAYMENT TO TESCO STORES 3217',
    amount,
    signed_amount: -amount,
    type: 'debit' as const,
    balance: null,
    flow_type: 'external_expense',
    user_corrected_flow_type: null,
    classification_confidence: 0.9,
    classification_method: 'rule',
    created_at: new Date().toISOString(),
    category_id: 'groceries',
    subcategory_id: null,
    primary_category: 'Groceries',
    subcategory: null,
    merchant_name: 'Tesco',
    category_confidence: 0.9,
    category_source: 'rule',
  });
  const recomputedYear = async (familyId: string, accountId: string, year: string, months: string[]) =>
    mergeRollups(
      year,
      accountId,
      await Promise.all(
        months.map(async (m) =>
          rollupOf(m, accountId, await spendingRows(familyId, accountId, `${m}-01`, `${m}-31`)),
        ),
      ),
    );

  it('is merged from the months stored from the added rows, which are not read back', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const accountId = await createAccount(ada, 'New year card', 'current');
    const rows = [
      spent(familyId, accountId, 'ny1', '2027-02-03', 12.5),
      spent(familyId, accountId, 'ny2', '2027-03-09', 40),
      spent(familyId, accountId, 'ny3', '2027-03-10', 7.25),
    ];
    // what Persist reads before it writes the rows
    expect(await newSpendPeriods(familyId, ['2027-02', '2027-03'], accountId)).toEqual({
      months: ['2027-02', '2027-03'],
      years: ['2027'],
    });
    await putNewTransactions(rows);
    const send = vi.spyOn(documentClient(), 'send');
    try {
      await refreshSpending(services(), familyId, changesOf(rows), {
        accountId,
        months: ['2027-02', '2027-03'],
        years: ['2027'],
        rows,
      });
      // the two months and the year written, nothing read
      expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual([
        'PutCommand',
        'PutCommand',
        'PutCommand',
      ]);
    } finally {
      send.mockRestore();
    }
    const [year] = (await spendRollups(familyId, '2027', '2027')).filter((r) => r.account_id === accountId);
    expect(year).toEqual(await recomputedYear(familyId, accountId, '2027', ['2027-02', '2027-03']));
    expect(year?.cells.reduce((s, c) => s + c.out_count, 0)).toBe(3);
  });

  it('is read from every month when another month of the year was stored since the read', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const accountId = await createAccount(ada, 'Busy year card', 'current');
    const mine = [spent(familyId, accountId, 'by1', '2028-04-03', 12.5)];
    // Persist read no roll-up of 2028; then another write of the account's January lands and is rolled up.
    const theirs = [spent(familyId, accountId, 'by2', '2028-01-20', 30)];
    await putNewTransactions(theirs);
    await refreshSpending(services(), familyId, changesOf(theirs));
    // read now, Persist would find the year stored
    expect(await newSpendPeriods(familyId, ['2028-04'], accountId)).toEqual({
      months: ['2028-04'],
      years: [],
    });
    await putNewTransactions(mine);
    await refreshSpending(services(), familyId, changesOf(mine), {
      accountId,
      months: ['2028-04'],
      years: ['2028'],
      rows: mine,
    });
    const [year] = (await spendRollups(familyId, '2028', '2028')).filter((r) => r.account_id === accountId);
    expect(year).toEqual(await recomputedYear(familyId, accountId, '2028', ['2028-01', '2028-04']));
    expect(year?.cells.reduce((s, c) => s + c.out_count, 0)).toBe(2);
    // a month's roll-up stored without its year's is a year with a roll-up all the same
    await saveSpendRollup(
      familyId,
      rollupOf('2029-05', accountId, [spent(familyId, accountId, 'm', '2029-05-01', 3)]),
      null,
      new Date().toISOString(),
    );
    expect(await newSpendPeriods(familyId, ['2029-06'], accountId)).toEqual({
      months: ['2029-06'],
      years: [],
    });
  });

  it('is read by Persist in the same request as the flow roll-ups’ versions, each as read alone', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const accountId = await createAccount(ada, 'Both reads card', 'current');
    const rows = [spent(familyId, accountId, 'br1', '2030-02-03', 12.5)];
    await putNewTransactions(rows);
    await rowsChanged(services(), familyId, changesOf(rows));
    const dates = ['2030-02-10', '2030-03-01', '2030-03-02'];
    const months = ['2030-02', '2030-03'];
    const alone = [await rollupVersions(familyId, dates), await newSpendPeriods(familyId, months, accountId)];
    expect(alone).toEqual([
      { '2030-02': expect.any(Number), '2030-03': null },
      { months: ['2030-03'], years: [] },
    ]);
    const send = vi.spyOn(documentClient(), 'send');
    try {
      const together = await readTogether(
        rollupVersionsReadOf(familyId, dates),
        newSpendPeriodsRead(familyId, months, accountId),
      );
      expect(together).toEqual(alone);
      expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual(['BatchGetCommand']);
    } finally {
      send.mockRestore();
    }
  });

  it('is stored from a first statement’s months (Persist hands its years to Finish)', async () => {
    // A family of its own: the tests above delete the shared statement and teach the family categories.
    const bo = await signedIn(twin, `bo-${ulid()}`, 'bo@example.co.uk');
    const accountId = await familyWithAccount(bo, { name: 'First current', bank_name: 'Barclays' });
    const statement = await generateStatement('paid-out-paid-in', { seed: 11, transactions: 60 });
    const upload = await uploadStatement(bo, accountId, 'first.pdf', statement.pdf);
    expect(upload.stage).toBe('done');
    const from = statement.truth.period.start.slice(0, 7);
    const to = statement.truth.period.end.slice(0, 7);
    // The upload reads 'done' once Finish has written it; the execution ends when Finish returns.
    await twin.runner.idle();
    const execution = twin.runner.list(200).find((e) => e.name.startsWith(upload.uploadId));
    const years = [...new Set([from.slice(0, 4), to.slice(0, 4)])];
    expect(execution?.status).toBe('SUCCEEDED');
    // A Persist run again (a dependency timed out on a busy machine) finds its own rows stored and hands
    // nothing on: Finish then recomputes the months from the rows, and the stored roll-ups below are the same.
    const persists = (execution?.steps ?? []).filter((step) => step.task === 'Persist').length;
    const handedOn = (execution?.output as { newSpendYears?: string[] } | undefined)?.newSpendYears;
    if (persists === 1) expect(handedOn).toEqual(years);
    else expect(handedOn).toBeUndefined();
    const familyId = (await bo.call<{ id: string }>('GET', '/api/family')).body.id;
    const monthList: string[] = [];
    for (let m = from; m <= to; m = nextMonth(m)) monthList.push(m);
    for (const year of years) {
      const [stored] = (await spendRollups(familyId, year, year)).filter((r) => r.account_id === accountId);
      expect(stored).toEqual(
        await recomputedYear(
          familyId,
          accountId,
          year,
          monthList.filter((m) => m.startsWith(year)),
        ),
      );
    }
  }, 60_000);
});

describe('roll-ups stay exact when refreshes overlap', () => {
  const row = (familyId: string, accountId: string, i: number, date: string) => ({
    id: `overlap${String(i).padStart(15, '0')}`,
    family_id: familyId,
    account_id: accountId,
    upload_id: ulid(),
    transaction_date: date,
    description: ['CARD PAYMENT TO TESCO STORES 3217', 'DD THAMES WATER 99812345', 'SQ *THE COFFEE HOUSE'][
      i % 3
    ]!,
    amount: 1 + i,
    signed_amount: -(1 + i),
    type: 'debit' as const,
    balance: null,
    flow_type: 'external_expense',
    user_corrected_flow_type: null,
    classification_confidence: 0.9,
    classification_method: 'ai_auto',
    created_at: new Date().toISOString(),
  });

  it('a refresh that computed from rows read before another landed does not store its figures', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const accountId = await createAccount(ada, 'Stale check', 'current');
    const month = '2024-03';
    const first = row(familyId, accountId, 1, `${month}-05`);
    await putNewTransactions([first]);
    await refreshSpending(services(), familyId, changesOf([first]));
    // A refresh reads the version, then the rows ...
    const version = await spendRollupVersion(familyId, month, accountId);
    const stale = rollupOf(
      month,
      accountId,
      await spendingRows(familyId, accountId, `${month}-01`, `${month}-31`),
    );
    // ... meanwhile another write of the month lands and its refresh stores the new figures ...
    const second = row(familyId, accountId, 2, `${month}-06`);
    await putNewTransactions([second]);
    await refreshSpending(services(), familyId, changesOf([second]));
    // ... so the first refresh's figures (without the second row) are refused.
    expect(await saveSpendRollup(familyId, stale, version, new Date().toISOString())).toBe(false);
    const [stored] = await accountSpendRollups(familyId, accountId, [month]);
    expect(stored?.cells.reduce((s, c) => s + c.out_count, 0)).toBe(2);
  });

  it('many writes of one account in two months at once leave the months and the year exactly as the rows give', async () => {
    const familyId = (await ada.call<{ id: string }>('GET', '/api/family')).body.id;
    const accountId = await createAccount(ada, 'Busy card', 'current');
    const batches = Array.from({ length: 8 }, (_, b) =>
      Array.from({ length: 5 }, (_, k) => {
        const i = 100 + b * 5 + k;
        return row(
          familyId,
          accountId,
          i,
          `2024-${k % 2 ? '05' : '06'}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
        );
      }),
    );
    await Promise.all(
      batches.map(async (rows) => {
        await putNewTransactions(rows);
        await refreshSpending(services(), familyId, changesOf(rows));
      }),
    );
    const months = ['2024-05', '2024-06'];
    const expected = await Promise.all(
      months.map(async (m) =>
        rollupOf(m, accountId, await spendingRows(familyId, accountId, `${m}-01`, `${m}-31`)),
      ),
    );
    expect(await accountSpendRollups(familyId, accountId, months)).toEqual(expected);
    const [year] = (await spendRollups(familyId, '2024', '2024')).filter((r) => r.account_id === accountId);
    expect(year).toEqual(mergeRollups('2024', accountId, expected));
    expect(year?.cells.reduce((s, c) => s + c.out_count, 0)).toBe(40);
  });
});
