import { listAccounts } from '../adapters/dynamodb/account-repository';
import {
  getRollup,
  monthRows,
  rollupMonths,
  rollupRows,
  rollupVersionsOf,
  rollupVersionsRead,
  saveRollup,
} from '../adapters/dynamodb/rollup-repository';
import {
  addToMonthRollup,
  buildMonthRollup,
  emptyMonthRollup,
  type MonthRollup,
  monthOf,
  type RollupRow,
} from '../domain/rollups';
import { TransientError } from '../shared/errors';

/**
 * Monthly roll-ups kept in step with the rows (functions/domain/rollups.ts). After any write of rows,
 * `rowsChanged` names the months it touched; each is recomputed from that month's rows (every account of the
 * family, consistent reads) and stored if it differs, never incremented, so reporting a change twice is
 * harmless and a roll-up can always be rebuilt. Two writers of one month are kept apart by the item's
 * version: the one that loses reads the rows again.
 */
const ATTEMPTS = 8;

const sameCells = (a: MonthRollup, b: MonthRollup) =>
  a.count === b.count &&
  a.first === b.first &&
  a.last === b.last &&
  JSON.stringify(a.cells) === JSON.stringify(b.cells) &&
  JSON.stringify(a.payers ?? null) === JSON.stringify(b.payers ?? null);

async function monthOfRows(familyId: string, month: string, accountIds: readonly string[]) {
  const rows = (await Promise.all(accountIds.map((id) => monthRows(familyId, id, month)))).flat();
  return buildMonthRollup(month, rows);
}

/** Recompute one month's roll-up from its rows; true when the stored one changed. */
export async function refreshMonth(familyId: string, month: string): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await getRollup(familyId, month);
    const accounts = await listAccounts(familyId);
    const fresh = await monthOfRows(
      familyId,
      month,
      accounts.map((a) => a.id),
    );
    if (stored && sameCells(stored, fresh)) return false;
    if (!stored && fresh.count === 0) return false;
    if (await saveRollup(familyId, fresh, stored?.version ?? null)) return true;
  }
  throw new TransientError(`The roll-up of ${month} kept changing while it was recomputed`);
}

/** Recompute the roll-ups of every month among `dates`. */
export async function refreshRollups(familyId: string, dates: Iterable<string>): Promise<void> {
  const months = [...new Set([...dates].map(monthOf))].sort();
  for (const month of months) await refreshMonth(familyId, month);
}

/**
 * The stored version of each month's roll-up (null: none stored), read BEFORE rows of those months are
 * written, so that `addRowsToRollups` can add those rows to exactly the roll-ups that did not hold them.
 */
export async function rollupVersions(
  familyId: string,
  dates: Iterable<string>,
): Promise<Record<string, number | null>> {
  return rollupVersionsOf(familyId, [...new Set([...dates].map(monthOf))].sort());
}

/** `rollupVersions` as a read of keys, to go in one BatchGetItem with another (paging.ts readTogether). */
export function rollupVersionsReadOf(familyId: string, dates: Iterable<string>) {
  return rollupVersionsRead(familyId, [...new Set([...dates].map(monthOf))].sort());
}

/**
 * After new rows were written: each month's roll-up with the rows added to it (the rows as written, no
 * month read again), stored only if it is still the version read before the rows were written
 * (`rollupVersions`): then it cannot hold them yet. A month another write changed in between (or a roll-up
 * stored before payers were kept) is recomputed from its rows, as `refreshRollups` does, so the result is
 * always what a recomputation gives.
 */
export async function addRowsToRollups(
  familyId: string,
  rows: readonly RollupRow[],
  versions: Readonly<Record<string, number | null>>,
): Promise<void> {
  const byMonth = new Map<string, RollupRow[]>();
  for (const row of rows) {
    const month = monthOf(row.transaction_date);
    const list = byMonth.get(month);
    if (list) list.push(row);
    else byMonth.set(month, [row]);
  }
  // Each month is an item of its own: the months are stored at once.
  await Promise.all(
    [...byMonth.keys()].sort().map(async (month) => {
      const version = versions[month];
      // A month that had no roll-up when Persist read it is not read again: the rows are summed into an
      // empty month and written only if there is still none (else it is recomputed, as below).
      const stored =
        version === undefined ? undefined : version === null ? null : await getRollup(familyId, month);
      const base = stored === undefined ? null : stored ? stored : emptyMonthRollup(month);
      const added =
        base && (stored?.version ?? null) === version
          ? addToMonthRollup(base, byMonth.get(month) ?? [])
          : null;
      if (!added || !(await saveRollup(familyId, added, version ?? null)))
        await refreshMonth(familyId, month);
    }),
  );
}

export interface RepairReport {
  /** Months whose roll-up was checked (those with rows and those with a stored roll-up). */
  months: number;
  /** Months whose stored roll-up differed from the rows and was rewritten (or removed). */
  repaired: string[];
}

/** Every row of the family by month (a full read: for the repair and its checks only, never a screen). */
async function allRowsByMonth(familyId: string): Promise<Map<string, RollupRow[]>> {
  const accounts = await listAccounts(familyId);
  const rows = (await Promise.all(accounts.map((a) => rollupRows(familyId, a.id)))).flat();
  const byMonth = new Map<string, RollupRow[]>();
  for (const row of rows) {
    const m = monthOf(row.transaction_date);
    byMonth.set(m, [...(byMonth.get(m) ?? []), row]);
  }
  return byMonth;
}

/**
 * The months whose stored roll-up is not what the rows give (missing, stale, or left over after the rows
 * went), without changing anything.
 */
export async function checkRollups(familyId: string): Promise<{ months: string[]; differing: string[] }> {
  const byMonth = await allRowsByMonth(familyId);
  const months = [...new Set([...byMonth.keys(), ...(await rollupMonths(familyId))])].sort();
  const differing: string[] = [];
  for (const month of months) {
    const stored = await getRollup(familyId, month);
    const fresh = buildMonthRollup(month, byMonth.get(month) ?? []);
    const same = stored ? sameCells(stored, fresh) : fresh.count === 0;
    if (!same) differing.push(month);
  }
  return { months, differing };
}

/**
 * Repair: recompute every month of the family that has rows or a stored roll-up, and store those that
 * differ. What the pipeline and every other write keep up anyway; for a table written before roll-ups, or
 * after a fault.
 */
export async function repairRollups(familyId: string): Promise<RepairReport> {
  const { months, differing } = await checkRollups(familyId);
  const repaired: string[] = [];
  for (const month of differing) if (await refreshMonth(familyId, month)) repaired.push(month);
  return { months: months.length, repaired };
}
