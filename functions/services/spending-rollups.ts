import type { RowCategory } from '../adapters/dynamodb/category-repository';
import { setRowCategory } from '../adapters/dynamodb/category-repository';
import { batchGetAll, type KeysRead } from '../adapters/dynamodb/paging';
import {
  accountSpendRollups,
  type SpendingRow,
  saveSpendRollup,
  spendingRows,
  spendRollupVersion,
  storedSpendRollupsRead,
} from '../adapters/dynamodb/spending-repository';
import type { CategoryRule } from '../domain/category-rules';
import { endOfMonth } from '../domain/dates';
import { mergeRollups, rollupOf, type SpendRollup, spendingAmount } from '../domain/spending';
import { TransientError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { categoryOfRow, familyCategoryRules } from './row-categories';

/** The ports this service's use cases are handed (the composition root passes them). */
export type SpendingRollupsDeps = Pick<Ports, 'now'>;

/**
 * Rows one write added to an account, as written (with their categories), and the months of theirs for
 * which the account had no spending roll-up before they were written (read before the write).
 */
export interface NewSpending {
  accountId: string;
  months: readonly string[];
  /**
   * The years (YYYY) of the added rows for which the account had no spending roll-up, neither the year's nor
   * any of its months', before the rows were written (read before the write); absent: none is known to be.
   */
  years?: readonly string[];
  rows: ReadonlyArray<
    Omit<
      SpendingRow,
      'category_id' | 'subcategory_id' | 'merchant_name' | 'category_confidence' | 'category_source'
    > &
      Partial<
        Pick<RowCategory, 'category_id' | 'subcategory_id' | 'merchant_name' | 'category_confidence'>
      > & {
        category_source?: string;
      }
  >;
}

/**
 * Of the account's months `months`, those with no spending roll-up, and of their years those with no roll-up
 * of the year nor of any of its twelve months: one consistent read of the keys (BatchGetItem).
 */
export async function newSpendPeriods(
  familyId: string,
  months: readonly string[],
  accountId: string,
): Promise<{ months: string[]; years: string[] }> {
  const read = newSpendPeriodsRead(familyId, months, accountId);
  return read.of(await batchGetAll(read.keys, { consistentRead: true, projection: read.fields.join(', ') }));
}

/** `newSpendPeriods` as a read of keys, to go in one BatchGetItem with another (paging.ts readTogether). */
export function newSpendPeriodsRead(
  familyId: string,
  months: readonly string[],
  accountId: string,
): KeysRead<{ months: string[]; years: string[] }> {
  const years = [...new Set(months.map((month) => month.slice(0, 4)))];
  const yearMonths = years.flatMap((year) =>
    Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`),
  );
  const read = storedSpendRollupsRead(familyId, [...years, ...yearMonths], accountId);
  return {
    ...read,
    of: (items) => {
      const stored = read.of(items);
      return {
        months: months.filter((month) => !stored.has(month)),
        years: years.filter(
          (year) =>
            !stored.has(year) && !yearMonths.some((month) => month.startsWith(year) && stored.has(month)),
        ),
      };
    },
  };
}

/** A change of rows (row-changes.ts RowChange): the account and the rows' dates. */
interface Change {
  accountId: string;
  dates: readonly string[];
}

// ── roll-ups ─────────────────────────────────────────────────────────────────────────────────────────────

const monthOf = (date: string) => date.slice(0, 7);
/** Tries of one roll-up while other writes keep changing it. */
const ATTEMPTS = 8;
/** Roll-ups refreshed at once (a change may touch many months: a backfill, a long statement). */
const CONCURRENCY = 4;

async function inTurn<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/**
 * Recompute the spending roll-up of every month each change touches, for its account, from that month's
 * rows, then the year roll-up of each touched year of the account from its (at most 12) month roll-ups (run
 * by rowsChanged). Never incremented, so running it twice is harmless. A month with no spending left loses
 * its roll-up, and a year with none its year roll-up. A row that counts as spending but was never
 * categorised (it became an expense after it was written, e.g. by a flow-type correction) is categorised
 * here first, once.
 *
 * Two refreshes of one item at once (two writes of rows in the same account and month) are kept apart by
 * the item's version, read before what the item is computed from: a write conditional on it fails if the
 * other landed in between, and the loser reads again. So the last roll-up stored was computed from rows (or
 * months) read after every earlier write of them had landed.
 *
 * Rows just added (`added`) to a month of the account that had no spending roll-up before they were written
 * held no spending row then (every write of rows keeps the roll-ups), so that month's roll-up is the added
 * rows' own: it is stored from them, without reading the month's rows, if there is still none (a write that
 * stored one since makes it read the rows as above). A month where an added spending row has no category
 * yet is read as above. Likewise a year of which the account had no roll-up, nor any month's (`added.years`),
 * is stored from those months as just computed, without reading them back, if there is still none.
 */
export async function refreshSpending(
  deps: SpendingRollupsDeps,
  familyId: string,
  changes: readonly Change[],
  added?: NewSpending,
): Promise<void> {
  const months = new Map<string, { accountId: string; month: string }>();
  for (const change of changes)
    for (const date of change.dates)
      months.set(`${change.accountId}|${monthOf(date)}`, {
        accountId: change.accountId,
        month: monthOf(date),
      });
  const at = deps.now().toISOString();
  let rules: Promise<ReadonlyMap<string, CategoryRule>> | undefined;
  const familyRules = () => {
    rules ??= familyCategoryRules(familyId);
    return rules;
  };
  const addedByMonth = addedMonths(added);
  // The added account's months stored from the added rows alone (a month with no spending is stored as none).
  const fromAdded = new Map<string, SpendRollup>();
  // Its months recomputed from their rows instead: their years are read back as before.
  const readMonths = new Set<string>();
  await inTurn([...months.values()], async ({ accountId, month }) => {
    const rows = accountId === added?.accountId ? addedByMonth.get(month) : undefined;
    if (rows) {
      const rollup = rollupOf(month, accountId, rows);
      if (await saveSpendRollup(familyId, rollup, null, at)) {
        fromAdded.set(month, rollup);
        return;
      }
    }
    if (accountId === added?.accountId) readMonths.add(month);
    await refreshMonth(familyId, accountId, month, familyRules, at);
  });
  const years = new Map<string, { accountId: string; year: string }>();
  for (const { accountId, month } of months.values())
    years.set(`${accountId}|${month.slice(0, 4)}`, { accountId, year: month.slice(0, 4) });
  const newYears = new Set(added?.years);
  await inTurn([...years.values()], async ({ accountId, year }) => {
    // A year of the added account that had no spending roll-up, nor any month's, before the rows were
    // written holds only the months just stored from them: its roll-up is theirs merged, stored if there is
    // still none (a year stored since, by a write of another of its months, makes it read its months).
    if (accountId === added?.accountId && newYears.has(year)) {
      const own = [...months.values()].filter((m) => m.accountId === accountId && m.month.startsWith(year));
      if (own.every(({ month }) => fromAdded.has(month) && !readMonths.has(month))) {
        const stored = own
          .map(({ month }) => fromAdded.get(month)!)
          .filter((rollup) => rollup.cells.length)
          .sort((a, b) => (a.month < b.month ? -1 : 1));
        if (await saveSpendRollup(familyId, mergeRollups(year, accountId, stored), null, at)) return;
      }
    }
    await refreshYear(familyId, accountId, year, at);
  });
}

async function refreshMonth(
  familyId: string,
  accountId: string,
  month: string,
  rules: () => Promise<ReadonlyMap<string, CategoryRule>>,
  at: string,
): Promise<void> {
  const [year, m] = month.split('-').map(Number);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const version = await spendRollupVersion(familyId, month, accountId);
    const rows = await spendingRows(familyId, accountId, `${month}-01`, endOfMonth(year ?? 0, m ?? 1));
    const categorised = await categoriseNewSpending(familyId, accountId, rows, rules);
    if (await saveSpendRollup(familyId, rollupOf(month, accountId, categorised), version, at)) return;
  }
  throw new TransientError(`The spending roll-up of ${month} kept changing while it was recomputed`);
}

/** The added rows of each month that had no spending roll-up, where each spending row has its category. */
function addedMonths(added: NewSpending | undefined): Map<string, SpendingRow[]> {
  const byMonth = new Map<string, SpendingRow[]>();
  if (!added) return byMonth;
  const months = new Set(added.months);
  const uncategorised = new Set<string>();
  for (const row of added.rows) {
    const month = monthOf(row.transaction_date);
    if (!months.has(month)) continue;
    if (row.category_source === undefined && spendingAmount(row) !== null) uncategorised.add(month);
    const list = byMonth.get(month) ?? [];
    list.push(row as SpendingRow);
    byMonth.set(month, list);
  }
  for (const month of uncategorised) byMonth.delete(month);
  // In the order a read of the month gives them (by date, then key), as the month's recomputation sums them.
  const order = (a: SpendingRow, b: SpendingRow) =>
    a.transaction_date === b.transaction_date
      ? a.id === b.id
        ? 0
        : a.id < b.id
          ? -1
          : 1
      : a.transaction_date < b.transaction_date
        ? -1
        : 1;
  for (const list of byMonth.values()) list.sort(order);
  return byMonth;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

async function refreshYear(familyId: string, accountId: string, year: string, at: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const version = await spendRollupVersion(familyId, year, accountId);
    const months = await accountSpendRollups(
      familyId,
      accountId,
      MONTHS.map((m) => `${year}-${m}`),
    );
    if (await saveSpendRollup(familyId, mergeRollups(year, accountId, months), version, at)) return;
  }
  throw new TransientError(`The spending roll-up of ${year} kept changing while it was recomputed`);
}

/** The rows, with those that count as spending but were never categorised given (and saved) their category. */
async function categoriseNewSpending(
  familyId: string,
  accountId: string,
  rows: readonly SpendingRow[],
  rules: () => Promise<ReadonlyMap<string, CategoryRule>>,
): Promise<SpendingRow[]> {
  const fresh = rows.filter((row) => row.category_source === undefined && spendingAmount(row) !== null);
  if (!fresh.length) return [...rows];
  const index = await rules();
  const given = new Map<SpendingRow, SpendingRow>();
  await Promise.all(
    fresh.map(async (row) => {
      const category = categoryOfRow(row, index);
      if (
        category &&
        (await setRowCategory({ ...row, family_id: familyId, account_id: accountId }, category))
      )
        given.set(row, { ...row, ...category });
    }),
  );
  return rows.map((row) => given.get(row) ?? row);
}
