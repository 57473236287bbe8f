import { ulid } from 'ulid';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { services } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import { groupSimilar } from '../../functions/domain/similarity';
import { recomputeCandidates } from '../../functions/services/matches';
import { signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * Benchmarks of what transfers and corrections cost:
 *  - candidate recomputation after an upload (services/matches.ts recomputeCandidates, what the pipeline's
 *    Match step runs) into a family holding 60,000 rows on the twin (a current account of 30 rows a day for
 *    about 4 years, a savings account and a credit card with their transfers): a month's statement of 30 rows
 *    lands, and the candidates around it are recomputed (read the rows within 7 days, match, keep a
 *    non-overlapping set, write). Target: p95 ≤ 300 ms.
 *  - similarity groups over 1,000 rows (functions/domain/similarity.ts groupSimilar, the Bulk Correction
 *    modal's 'Transaction Groups'): real-looking descriptions of a UK current account. Target: ≤ 200 ms.
 */
const UPLOADS = 40;
const RECOMPUTE_TARGET_MS = 300;
const GROUPS_TARGET_MS = 200;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const MERCHANTS = [
  'TESCO STORES 2345',
  'CARD PAYMENT TO SAINSBURYS S/MKTS',
  'DIRECT DEBIT BRITISH GAS',
  'AMAZON.CO.UK*2K4LM8',
  'NETFLIX.COM',
  'TFL TRAVEL CHARGE',
  'SHELL WATFORD 321',
  'COSTA COFFEE 43012',
  'DELIVEROO',
  'BOOTS 1234 LEEDS',
  'OCTOPUS ENERGY',
  'MORRISONS 0412',
  'PRET A MANGER',
  'EE LIMITED',
  'CASH HSBC HIGH STREET',
];

const dayOf = (first: number, day: number) => new Date(first + day * 86_400_000).toISOString().slice(0, 10);

function item(
  familyId: string,
  accountId: string,
  id: string,
  date: string,
  description: string,
  signed: number,
  position: number,
): TransactionItem {
  return {
    id,
    family_id: familyId,
    account_id: accountId,
    upload_id: 'bench',
    transaction_date: date,
    description,
    amount: Math.abs(signed),
    signed_amount: signed,
    type: signed >= 0 ? 'credit' : 'debit',
    balance: null,
    flow_type: signed >= 0 ? 'income' : 'external_expense',
    user_corrected_flow_type: null,
    classification_confidence: 0.9,
    classification_method: 'ai_auto',
    created_at: '2026-01-01T00:00:00.000Z',
    position,
  };
}

/** The family's history: 30 current-account rows a day, a weekly transfer to savings, a monthly card payment. */
function history(familyId: string, current: string, savings: string, card: string, days: number) {
  const first = Date.parse('2021-01-01T00:00:00Z');
  const rows: TransactionItem[] = [];
  for (let day = 0; day < days; day++) {
    const date = dayOf(first, day);
    for (let k = 0; k < 30; k++) {
      const i = day * 30 + k;
      if (k === 0 && day % 7 === 0) {
        const pounds = 100 + (day % 13) * 25;
        rows.push(item(familyId, current, `c${i}`, date, 'TFR 87654321 SAVINGS', -pounds, k));
        rows.push(item(familyId, savings, `s${i}`, date, 'TRANSFER FROM 12345678', pounds, 0));
      } else if (k === 0 && day % 30 === 15) {
        rows.push(item(familyId, current, `c${i}`, date, 'PAYMENT TO CARD ENDING 1234', -420, k));
        rows.push(item(familyId, card, `p${i}`, date, 'PAYMENT RECEIVED - THANK YOU', 420, 0));
      } else {
        const m = MERCHANTS[i % MERCHANTS.length]!;
        rows.push(item(familyId, current, `c${i}`, date, m, -((i % 47) + 0.99), k));
      }
    }
  }
  return rows;
}

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  // Similarity groups first: pure, no twin.
  const thousand = Array.from({ length: 1000 }, (_, i) => ({
    id: `g${i}`,
    description: `${MERCHANTS[i % MERCHANTS.length]!}${i % 3 === 0 ? ` REF ${i}` : ''}`,
    amount: (i % 47) + 0.99,
  }));
  groupSimilar(thousand.slice(0, 100)); // warm-up
  const groupTimes: number[] = [];
  let groups = 0;
  for (let run = 0; run < 10; run++) {
    const started = performance.now();
    groups = groupSimilar(thousand).length;
    groupTimes.push(performance.now() - started);
  }

  const twin = await startTestTwin({ cognito: false, s3Events: false });
  try {
    const caller = await signedIn(twin, `bench-${ulid()}`, 'bench@example.co.uk');
    const familyId = (await caller.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
    const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [
        { name: 'Joint Current', bank_name: 'Barclays', account_type: 'current' },
        { name: 'Barclays Savings', bank_name: 'Barclays', account_type: 'savings' },
        { name: 'Amex', bank_name: 'American Express', account_type: 'credit' },
      ],
    });
    const [current, savings, card] = body.accounts.map((a) => a.id) as [string, string, string];
    const days = 1960; // 58,800 current-account rows, plus the savings and card sides: about 60,000
    const seeded = history(familyId, current, savings, card, days);
    const seedStarted = performance.now();
    for (let start = 0; start < seeded.length; start += 2000)
      await putNewTransactions(seeded.slice(start, start + 2000));
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // Each "upload" is a month of the savings account's statement landing after the current account's: the
    // recomputation finds the month's pairs among the 60,000 rows.
    const times: number[] = [];
    let proposed = 0;
    const first = Date.parse('2021-01-01T00:00:00Z');
    for (let run = 0; run <= UPLOADS; run++) {
      const startDay = 60 + run * 90;
      const month = Array.from({ length: 30 }, (_, d) =>
        item(
          familyId,
          savings,
          `u${run}-${d}`,
          dayOf(first, startDay + d),
          d % 7 === 3 ? 'STANDING ORDER FROM 12345678' : 'INTEREST PAID GROSS',
          d % 7 === 3 ? 100 + ((startDay + d) % 13) * 25 : 0.5,
          d,
        ),
      );
      await putNewTransactions(month);
      const started = performance.now();
      const found = await recomputeCandidates(services(), familyId, month);
      if (run > 0) {
        times.push(performance.now() - started); // run 0 warms modules and dynalite's files
        proposed += found;
      }
    }
    const note = (t: number[], target: number) =>
      `p50 ${percentile(t, 50).toFixed(1)} ms; target p95 ≤ ${target} ms`;
    return [
      {
        name: `seed ${seeded.length.toLocaleString('en-GB')} rows (repository, batches)`,
        value: seedSeconds,
        unit: 's',
      },
      {
        name: 'recompute candidates after a 30-row upload, 60,000-row family (p95)',
        value: percentile(times, 95),
        unit: 'ms',
        note: note(times, RECOMPUTE_TARGET_MS),
      },
      { name: 'pairs proposed by those uploads', value: proposed, unit: 'pairs' },
      {
        name: 'similarity groups over 1,000 rows (p95 of 10)',
        value: percentile(groupTimes, 95),
        unit: 'ms',
        note: `${groups} groups; target ≤ ${GROUPS_TARGET_MS} ms`,
      },
    ];
  } finally {
    await twin.stop();
  }
}
