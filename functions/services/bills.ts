import { type AccountItem, listAccounts } from '../adapters/dynamodb/account-repository';
import {
  billRows,
  listBillDecisions,
  type StoredDecision,
  saveBillDecision,
} from '../adapters/dynamodb/bill-repository';
import { getCategories } from '../adapters/dynamodb/category-repository';
import {
  BILLS_MESSAGES,
  type BillDecisionRequest,
  type BillDecisionResult,
  type BillsResponse,
} from '../contracts/bills';
import { billsCalendar, latestBalances, monthEndForecast } from '../domain/bills-forecast';
import { CATEGORIES } from '../domain/categories';
import { DEFAULT_TIME_ZONE, localDate } from '../domain/dates';
import { applyDecisions, detectRegular, type RegularSeries, yearlyTotal } from '../domain/recurring';
import type { FamilyContext } from '../shared/context';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/**
 * Bills & Regular Payments: the family's regular series found from its rows of the last 26 months (two
 * renewals of a yearly bill), as the family decided about them, the calendar of the coming 30 days and the
 * month-end forecast. The Family Overview's forecast card and the assistant read the same `familyBills`.
 * Only the caller's family is read (its id from the verified membership); archived accounts are left out.
 */
export const HISTORY_MONTHS = 26;
export const CALENDAR_DAYS = 30;

/** The ports the bills' use cases are handed (the composition root passes them). */
export type BillsDeps = Pick<Ports, 'now'>;

const isActive = (a: AccountItem) => !a.is_archived && a.is_active;

/** The family's regular series and what follows from them, as of the clock's today (Europe/London). */
export async function familyBills(deps: BillsDeps, familyId: string): Promise<BillsResponse> {
  const today = localDate(deps.now(), DEFAULT_TIME_ZONE);
  const historyFrom = monthsBefore(today, HISTORY_MONTHS);
  const [accounts, rows, decisions] = await Promise.all([
    listAccounts(familyId),
    billRows(familyId, historyFrom, '9999-12-31'),
    listBillDecisions(familyId),
  ]);
  const active = accounts.filter(isActive);
  const ids = new Set(active.map((a) => a.id));
  const own = rows.filter((r) => ids.has(r.account_id));
  const detected = detectRegular(own);
  const { series, dismissed } = applyDecisions(detected, decisions);
  const balances = latestBalances(own);
  const byAccount = new Map(balances.map((b) => [b.account_id, b]));
  const of = (kind: RegularSeries['kind']) => series.filter((s) => s.kind === kind);
  return {
    today,
    history_from: historyFrom,
    transactions_read: own.length,
    payments: of('payment'),
    incomes: of('income'),
    savings: of('savings'),
    dismissed,
    yearly: {
      payments: yearlyTotal(series, 'payment'),
      incomes: yearlyTotal(series, 'income'),
      savings: yearlyTotal(series, 'savings'),
    },
    accounts: active.map((a) => ({
      id: a.id,
      name: a.name,
      account_type: a.account_type,
      balance: byAccount.get(a.id)?.balance ?? null,
      balance_as_of: byAccount.get(a.id)?.as_of ?? null,
    })),
    calendar: billsCalendar(series, balances, today, CALENDAR_DAYS),
    forecast: monthEndForecast(series, active, balances, today),
  };
}

/** 'YYYY-MM-01' of the month `n` months before the month of `date`. */
function monthsBefore(date: string, n: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 - n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** GET /api/bills */
export function billsOverview(deps: BillsDeps, family: FamilyContext): Promise<BillsResponse> {
  return familyBills(deps, family.familyId);
}

/**
 * PUT /api/bills/decisions: remember what the family says about one of its series. The series must be one
 * the family's own rows show now (listed or dismissed): any other id, another family's included, is 404.
 */
export async function decideBill(
  deps: BillsDeps,
  family: FamilyContext,
  request: BillDecisionRequest,
): Promise<BillDecisionResult> {
  if (request.category_id) {
    const stored = await getCategories();
    const known = (stored.length ? stored : CATEGORIES).some((c) => c.id === request.category_id);
    if (!known) throw new ValidationError(BILLS_MESSAGES.category);
  }
  const bills = await familyBills(deps, family.familyId);
  const all = [...bills.payments, ...bills.incomes, ...bills.savings, ...bills.dismissed];
  if (!all.some((s) => s.id === request.series_id)) throw new NotFoundError(BILLS_MESSAGES.notFound);
  const changes: Partial<Pick<StoredDecision, 'status' | 'name' | 'category_id'>> = {};
  if (request.status !== undefined) changes.status = request.status;
  if (request.name !== undefined) changes.name = request.name;
  if (request.category_id !== undefined) changes.category_id = request.category_id;
  const saved = await saveBillDecision(family.familyId, request.series_id, changes, {
    at: deps.now().toISOString(),
    userId: family.userId,
  });
  return {
    decision: {
      series_id: saved.series_id,
      status: saved.status,
      name: saved.name,
      category_id: saved.category_id,
      updated_at: saved.updated_at,
    },
  };
}
