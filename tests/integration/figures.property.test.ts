import fc from 'fast-check';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { registerServices, services } from '../../functions/app/container';
import type { AskResponse } from '../../functions/contracts/assistant';
import type {
  AccountTypesResponse,
  OverviewResponse,
  PeriodStatsResponse,
} from '../../functions/contracts/insights';
import type { SpendingResponse } from '../../functions/contracts/spending';
import type { Transaction } from '../../functions/contracts/transactions';
import { percentageChange } from '../../functions/domain/percentage-change';
import { changesOf, rowsChanged } from '../../functions/services/row-changes';
import { summariseRows } from '../../web/src/features/accounts/transactions/summary';
import { flowOverview } from '../../web/src/features/flow/flow-rules';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Random families through the product as a family uses it, and every figure the API gives each screen
 * against sums worked out here from the family's own rows (not with the product's figure code):
 *
 *  - a current account (salary on the 1st, spending, refunds, rows only a catch-all rule fits), a savings
 *    account and a credit card (purchases, a refund), each a Monzo-layout statement read by the real
 *    pipeline on the twin; rows a failed classification left unclassified, written as the pipeline writes
 *    rows (the twin has no AI classifier to fail);
 *  - transfers from the current account to savings with both legs printed, or only the current account's
 *    leg, or only the savings account's (the other statement did not print it);
 *  - a fourth account's statement, then the account archived (left out of every figure);
 *  - a statement uploaded and then removed (its rows gone);
 *  - corrections of rows' flow types through the corrections API (a refund corrected to External Expense,
 *    spending to income, a payment to an internal transfer).
 *
 * The rows are then read back through the API, and from them: money in = income rows' signed amounts +
 * unclassified money in; money out = spending and mortgage rows' money out less money back + unclassified
 * money out; net = in − out; moved between own accounts = each transfer once (the larger of the internal
 * money out and in). The screens: the overview's headline and period summary, the comparison (previous
 * calendar period, and a custom range's equal-length window), the months chart, Account Types, Account
 * Setup's summary (its own code, on the rows it loads), Transaction Flow's overview (likewise), Spend by
 * Category's totals and shares, four assistant answers and the CSV export's sums.
 *
 * A few families per run (each is several statements through the pipeline); fast-check's seed is fixed and
 * printed on failure (FIGURES_SEED and FIGURES_RUNS explore others).
 */
const SEED = Number(process.env.FIGURES_SEED ?? 27_2025);
const RUNS = Number(process.env.FIGURES_RUNS ?? 3);
const NOW = new Date('2025-03-20T12:00:00Z');
/** Months of the statements: December 2024 to March 2025 (today is 20 March 2025). */
const MONTHS = ['2024-12', '2025-01', '2025-02', '2025-03'] as const;
const LAST_DAY: Record<string, number> = { '2024-12': 31, '2025-01': 31, '2025-02': 28, '2025-03': 18 };

const CURRENT = { sortCode: '04-00-04', accountNumber: '12345678' };
const SAVINGS = { sortCode: '20-45-67', accountNumber: '87654321' };
const OLD = { sortCode: '11-22-33', accountNumber: '55556666' };

let twin: Awaited<ReturnType<typeof startTestTwin>>;

beforeAll(async () => {
  twin = await startTestTwin();
  registerServices({ now: () => NOW, assistantModel: null });
}, 120_000);
afterAll(async () => {
  await twin?.stop();
});

// ── The families ─────────────────────────────────────────────────────────────────────────────────────────

const SPENDING = ['TESCO STORES 2345', 'SAINSBURYS SACAT 0412', 'PRET A MANGER', 'NETFLIX.COM', 'SHELL 7731'];
const CARD_SPENDING = ['AMAZON.CO.UK', 'JOHN LEWIS', 'WAITROSE 112'];
/** Rows only the rule table's catch-all fits (money out an expense, money in income, at 0.60). */
const UNKNOWN = ['XQZ 4471 KLM', 'PAYPOINT QWV 19'];

const when = fc.record({ month: fc.constantFrom(...MONTHS), day: fc.integer({ min: 1, max: 28 }) });
const poundsArb = fc.integer({ min: 100, max: 90_000 }).map((p) => p / 100);
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const dated = ({ month, day }: { month: string; day: number }) =>
  `${month}-${String(Math.min(day, LAST_DAY[month]!)).padStart(2, '0')}`;

const familyArb = fc.record({
  salary: fc.integer({ min: 150_000, max: 400_000 }).map((p) => p / 100),
  spends: fc.array(fc.record({ when, pounds: poundsArb, payee: fc.constantFrom(...SPENDING) }), {
    minLength: 3,
    maxLength: 10,
  }),
  refunds: fc.array(fc.record({ when, pounds: poundsArb }), { maxLength: 2 }),
  unknown: fc.array(fc.record({ when, pounds: poundsArb, out: fc.boolean(), n: fc.nat(1) }), {
    minLength: 1,
    maxLength: 3,
  }),
  /** Rows a failed classification left unclassified (the twin has no AI classifier to fail). */
  unclassified: fc.array(fc.record({ when, pounds: poundsArb, out: fc.boolean() }), {
    minLength: 1,
    maxLength: 3,
  }),
  transfers: fc.array(
    fc.record({
      when,
      pounds: poundsArb,
      legs: fc.constantFrom('both', 'both', 'out', 'in'),
      /** Days the savings leg lands after the current account's (a transfer may clear the next day). */
      lag: fc.constantFrom(0, 0, 1),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  card: fc.array(fc.record({ when, pounds: poundsArb, payee: fc.constantFrom(...CARD_SPENDING) }), {
    minLength: 1,
    maxLength: 4,
  }),
  cardRefund: fc.option(fc.record({ when, pounds: poundsArb }), { nil: undefined }),
  interest: fc.integer({ min: 1, max: 900 }).map((p) => p / 100),
  old: fc.array(fc.record({ when, pounds: poundsArb }), { minLength: 1, maxLength: 3 }),
  removed: fc.array(fc.record({ when, pounds: poundsArb }), { minLength: 1, maxLength: 3 }),
  /** Rows (by index among the current account's read rows) corrected, and to what. */
  corrections: fc.array(
    fc.record({ at: fc.nat(), to: fc.constantFrom('income', 'external_expense', 'internal_transfer') }),
    { maxLength: 3 },
  ),
});
type Family = typeof familyArb extends fc.Arbitrary<infer T> ? T : never;

/** Rows made unique by (date, description, amount), as a statement prints distinct rows. */
function unique(rows: OrderedRow[]): OrderedRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.date}|${r.description}|${r.signedAmount}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function statements(g: Family) {
  const current: OrderedRow[] = [];
  const savings: OrderedRow[] = [];
  for (const month of MONTHS) {
    current.push({ date: `${month}-01`, description: 'SALARY ACME LTD', signedAmount: g.salary });
    savings.push({
      date: dated({ month, day: 28 }),
      description: 'INTEREST PAID GROSS',
      signedAmount: g.interest,
    });
  }
  for (const s of g.spends)
    current.push({ date: dated(s.when), description: s.payee, signedAmount: -s.pounds });
  for (const r of g.refunds)
    current.push({ date: dated(r.when), description: 'REFUND ARGOS', signedAmount: r.pounds });
  for (const u of g.unknown)
    current.push({
      date: dated(u.when),
      description: UNKNOWN[u.n]!,
      signedAmount: u.out ? -u.pounds : u.pounds,
    });
  for (const t of g.transfers) {
    const date = dated(t.when);
    if (t.legs !== 'in') current.push({ date, description: 'TFR 87654321 SAVINGS', signedAmount: -t.pounds });
    if (t.legs !== 'out')
      savings.push({
        date: t.lag && date < `${MONTHS.at(-1)}-${LAST_DAY[MONTHS.at(-1)!]}` ? nextDay(date) : date,
        description: 'TRANSFER FROM 12345678',
        signedAmount: t.pounds,
      });
  }
  // A card statement prints what the card owes: a purchase adds to it (positive), a refund takes off.
  const card: OrderedRow[] = g.card.map((c) => ({
    date: dated(c.when),
    description: c.payee,
    signedAmount: c.pounds,
  }));
  if (g.cardRefund)
    card.push({
      date: dated(g.cardRefund.when),
      description: 'REFUND AMAZON',
      signedAmount: -g.cardRefund.pounds,
    });
  const old = g.old.map((o) => ({ date: dated(o.when), description: 'LOTTERY WIN', signedAmount: o.pounds }));
  const removed = g.removed.map((r) => ({
    date: dated(r.when),
    description: 'DELIVEROO ORDER',
    signedAmount: -r.pounds,
  }));
  return {
    current: unique(current),
    savings: unique(savings),
    card: unique(card),
    old: unique(old),
    removed: unique(removed),
  };
}

// ── The independent sums ─────────────────────────────────────────────────────────────────────────────────

const EXPENSE = new Set(['external_expense', 'mortgage_payment', 'mortgage_overpayment', 'mortgage_fee']);
const pence = (pounds: number) => Math.round(pounds * 100);
const flowOf = (r: Transaction) => r.user_corrected_flow_type ?? r.flow_type ?? 'unclassified';
const signedPence = (r: Transaction) => pence(r.signed_amount ?? (r.type === 'debit' ? -r.amount : r.amount));

interface Sums {
  moneyIn: number;
  moneyOut: number;
  net: number;
  moved: number;
  transfers: number;
  count: number;
  /** Activity: income and spending net, the transfer once, unclassified both ways. */
  activity: number;
  /** Rows with each transfer once. */
  movements: number;
}

function sums(rows: readonly Transaction[]): Sums {
  let moneyIn = 0;
  let moneyOut = 0;
  let unclassified = 0;
  let internalIn = 0;
  let internalOut = 0;
  let legsIn = 0;
  let legsOut = 0;
  for (const r of rows) {
    const p = signedPence(r);
    const flow = flowOf(r);
    if (flow === 'internal_transfer') {
      if (p < 0) {
        internalOut -= p;
        legsOut++;
      } else {
        internalIn += p;
        legsIn++;
      }
    } else if (flow === 'income') moneyIn += p;
    else if (EXPENSE.has(flow)) moneyOut -= p;
    else if (p >= 0) {
      moneyIn += p;
      unclassified += p;
    } else {
      moneyOut -= p;
      unclassified -= p;
    }
  }
  const moved = Math.max(internalIn, internalOut);
  const transfers = Math.max(legsIn, legsOut);
  return {
    moneyIn,
    moneyOut,
    net: moneyIn - moneyOut,
    moved,
    transfers,
    count: rows.length,
    // income net + spending net + unclassified both ways + each transfer once
    activity: moneyIn - unclassified + (moneyOut - unclassified) + 2 * unclassified + moved,
    movements: rows.length - legsIn - legsOut + transfers,
  };
}

const between = (rows: readonly Transaction[], start: string, end: string) =>
  rows.filter((r) => r.transaction_date >= start && r.transaction_date <= end);

/**
 * What a row adds to Spend by Category, in pence (a refund negative), or null when it is not spending: the
 * spending rows of money out (external expenses), so a refund lowers money out and its category alike.
 */
function spendPence(r: Transaction): number | null {
  return flowOf(r) === 'external_expense' ? -signedPence(r) : null;
}

function spendByCategory(rows: readonly Transaction[]) {
  const byCategory = new Map<string, number>();
  for (const r of rows) {
    const p = spendPence(r);
    if (p === null) continue;
    const id = r.category_id ?? 'uncategorised';
    byCategory.set(id, (byCategory.get(id) ?? 0) + p);
  }
  const total = [...byCategory.values()].reduce((n, v) => n + v, 0);
  return { byCategory, total };
}

const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The quick periods on 20 March 2025 and each one's previous calendar period. */
const QUICK = [
  { key: 'this_month', start: '2025-03-01', end: '2025-03-31', prev: ['2025-02-01', '2025-02-28'] },
  { key: 'last_month', start: '2025-02-01', end: '2025-02-28', prev: ['2025-01-01', '2025-01-31'] },
  { key: 'this_quarter', start: '2025-01-01', end: '2025-03-31', prev: ['2024-10-01', '2024-12-31'] },
  { key: 'last_quarter', start: '2024-10-01', end: '2024-12-31', prev: ['2024-07-01', '2024-09-30'] },
  { key: 'this_year', start: '2025-01-01', end: '2025-12-31', prev: ['2024-01-01', '2024-12-31'] },
  { key: 'last_year', start: '2024-01-01', end: '2024-12-31', prev: ['2023-01-01', '2023-12-31'] },
] as const;

const toPounds = (p: number) => p / 100;

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────────────────

function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    out.push(row);
  }
  return out.filter((r) => r.some((c) => c !== ''));
}

// ── One family through the product ───────────────────────────────────────────────────────────────────────

async function buildFamily(caller: ApiCaller, g: Family) {
  await caller.call('POST', '/api/family');
  const ids = {
    current: await createAccount(caller, 'Everyday', 'current', 'Monzo'),
    savings: await createAccount(caller, 'Rainy day', 'savings', 'Monzo'),
    card: await createAccount(caller, 'Monzo Flex', 'credit', 'Monzo'),
    old: await createAccount(caller, 'Old joint', 'current', 'Monzo'),
  };
  const made = statements(g);
  const upload = async (accountId: string, rows: OrderedRow[], heading: object, name: string) => {
    const { pdf } = await generateAccountStatement({ rows, ...heading });
    const done = await uploadStatement(caller, accountId, name, pdf);
    expect(done.stage, JSON.stringify(done)).toBe('done');
    return done;
  };
  await upload(ids.current, made.current, CURRENT, 'current.pdf');
  await upload(ids.savings, made.savings, SAVINGS, 'savings.pdf');
  await upload(ids.card, made.card, { cardEnding: '4321', title: 'Monzo Flex statement' }, 'card.pdf');
  await upload(ids.old, made.old, OLD, 'old.pdf');
  const extra = await upload(ids.current, made.removed, CURRENT, 'takeaways.pdf');
  await twin.runner.idle();
  // Each statement read as printed (a card's purchases are money out).
  const read = async (id: string) =>
    (await rowsOf(caller, id)).map((r) => `${r.transaction_date} ${r.description} ${r.signed_amount}`).sort();
  const printed = (list: OrderedRow[], sign = 1) =>
    list.map((r) => `${r.date} ${r.description} ${sign * r.signedAmount}`).sort();
  expect(await read(ids.current)).toEqual(printed([...made.current, ...made.removed]));
  expect(await read(ids.savings)).toEqual(printed(made.savings));
  expect(await read(ids.card)).toEqual(printed(made.card, -1));

  // Rows a failed classification left unclassified, written as the pipeline writes rows and reported.
  const familyId = (await get<{ accounts: Array<{ family_id: string }> }>(caller, '/api/accounts'))
    .accounts[0]!.family_id;
  const unclassified: TransactionItem[] = unique(
    g.unclassified.map((u) => ({
      date: dated(u.when),
      description: 'CARD PAYMENT 0093',
      signedAmount: u.out ? -u.pounds : u.pounds,
    })),
  ).map((r) => ({
    id: ulid(),
    family_id: familyId,
    account_id: ids.current,
    upload_id: ulid(),
    transaction_date: r.date,
    description: r.description,
    amount: Math.abs(r.signedAmount),
    signed_amount: r.signedAmount,
    type: r.signedAmount >= 0 ? 'credit' : 'debit',
    balance: null,
    flow_type: null,
    user_corrected_flow_type: null,
    classification_confidence: null,
    classification_method: null,
    created_at: new Date().toISOString(),
  }));
  await putNewTransactions(unclassified);
  await rowsChanged(services(), familyId, changesOf(unclassified));
  const removal = await caller.call<{ removed: number }>('DELETE', `/api/uploads/${extra.uploadId}`);
  expect(removal.status).toBe(200);
  expect(removal.body.removed).toBe(made.removed.length);
  expect((await caller.call('POST', `/api/accounts/${ids.old}/archive`)).status).toBe(200);

  // Corrections: every refund on the current account to External Expense, then the drawn ones.
  let currentRows = await rowsOf(caller, ids.current);
  const refunds = currentRows.filter((r) => r.description === 'REFUND ARGOS');
  if (refunds.length) await correct(caller, refunds.slice(0, 1), 'external_expense');
  for (const c of g.corrections) {
    // rows the pipeline classified (the written unclassified rows have no fingerprint id to correct by)
    currentRows = (await rowsOf(caller, ids.current)).filter((r) => r.flow_type !== null);
    const row = currentRows[c.at % currentRows.length]!;
    if (flowOf(row) !== c.to) await correct(caller, [row], c.to);
  }
  await twin.runner.idle();
  return { ids, made };
}

async function rowsOf(caller: ApiCaller, accountId: string, range = ''): Promise<Transaction[]> {
  const { status, body } = await caller.call<{ transactions: Transaction[]; next_cursor?: string | null }>(
    'GET',
    `/api/accounts/${accountId}/transactions?limit=500${range}`,
  );
  expect(status).toBe(200);
  return body.transactions;
}

async function correct(caller: ApiCaller, rows: Transaction[], flow: string) {
  const { status, body } = await caller.call('POST', '/api/transactions/corrections', {
    mode: rows.length > 1 ? 'bulk' : 'single',
    transactions: rows.map((r) => ({
      id: r.id,
      account_id: r.account_id,
      transaction_date: r.transaction_date,
    })),
    flow_type: flow,
    reason: 'The family knows this row',
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

async function get<T>(caller: ApiCaller, path: string): Promise<T> {
  const { status, body } = await caller.call<T>('GET', path);
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

async function ask(caller: ApiCaller, question: string) {
  const { status, body } = await caller.call<AskResponse>('POST', '/api/assistant/messages', { question });
  expect(status).toBe(200);
  return body.answer;
}

/** Every figure of every screen, against the sums of the rows read back. */
async function checkFigures(caller: ApiCaller, ids: Record<'current' | 'savings' | 'card' | 'old', string>) {
  const active = [ids.current, ids.savings, ids.card];
  const byAccount = new Map<string, Transaction[]>();
  for (const id of [...active, ids.old]) byAccount.set(id, await rowsOf(caller, id));
  const rows = active.flatMap((id) => byAccount.get(id)!);
  expect(byAccount.get(ids.old)!.length).toBeGreaterThan(0);

  // the overview and the comparison, each quick period
  for (const q of QUICK) {
    const o = await get<OverviewResponse>(caller, `/api/insights/overview?period=${q.key}`);
    const want = sums(between(rows, q.start, q.end));
    const prev = sums(between(rows, q.prev[0], q.prev[1]));
    const label = `${q.key}`;
    expect(o.period, label).toMatchObject({ start: q.start, end: q.end });
    expect(o.previous, label).toMatchObject({ start: q.prev[0], end: q.prev[1] });
    expect(
      {
        money_in: pence(o.position.money_in),
        money_out: pence(o.position.money_out),
        net: pence(o.position.net),
        internal_movement: pence(o.position.internal_movement),
        transfers: o.position.transfers,
        transaction_count: o.position.transaction_count,
      },
      label,
    ).toEqual({
      money_in: want.moneyIn,
      money_out: want.moneyOut,
      net: want.net,
      internal_movement: want.moved,
      transfers: want.transfers,
      transaction_count: want.count,
    });
    // the period summary is the headline's figures
    expect(
      [
        o.summary.totalIncome,
        o.summary.totalExpenses,
        o.summary.netFlow,
        o.summary.totalInternalTransfers,
      ].map(pence),
      label,
    ).toEqual([want.moneyIn, want.moneyOut, want.net, want.moved]);
    expect(o.summary.transactionCount, label).toBe(want.count);
    expect(
      [
        o.previous_stats.totalIncome,
        o.previous_stats.totalExpenses,
        o.previous_stats.netFlow,
        o.previous_stats.totalInternalTransfers,
      ].map(pence),
      `${label} previous`,
    ).toEqual([prev.moneyIn, prev.moneyOut, prev.net, prev.moved]);
    expect(o.previous_stats.transactionCount).toBe(prev.count);
    // the comparison is of the figures shown
    expect(o.comparison.income, label).toEqual(
      percentageChange(toPounds(want.moneyIn), toPounds(prev.moneyIn)),
    );
    expect(o.comparison.expenses, label).toEqual(
      percentageChange(toPounds(want.moneyOut), toPounds(prev.moneyOut)),
    );
    expect(o.comparison.netFlow, label).toEqual(percentageChange(toPounds(want.net), toPounds(prev.net)));
    // the months chart: each month's money in, out and net
    for (const point of o.months) {
      const m = sums(between(rows, `${point.month}-01`, monthEnd(point.month)));
      expect([point.money_in, point.money_out, point.net].map(pence), `${label} ${point.month}`).toEqual([
        m.moneyIn,
        m.moneyOut,
        m.net,
      ]);
    }
    // period-stats of the same quick period: the same figures
    const ps = await get<PeriodStatsResponse>(caller, `/api/insights/period-stats?period=${q.key}`);
    expect(ps.summary.netFlow).toBe(o.summary.netFlow);
    expect(ps.previous_stats.netFlow).toBe(o.previous_stats.netFlow);
  }

  // a custom range against the equal-length window ending the day before it starts
  {
    const ps = await get<PeriodStatsResponse>(
      caller,
      '/api/insights/period-stats?from=2025-01-10&to=2025-02-17',
    );
    const want = sums(between(rows, '2025-01-10', '2025-02-17'));
    const prev = sums(between(rows, '2024-12-02', '2025-01-09'));
    expect(ps.previous).toMatchObject({ start: '2024-12-02', end: '2025-01-09' });
    expect([ps.summary.totalIncome, ps.summary.totalExpenses, ps.summary.netFlow].map(pence)).toEqual([
      want.moneyIn,
      want.moneyOut,
      want.net,
    ]);
    expect([ps.previous_stats.totalIncome, ps.previous_stats.totalExpenses].map(pence)).toEqual([
      prev.moneyIn,
      prev.moneyOut,
    ]);
  }

  // Account Types: each tab over its window
  {
    const at = await get<AccountTypesResponse>(caller, '/api/insights/account-types');
    const latest = rows
      .map((r) => r.transaction_date)
      .sort()
      .at(-1)!;
    expect(at.window).toEqual({ start: '2024-04-01', end: latest });
    const tabs: Record<string, string[]> = {
      current: [ids.current],
      savings: [ids.savings],
      credit: [ids.card],
      isa: [],
      mortgage: [],
    };
    let activityAll = 0;
    for (const tab of at.types) {
      const tabRows = between(
        (tabs[tab.type] ?? []).flatMap((id) => byAccount.get(id)!),
        at.window.start,
        at.window.end,
      );
      const want = sums(tabRows);
      expect(pence(tab.total_activity), tab.type).toBe(want.activity);
      expect(tab.transaction_count, tab.type).toBe(want.movements);
      expect(tab.account_count, tab.type).toBe((tabs[tab.type] ?? []).length);
      // the monthly trend: the activity of the last 30 days (today, 20 March, included) against the 30 before
      const own = (tabs[tab.type] ?? []).flatMap((id) => byAccount.get(id)!);
      const recent = sums(between(own, '2025-02-19', '2025-03-20')).activity;
      const earlier = sums(between(own, '2025-01-20', '2025-02-18')).activity;
      expect(tab.monthly_trend, `${tab.type} trend`).toBe(
        earlier === 0
          ? recent === 0
            ? 0
            : 100
          : Math.round(((recent - earlier) / Math.abs(earlier)) * 1000) / 10,
      );
      activityAll += pence(tab.total_activity);
      // each flow's total and its share of the tab's activity
      const shown = tab.categories.reduce((n, c) => n + pence(c.total), 0);
      if (tab.categories.length < 5) expect(shown, tab.type).toBe(want.activity);
      for (const c of tab.categories)
        expect(c.share, `${tab.type} ${c.flow}`).toBe(
          want.activity ? Math.round((pence(c.total) / want.activity) * 1000) / 10 : 0,
        );
      if (tab.type === 'current') {
        const inc = tab.categories.find((c) => c.flow === 'income');
        const incomeRows = tabRows.filter((r) => flowOf(r) === 'income');
        expect(pence(inc?.total ?? 0)).toBe(incomeRows.reduce((n, r) => n + signedPence(r), 0));
      }
    }
    // the tabs together are the family's activity over the window (each account is in one tab; the
    // savings and current legs of a transfer are in two tabs, each tab counting its own leg)
    const perTab = ['current', 'savings', 'credit'].map((t) =>
      sums(
        between(
          tabs[t]!.flatMap((id) => byAccount.get(id)!),
          at.window.start,
          at.window.end,
        ),
      ),
    );
    expect(activityAll).toBe(perTab.reduce((n, s) => n + s.activity, 0));
  }

  // Account Setup's summary (its own code on the rows it loads) and the CSV export, per period
  for (const q of QUICK.slice(0, 3)) {
    const range = `&from=${q.start}&to=${q.end}`;
    const loaded = (await Promise.all(active.map((id) => rowsOf(caller, id, range)))).flat();
    const summary = summariseRows(loaded);
    const want = sums(between(rows, q.start, q.end));
    expect([summary.moneyIn, summary.moneyOut, summary.net, summary.moved].map(pence), q.key).toEqual([
      want.moneyIn,
      want.moneyOut,
      want.net,
      want.moved,
    ]);
    expect(summary.count).toBe(want.count);
  }
  for (const id of active) {
    const res = await caller.call<string>('GET', `/api/accounts/${id}/transactions/csv`);
    expect(res.status).toBe(200);
    const [header, ...lines] = parseCsv(res.body);
    const amountAt = header!.indexOf('Amount');
    const flowAt = header!.indexOf('Flow Type');
    const accountRows = byAccount.get(id)!;
    expect(lines).toHaveLength(accountRows.length);
    const csvRows = lines.map(
      (l) =>
        ({
          signed_amount: Number(l[amountAt]),
          amount: Math.abs(Number(l[amountAt])),
          flow_type: l[flowAt] || null,
          user_corrected_flow_type: null,
          transaction_date: l[1]!,
          description: l[2]!,
        }) as unknown as Transaction,
    );
    const fromCsv = sums(csvRows);
    const want = sums(accountRows);
    expect([fromCsv.moneyIn, fromCsv.moneyOut, fromCsv.moved, fromCsv.count]).toEqual([
      want.moneyIn,
      want.moneyOut,
      want.moved,
      want.count,
    ]);
    // the export's sums are the account's figures on Account Setup
    const setup = summariseRows(accountRows);
    expect([pence(setup.moneyIn), pence(setup.moneyOut)]).toEqual([fromCsv.moneyIn, fromCsv.moneyOut]);
  }

  // Transaction Flow's overview (its own code on the family's latest rows)
  {
    const { transactions } = await get<{ transactions: Transaction[] }>(
      caller,
      '/api/transactions?limit=500',
    );
    expect(transactions).toHaveLength(rows.length);
    const flow = flowOverview(transactions);
    const want = sums(rows);
    expect([flow.income, flow.expenses, flow.netFlow, flow.internal].map(pence)).toEqual([
      want.moneyIn,
      want.moneyOut,
      want.net,
      want.moved,
    ]);
  }

  // Spend by Category: each category's total and its share of the total shown
  for (const [from, to] of [
    ['2025-03', '2025-03'],
    ['2025-02', '2025-02'],
    ['2024-12', '2025-03'],
  ] as const) {
    const sp = await get<SpendingResponse>(caller, `/api/insights/categories?from=${from}&to=${to}`);
    const want = spendByCategory(between(rows, `${from}-01`, monthEnd(to)));
    expect(pence(sp.total), `${from}..${to}`).toBe(want.total);
    // the screens agree: Spend by Category's total is money out less the mortgage types and unclassified
    // money out (a refund lowers both)
    const inRange = between(rows, `${from}-01`, monthEnd(to));
    const out = sums(inRange);
    const notCategories = inRange
      .filter((r) => flowOf(r) !== 'external_expense')
      .reduce((n, r) => {
        const flow = flowOf(r);
        const signed = signedPence(r);
        if (EXPENSE.has(flow)) return n - signed;
        if (flow === 'unclassified' && signed < 0) return n - signed;
        return n;
      }, 0);
    expect(pence(sp.total), `${from}..${to} against money out`).toBe(out.moneyOut - notCategories);
    expect(pence(sp.categories.reduce((n, c) => n + c.total, 0))).toBe(want.total);
    expect(new Map(sp.categories.map((c) => [c.id, pence(c.total)]))).toEqual(want.byCategory);
    for (const c of sp.categories)
      expect(c.percentage, `${from}..${to} ${c.name}`).toBe(
        want.total > 0 && pence(c.total) > 0 ? Math.round((pence(c.total) / want.total) * 1000) / 10 : 0,
      );
  }

  // The assistant: net income, spending and transfers, the same figures as the overview's
  {
    const thisMonth = sums(between(rows, '2025-03-01', '2025-03-31'));
    const lastMonth = sums(between(rows, '2025-02-01', '2025-02-28'));
    const net = await ask(caller, "What's our actual net income this month?");
    expect(net.result?.figures).toMatchObject({
      income: toPounds(thisMonth.moneyIn),
      expenses: toPounds(thisMonth.moneyOut),
      net: toPounds(thisMonth.net),
      internal: toPounds(thisMonth.moved),
    });
    const spend = await ask(caller, 'How much did we really spend last month?');
    expect(spend.result?.figures).toMatchObject({
      expenses: toPounds(lastMonth.moneyOut),
      internal: toPounds(lastMonth.moved),
      income: toPounds(lastMonth.moneyIn),
    });
    // the biggest category's spending is the same money out, its parts Spend by Category's categories
    const biggest = await ask(caller, 'What was our biggest expense category last month?');
    expect(biggest.result?.figures.expenses).toBe(toPounds(lastMonth.moneyOut));
    const lastMonthSpend = spendByCategory(between(rows, '2025-02-01', '2025-02-28'));
    const categories = await get<SpendingResponse>(
      caller,
      '/api/insights/categories?from=2025-02&to=2025-02',
    );
    // (the answer lists ten parts at most)
    if ((biggest.result?.breakdown.length ?? 0) < 10)
      for (const c of categories.categories)
        expect(biggest.result?.breakdown.find((b) => b.label === c.name)?.total, c.name).toBe(c.total);
    expect(pence(categories.total)).toBe(lastMonthSpend.total);
    const moved = await ask(caller, 'How much money moves between accounts last month?');
    expect(moved.result?.figures).toEqual({
      internal: toPounds(lastMonth.moved),
      transfer_count: lastMonth.transfers,
    });
  }
}

describe('every figure of every screen equals the sums of the family’s rows (random families, the real pipeline)', () => {
  it('overview, comparison, months, Account Types, Account Setup, Transaction Flow, Spend by Category, assistant, CSV', async () => {
    await fc.assert(
      fc.asyncProperty(familyArb, async (g) => {
        const caller = await signedIn(twin, `fam-${ulid()}`, 'family@example.co.uk');
        const { ids } = await buildFamily(caller, g);
        await checkFigures(caller, ids);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
