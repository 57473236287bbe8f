import { ulid } from 'ulid';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { TransactionPage } from '../../functions/contracts/transactions';
import { refreshAccountSummary } from '../../functions/services/accounts';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * Benchmark of an account's transactions, page by page, on the local twin over HTTP as the screen asks for
 * them (GET /api/accounts/{id}/transactions, 50 a page): the first page, and a page 50,000 rows deep, of an
 * account holding 60,000 rows (30 a day for about 5½ years), against an account of 600 rows. Pages are read
 * by key from where the previous one ended, so the figures should not grow with the history's length.
 * Rows are seeded through the repository in batches, then the account's derived fields are refreshed as
 * the pipeline's Finish step does. Target: p95 ≤ 50 ms for both pages; long/short ratio about 1.
 */
const RUNS = 200;
const TARGET_MS = 50;
const PER_DAY = 30;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rows(familyId: string, accountId: string, count: number): TransactionItem[] {
  const first = Date.parse('2020-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(first + Math.floor(i / PER_DAY) * 86_400_000).toISOString().slice(0, 10);
    const signed = i % PER_DAY === 0 ? 1800 : -((i % 47) + 0.99);
    return {
      id: `${accountId.slice(-8)}${String(i).padStart(8, '0')}`,
      family_id: familyId,
      account_id: accountId,
      upload_id: 'bench',
      transaction_date: date,
      description: i % PER_DAY === 0 ? 'SALARY ACME LTD' : `CARD PAYMENT TO SHOP ${i % 97}`,
      amount: Math.abs(signed),
      signed_amount: signed,
      type: signed >= 0 ? 'credit' : 'debit',
      balance: 1000 + i,
      flow_type: signed >= 0 ? 'income' : 'external_expense',
      user_corrected_flow_type: null,
      classification_confidence: 0.9,
      classification_method: 'rule',
      created_at: '2026-01-01T00:00:00.000Z',
      position: i % PER_DAY,
    } satisfies TransactionItem;
  });
}

async function timed(caller: ApiCaller, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const { status, body } = await caller.call<TransactionPage>('GET', path);
    times.push(performance.now() - started);
    if (status !== 200 || body.transactions.length !== 50) throw new Error(`${path} answered ${status}`);
  }
  return times;
}

/** The cursor that starts `depth` rows into the account (walked 500 at a time). */
async function cursorAt(caller: ApiCaller, accountId: string, depth: number): Promise<string> {
  let cursor = '';
  for (let seen = 0; seen < depth; seen += 500) {
    const path = `/api/accounts/${accountId}/transactions?limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const { body }: { body: TransactionPage } = await caller.call<TransactionPage>('GET', path);
    if (!body.next_cursor) throw new Error('the account ended early');
    cursor = encodeURIComponent(body.next_cursor);
  }
  return cursor;
}

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const twin = await startTestTwin({ cognito: false, s3Events: false });
  try {
    const caller = await signedIn(twin, `bench-${ulid()}`, 'bench@example.co.uk');
    const familyId = (await caller.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
    const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [
        { name: 'Long history', bank_name: 'Barclays', account_type: 'current' },
        { name: 'Short history', bank_name: 'Monzo', account_type: 'current' },
      ],
    });
    const [long, short] = body.accounts.map((a) => a.id) as [string, string];
    const seedStarted = performance.now();
    for (const [accountId, count] of [
      [long, 60_000],
      [short, 600],
    ] as const) {
      const all = rows(familyId, accountId, count);
      for (let start = 0; start < all.length; start += 2000)
        await putNewTransactions(all.slice(start, start + 2000));
      await refreshAccountSummary(familyId, accountId);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const first = (id: string) => `/api/accounts/${id}/transactions`;
    await timed(caller, first(long)); // warm-up: modules, dynalite's files
    const longFirst = await timed(caller, first(long));
    const shortFirst = await timed(caller, first(short));
    const deep = `${first(long)}?cursor=${await cursorAt(caller, long, 50_000)}`;
    const longDeep = await timed(caller, deep);
    const shortDeep = await timed(caller, `${first(short)}?cursor=${await cursorAt(caller, short, 500)}`);

    const p95 = (t: number[]) => percentile(t, 95);
    const note = (t: number[]) => `p50 ${percentile(t, 50).toFixed(1)} ms; target p95 ≤ ${TARGET_MS} ms`;
    return [
      { name: 'seed 60,600 rows (repository, batches)', value: seedSeconds, unit: 's' },
      {
        name: 'first page, 60,000-row account (p95)',
        value: p95(longFirst),
        unit: 'ms',
        note: note(longFirst),
      },
      { name: 'page 50,000 rows deep (p95)', value: p95(longDeep), unit: 'ms', note: note(longDeep) },
      {
        name: 'first page, 600-row account (p95)',
        value: p95(shortFirst),
        unit: 'ms',
        note: note(shortFirst),
      },
      { name: 'page 500 rows deep, 600-row (p95)', value: p95(shortDeep), unit: 'ms', note: note(shortDeep) },
      {
        name: 'first page: 60,000 / 600 rows',
        value: p95(longFirst) / p95(shortFirst),
        unit: '×',
        note: 'flat in history length: about 1',
      },
      {
        name: 'deep page: 60,000 / 600 rows',
        value: p95(longDeep) / p95(shortDeep),
        unit: '×',
        note: 'flat in history length: about 1',
      },
    ];
  } finally {
    await twin.stop();
  }
}
