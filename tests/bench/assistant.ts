import { ulid } from 'ulid';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { registerServices, services } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { AskResponse } from '../../functions/contracts/assistant';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import { refreshAccountSummary } from '../../functions/services/accounts';
import { refreshRollups } from '../../functions/services/rollups';
import { categoryOfRow } from '../../functions/services/row-categories';
import { changesOf } from '../../functions/services/row-changes';
import { refreshSpending } from '../../functions/services/spending-rollups';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * Benchmark of the assistant's answer time per intent, on the local twin over HTTP (POST
 * /api/assistant/messages) without the model (templates word the answers): a family with 60,000 rows over
 * about 5½ years (30 a day across a current and a savings account: salary, groceries, coffee, bills,
 * transfers to savings), spending categorised and roll-ups (flow and spending) built as the pipeline
 * builds them. Each question is timed end to end:
 * rate limit, history read and write, intent mapping, roll-up and row reads, the query and the template.
 * Target: p95 ≤ 150 ms per intent. "Today" is 20 June 2025, the last month of the data.
 */
const RUNS = 30;
const TARGET_MS = 150;
const PER_DAY = 30;
const DAYS = 2000;

const LINES: Array<[string, number, string]> = [
  ['TESCO STORES 2041', -54.3, 'external_expense'],
  ['SAINSBURYS SACAT', -31.15, 'external_expense'],
  ['PRET A MANGER', -6.45, 'external_expense'],
  ['NETFLIX.COM', -10.99, 'external_expense'],
  ['BRITISH GAS', -88, 'external_expense'],
  ['CARD PAYMENT TO CORNER SHOP', -4.2, 'external_expense'],
  ['AMAZON.CO.UK', -23.99, 'external_expense'],
  ['SHELL PETROL', -61.2, 'external_expense'],
];

const NO_RULES = new Map();

function rows(familyId: string, current: string, savings: string): TransactionItem[] {
  const first = Date.parse('2020-01-08T00:00:00Z');
  const out: TransactionItem[] = [];
  for (let i = 0; i < DAYS * PER_DAY; i++) {
    const day = Math.floor(i / PER_DAY);
    const date = new Date(first + day * 86_400_000).toISOString().slice(0, 10);
    const slot = i % PER_DAY;
    let description: string;
    let signed: number;
    let flow: string;
    let account = current;
    if (slot === 0 && day % 30 === 0) [description, signed, flow] = ['ACME LTD SALARY', 3200, 'income'];
    else if (slot === 1 && day % 7 === 0)
      [description, signed, flow] = ['TFR TO SAVINGS', -250, 'internal_transfer'];
    else if (slot === 2 && day % 7 === 0) {
      [description, signed, flow] = ['TFR FROM CURRENT', 250, 'internal_transfer'];
      account = savings;
    } else {
      const line = LINES[i % LINES.length] as [string, number, string];
      [description, signed, flow] = [line[0], line[1] - (i % 5), line[2]];
    }
    const item: TransactionItem = {
      id: `${account.slice(-6)}${String(i).padStart(9, '0')}`,
      family_id: familyId,
      account_id: account,
      upload_id: 'bench',
      transaction_date: date,
      description,
      amount: Math.abs(signed),
      signed_amount: Math.round(signed * 100) / 100,
      type: signed >= 0 ? 'credit' : 'debit',
      balance: null,
      flow_type: flow,
      user_corrected_flow_type: null,
      classification_confidence: 0.9,
      classification_method: 'rule',
      created_at: '2026-01-01T00:00:00.000Z',
      position: slot,
    };
    out.push({ ...item, ...categoryOfRow(item, NO_RULES) });
  }
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const QUESTIONS: Array<[string, string]> = [
  ['spending', 'How much did we really spend this month?'],
  ['biggest_category', 'What was our biggest expense category?'],
  ['category_trend', 'Show me grocery spending trends'],
  ['transfers', 'How much money moves between accounts?'],
  ['net_income', "What's our actual net income?"],
  ['transfers_vs_expenses', 'Internal transfers vs expenses'],
  ['largest_transactions', 'What were our largest transactions this month?'],
  ['merchant_total', 'How much did we spend at Tesco this month?'],
  ['income_sources', 'Where does our income come from this month?'],
  ['unknown', 'Tell me a joke'],
];

async function timed(caller: ApiCaller, intent: string, question: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const { status, body } = await caller.call<AskResponse>('POST', '/api/assistant/messages', { question });
    times.push(performance.now() - started);
    const answered = body.answer.result?.intent ?? 'unknown';
    if (status !== 200 || answered !== intent)
      throw new Error(`"${question}" answered ${status} as ${answered}: ${body.answer.content}`);
  }
  return times;
}

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const twin = await startTestTwin({ cognito: false, s3Events: false });
  // the clock moves a minute a question, so the per-family rate limit never refuses the benchmark
  let clock = Date.UTC(2025, 5, 20, 8, 0, 0);
  registerServices({
    assistantModel: null,
    now: () => {
      clock += 61_000;
      return new Date(clock);
    },
  });
  try {
    const caller = await signedIn(twin, `bench-${ulid()}`, 'bench@example.co.uk');
    const familyId = (await caller.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
    const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [
        { name: 'Everyday', bank_name: 'Barclays', account_type: 'current' },
        { name: 'Rainy day', bank_name: 'Nationwide', account_type: 'savings' },
      ],
    });
    const [current, savings] = body.accounts.map((a) => a.id) as [string, string];
    const seedStarted = performance.now();
    const all = rows(familyId, current, savings);
    for (let start = 0; start < all.length; start += 2000)
      await putNewTransactions(all.slice(start, start + 2000));
    await refreshAccountSummary(familyId, current);
    await refreshAccountSummary(familyId, savings);
    await refreshRollups(familyId, new Set(all.map((r) => r.transaction_date)));
    await refreshSpending(services(), familyId, changesOf(all));
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    await timed(caller, 'spending', QUESTIONS[0]![1]); // warm-up: modules, dynalite's files
    const figures: Array<{ name: string; value: number; unit: string; note?: string }> = [
      { name: `seed ${all.length.toLocaleString('en-GB')} rows and roll-ups`, value: seedSeconds, unit: 's' },
    ];
    for (const [intent, question] of QUESTIONS) {
      const t = await timed(caller, intent, question);
      figures.push({
        name: `${intent} (p95)`,
        value: percentile(t, 95),
        unit: 'ms',
        note: `p50 ${percentile(t, 50).toFixed(1)} ms; target p95 ≤ ${TARGET_MS} ms`,
      });
    }
    // a merchant over its default period (the last 12 months: whole months from the spending roll-ups)
    const year = await timed(caller, 'merchant_total', 'How much did we spend at Tesco?');
    figures.push({
      name: 'merchant_total, 12 months (p95)',
      value: percentile(year, 95),
      unit: 'ms',
      note: `p50 ${percentile(year, 50).toFixed(1)} ms; target p95 ≤ ${TARGET_MS} ms`,
    });
    // income sources over their default period (the last 12 months: the income rows, filtered by flow type)
    const income = await timed(caller, 'income_sources', 'Where does our income come from?');
    figures.push({
      name: 'income_sources, 12 months (p95)',
      value: percentile(income, 95),
      unit: 'ms',
      note: `p50 ${percentile(income, 50).toFixed(1)} ms; target p95 ≤ ${TARGET_MS} ms`,
    });
    return figures;
  } finally {
    await twin.stop();
  }
}
