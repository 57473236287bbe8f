import { type AccountSummaryBase, addToAccountSummary } from '../adapters/dynamodb/account-repository';
import { monthOf, type RollupRow } from '../domain/rollups';
import type { Ports } from '../shared/ports';
import { refreshAccountSummary } from './accounts';
import { addRowsToRollups, refreshRollups } from './rollups';
import { type NewSpending, refreshSpending } from './spending-rollups';

/**
 * New rows as they were written, with the version of each of their months' roll-ups read before they were
 * (services/rollups.ts rollupVersions): their months' roll-ups take the rows added to them instead of a
 * recomputation from every row of the month.
 */
export interface AddedRows {
  rows: readonly RollupRow[];
  rollupVersions: Readonly<Record<string, number | null>>;
  /** The added rows of one account, as written, and its months that had no spending roll-up before. */
  spending?: NewSpending;
  /**
   * The account of the added rows, its summary (count of rows, last date) as read before they were written,
   * and the rows it did not hold (each a row not stored before): `count` of them, the newest dated `newest`.
   * They are added to the summary while it is still that version, as the rows are to the roll-ups.
   */
  summary?: { accountId: string; base: AccountSummaryBase; count: number; newest: string };
}

/** Rows of one account that were added, changed or removed: the account and the rows' dates. */
export interface RowChange {
  accountId: string;
  dates: readonly string[];
}

/**
 * The one place every write of transaction rows reports to once it is done (a statement read, failed or
 * removed, a correction, an accepted transfer, a cleanup), so that what is derived from the rows follows
 * them: each account's summary fields (count, last transaction date, last statement upload) and the monthly
 * roll-ups of the months the rows fall in (services/rollups.ts), which every figure of the insight screens
 * is read from, and the spending roll-ups (services/spending-rollups.ts). Idempotent:
 * everything here is recomputed from the rows, never incremented, so reporting a change twice is harmless.
 * A write that only added rows may hand them over as written (`added`): their months' flow roll-ups then
 * take them as a sum, under the version check of `addRowsToRollups`, which recomputes any month another
 * write touched in between, so the result is the same; and the spending roll-ups of the account's months
 * that had none before the rows were written are stored from the added rows alone, if still none is stored.
 */
export async function rowsChanged(
  deps: Pick<Ports, 'now'>,
  familyId: string,
  changes: readonly RowChange[],
  added?: AddedRows,
): Promise<void> {
  const accounts = new Set(changes.map((change) => change.accountId));
  // The accounts' summaries, the flow roll-ups and the spending roll-ups are made of different items and
  // read no field another writes (the spending refresh may set a spending row's category and merchant; flow
  // roll-ups read no category, and a merchant only of income rows, which are never spending; a summary
  // reads the account's rows' dates and count): all at once.
  const addedMonths = new Set(added?.rows.map((row) => monthOf(row.transaction_date)));
  await Promise.all([
    ...[...accounts].map(async (accountId) => {
      if (!(added && (await addToSummary(familyId, added, accountId))))
        await refreshAccountSummary(familyId, accountId);
    }),
    refreshRollups(
      familyId,
      changes.flatMap((change) => change.dates).filter((date) => !addedMonths.has(monthOf(date))),
    ).then(() => (added ? addRowsToRollups(familyId, added.rows, added.rollupVersions) : undefined)),
    refreshSpending(deps, familyId, changes, added?.spending),
  ]);
}

/**
 * The added rows added to the account's summary read before they were written; false when that summary
 * changed since (another write of rows reported in between): it is then recomputed from the rows.
 */
function addToSummary(familyId: string, added: AddedRows, accountId: string): Promise<boolean> {
  const { summary } = added;
  if (!summary || accountId !== summary.accountId) return Promise.resolve(false);
  return addToAccountSummary(familyId, accountId, summary.base, summary);
}

/** The changes of a list of rows, one per account. */
export function changesOf(
  rows: ReadonlyArray<{ account_id: string; transaction_date: string }>,
): RowChange[] {
  const byAccount = new Map<string, Set<string>>();
  for (const row of rows) {
    const dates = byAccount.get(row.account_id) ?? new Set<string>();
    dates.add(row.transaction_date);
    byAccount.set(row.account_id, dates);
  }
  return [...byAccount].map(([accountId, dates]) => ({ accountId, dates: [...dates].sort() }));
}
