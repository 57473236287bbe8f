import { ulid } from 'ulid';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { registerServices, services } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { OverviewResponse, PeriodStatsResponse } from '../../functions/contracts/insights';
import { addDays } from '../../functions/domain/dates';
import { changesOf, rowsChanged } from '../../functions/services/row-changes';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The insight figures at any history length, on the local twin over HTTP as the screens ask for them: the
 * Family Overview (GET /api/insights/overview: this month, its comparison, the 12-month chart, data quality)
 * and period stats (GET /api/insights/period-stats for last quarter and for a 45-day range, whose ends cut
 * months) of a family with 60,000 transactions over 10 years, against a family with 6,000 over one year
 * (the same 500 rows a month over three accounts). Every figure is read from the monthly roll-ups, so a
 * period costs its months, not the history: the two should take the same time. Rows are seeded through the
 * repository and reported once through rowsChanged, as a statement's Finish step reports its rows.
 * Target: p95 ≤ 50 ms for each at 60,000 rows; 60,000 / 6,000 ratio about 1.
 */
const RUNS = 150;
const TARGET_MS = 50;
const TODAY = '2026-03-20';
const PER_MONTH = 500;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `count` rows spread evenly over the days before today, over three accounts: salary, spending, transfers. */
function rows(familyId: string, accounts: readonly string[], count: number, days: number): TransactionItem[] {
  const step = days / count;
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(TODAY, -Math.floor(days - 1 - i * step));
    const kind = i % 25 === 0 ? 'income' : i % 10 === 0 ? 'internal_transfer' : 'external_expense';
    const signed = kind === 'income' ? 2100 : -((i % 83) + 0.45);
    return {
      id: `B${String(i).padStart(12, '0')}`,
      family_id: familyId,
      account_id: accounts[i % accounts.length]!,
      upload_id: 'bench',
      transaction_date: date,
      description: kind === 'income' ? 'SALARY ACME LTD' : `CARD PAYMENT TO SHOP ${i % 97}`,
      amount: Math.abs(signed),
      signed_amount: signed,
      type: signed >= 0 ? 'credit' : 'debit',
      balance: null,
      flow_type: kind,
      user_corrected_flow_type: null,
      classification_confidence: 0.9,
      classification_method: 'rule',
      created_at: '2026-01-01T00:00:00.000Z',
      position: i,
    } satisfies TransactionItem;
  });
}

async function family(
  twin: Awaited<ReturnType<typeof startTestTwin>>,
  name: string,
  count: number,
  days: number,
): Promise<{ caller: ApiCaller; seconds: number }> {
  const caller = await signedIn(twin, `bench-${name}-${ulid()}`, `${name}@example.co.uk`);
  const familyId = (await caller.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
  const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [
      { name: 'Everyday', bank_name: 'Barclays', account_type: 'current' },
      { name: 'Card', bank_name: 'Amex', account_type: 'credit' },
      { name: 'Saver', bank_name: 'Nationwide', account_type: 'savings' },
    ],
  });
  const all = rows(
    familyId,
    body.accounts.map((a) => a.id),
    count,
    days,
  );
  const started = performance.now();
  for (let start = 0; start < all.length; start += 2000)
    await putNewTransactions(all.slice(start, start + 2000));
  await rowsChanged(services(), familyId, changesOf(all));
  return { caller, seconds: (performance.now() - started) / 1000 };
}

async function timed<T extends { summary: { transactionCount: number } }>(
  caller: ApiCaller,
  path: string,
  runs = RUNS,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const { status, body } = await caller.call<T>('GET', path);
    times.push(performance.now() - started);
    if (status !== 200 || body.summary.transactionCount === 0) throw new Error(`${path} answered ${status}`);
  }
  return times;
}

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  registerServices({ now: () => new Date(`${TODAY}T12:00:00Z`) });
  const twin = await startTestTwin({ cognito: false, s3Events: false });
  try {
    const long = await family(twin, 'long', PER_MONTH * 120, 3650);
    const short = await family(twin, 'short', PER_MONTH * 12, 365);
    const paths = {
      overview: '/api/insights/overview',
      quarter: '/api/insights/period-stats?period=last_quarter',
      range: '/api/insights/period-stats?from=2025-12-10&to=2026-01-23',
    };
    await timed<OverviewResponse>(long.caller, paths.overview, 30); // warm-up: modules, dynalite's files
    const figures: Array<{ name: string; value: number; unit: string; note?: string }> = [
      { name: 'seed + roll up 60,000 rows (10 years)', value: long.seconds, unit: 's' },
      { name: 'seed + roll up 6,000 rows (1 year)', value: short.seconds, unit: 's' },
    ];
    const note = (t: number[]) => `p50 ${percentile(t, 50).toFixed(1)} ms; target p95 ≤ ${TARGET_MS} ms`;
    for (const [label, path] of [
      ['overview (this month)', paths.overview],
      ['period stats (last quarter)', paths.quarter],
      ['period stats (45 days, cut months)', paths.range],
    ] as const) {
      const longTimes = await timed<PeriodStatsResponse>(long.caller, path);
      const shortTimes = await timed<PeriodStatsResponse>(short.caller, path);
      const p95Long = percentile(longTimes, 95);
      const p95Short = percentile(shortTimes, 95);
      figures.push(
        { name: `${label}, 60,000 rows (p95)`, value: p95Long, unit: 'ms', note: note(longTimes) },
        { name: `${label}, 6,000 rows (p95)`, value: p95Short, unit: 'ms', note: note(shortTimes) },
        {
          name: `${label}: 60,000 / 6,000 rows`,
          value: p95Long / p95Short,
          unit: '×',
          note: 'flat in history length: about 1',
        },
      );
    }
    const allTime = await timed<OverviewResponse>(long.caller, `${paths.overview}?period=all_time`, 50);
    figures.push({
      name: 'overview (All Time, 120 months), 60,000 rows (p95)',
      value: percentile(allTime, 95),
      unit: 'ms',
      note: 'reads every month’s totals: grows with the months, not the rows',
    });
    return figures;
  } finally {
    await twin.stop();
  }
}
