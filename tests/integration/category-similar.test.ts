import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CategoryChangeResult,
  SimilarRowsResponse,
  SpendingResponse,
} from '../../functions/contracts/spending';
import type { Transaction } from '../../functions/contracts/transactions';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * A category change offered to the family's identical and similar rows already imported: rent paid by
 * standing order to a person whose line does not say what for (read as a payment to a person; a line saying
 * RENT would be Housing already) in two statements, the same line twice in one month and once the month
 * after. GET …/category/similar lists the other rent rows (the
 * flow-type correction's similarity, at the bulk modal's threshold) and not the shop; the change applied to
 * them all moves every one to Rent, and Spend by Category follows. Another family's row is not found.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let everyday: string;

type ErrorBody = { error: { code: string; message: string } };

const RENT = 'J SMITH STO';
const MARCH: OrderedRow[] = [
  { date: '2025-03-01', description: 'ACME LTD SALARY', signedAmount: 2900 },
  { date: '2025-03-01', description: RENT, signedAmount: -650 },
  { date: '2025-03-09', description: 'TESCO STORES 2041', signedAmount: -54.2 },
  // The same standing order again (a catch-up payment): an identical row.
  { date: '2025-03-15', description: RENT, signedAmount: -650 },
];
const APRIL: OrderedRow[] = [
  { date: '2025-04-01', description: 'ACME LTD SALARY', signedAmount: 2900 },
  { date: '2025-04-01', description: RENT, signedAmount: -650 },
  { date: '2025-04-09', description: 'TESCO STORES 2041', signedAmount: -61.8 },
];

const refOf = (t: Transaction) => ({
  id: t.id,
  account_id: t.account_id,
  transaction_date: t.transaction_date,
});
const similarPath = (t: Transaction) =>
  `/api/transactions/${t.id}/category/similar?account_id=${t.account_id}&transaction_date=${t.transaction_date}`;

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  everyday = await familyWithAccount(ada, { name: 'Everyday', bank_name: 'Monzo' });
  await familyWithAccount(eve);
  for (const [name, rows, opening] of [
    ['march.pdf', MARCH, 1000],
    ['april.pdf', APRIL, 2545.8],
  ] as const) {
    const { pdf } = await generateAccountStatement({ rows, opening });
    expect((await uploadStatement(ada, everyday, name, pdf)).stage).toBe('done');
  }
  await twin.runner.idle();
}, 90_000);
afterAll(async () => {
  await twin?.stop();
});

describe('a category change offered to the identical and similar rows already imported', () => {
  let rent: Transaction[];

  it('lists the identical row of the same month and the similar row of the next, not the shop', async () => {
    const rows = await transactionsOf(ada, everyday);
    rent = rows.filter((t) => t.description === RENT).sort((a, b) => a.id.localeCompare(b.id));
    expect(rent).toHaveLength(3);
    const [first, ...others] = rent;
    const { status, body } = await ada.call<SimilarRowsResponse>('GET', similarPath(first!));
    expect(status).toBe(200);
    expect(body.transactions.map((t) => t.id).sort()).toEqual(others.map((t) => t.id).sort());
    expect(body.transactions.every((t) => t.amount === 650 && t.score >= 0.5)).toBe(true);
    expect(body.transactions.some((t) => /TESCO|SALARY/.test(t.description))).toBe(false);
  });

  it('applied to them all, every rent row is Rent, and Spend by Category follows', async () => {
    const before = (
      await ada.call<SpendingResponse>('GET', '/api/insights/categories?from=2025-03&to=2025-04')
    ).body;
    const housingBefore = before.categories.find((c) => c.id === 'housing')?.total ?? 0;
    const [first] = rent;
    const similar = (await ada.call<SimilarRowsResponse>('GET', similarPath(first!))).body.transactions;
    const { status, body } = await ada.call<CategoryChangeResult>('POST', '/api/transactions/categories', {
      transactions: [refOf(first!), ...similar.map((t) => refOf(t as unknown as Transaction))],
      category_id: 'housing.rent',
    });
    expect(status).toBe(200);
    expect(body.updated).toBe(3);
    const after = await transactionsOf(ada, everyday);
    for (const t of after.filter((r) => r.description === RENT))
      expect(t).toMatchObject({ category_id: 'housing', subcategory_id: 'housing.rent' });
    expect(after.filter((r) => /TESCO/.test(r.description)).every((r) => r.category_id === 'groceries')).toBe(
      true,
    );
    await twin.runner.idle();
    const spending = (
      await ada.call<SpendingResponse>('GET', '/api/insights/categories?from=2025-03&to=2025-04')
    ).body;
    expect(spending.categories.find((c) => c.id === 'housing')?.total).toBeCloseTo(housingBefore + 1950, 2);
    // Now in Rent, the rows like it offered are none: nothing left to change.
    const again = (await ada.call<SimilarRowsResponse>('GET', similarPath(first!))).body.transactions;
    expect(again.every((t) => t.category_id === 'housing.rent')).toBe(true);
  });

  it("another family's row is not found, nor a row named without its account and date", async () => {
    const [first] = rent;
    const other = await eve.call<ErrorBody>('GET', similarPath(first!));
    expect(other.status).toBe(404);
    const bare = await ada.call<ErrorBody>('GET', `/api/transactions/${first!.id}/category/similar`);
    expect(bare.status).toBe(404);
    const malformed = await ada.call<ErrorBody>(
      'GET',
      `/api/transactions/${first!.id}/category/similar?account_id=x&transaction_date=2025-13-01`,
    );
    expect(malformed.status).toBe(400);
  });
});
