import { ulid } from 'ulid';
import { type AccountItem, listAccounts } from '../adapters/dynamodb/account-repository';
import {
  assistantRows,
  chatHistory,
  saveChatHistory,
  takeAssistantTurn,
} from '../adapters/dynamodb/assistant-repository';
import { readPayers, readRollups, rollupEnds } from '../adapters/dynamodb/rollup-repository';
import { spendRollups } from '../adapters/dynamodb/spending-repository';
import {
  type AnalyticsInsight,
  type AnalyticsResponse,
  ASSISTANT_INPUT_MESSAGES,
  type AskResponse,
  type ChatMessage,
  EXAMPLE_QUESTIONS,
  HISTORY_MESSAGES,
  type HistoryResponse,
} from '../contracts/assistant';
import { ASSISTANT_MESSAGES, FOLLOW_UPS, numbersHeld, templateAnswer } from '../domain/assistant/answers';
import { billsDueResult, forecastResult, subscriptionsResult } from '../domain/assistant/bills';
import { ALL_TIME_START, type DateRange } from '../domain/assistant/date-phrases';
import { type Intent, mapQuestion } from '../domain/assistant/intents';
import {
  type AssistantResult,
  type AssistantRow,
  biggestCategoryQuery,
  categoryTrendQuery,
  incomeSourcesFrom,
  largestInRollups,
  largestQuery,
  merchantQuery,
  netIncomeQuery,
  SHOWN_TRANSACTIONS,
  spendingQuery,
  transfersQuery,
  transfersVsExpensesQuery,
  trendSpan,
} from '../domain/assistant/queries';
import { merchantsComplete, rollupsOfRows, spendingVocabulary } from '../domain/assistant/spend';
import { addDays, DEFAULT_TIME_ZONE, localDate, monthLabel } from '../domain/dates';
import { EXPENSE_FLOW_TYPES } from '../domain/flow-types';
import { proactiveInsights } from '../domain/insights';
import {
  coversMonth,
  type Figures,
  monthBounds,
  monthOf,
  monthsBetween,
  type PayerCell,
  periodCells,
  sumCells,
} from '../domain/rollups';
import type { SpendRollup } from '../domain/spending';
import type { FamilyContext } from '../shared/context';
import { TooManyRequestsError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { Ports } from '../shared/ports';
import { familyBills } from './bills';
import { listCategories } from './spending';

/** The ports this service's use cases are handed (the composition root passes them). */
export type AssistantDeps = Pick<Ports, 'now' | 'assistantModel'>;

/**
 * The Financial AI Assistant (spec 3 §2.6, §7) and the Analytics & Insights page (§2.5): numbers by code,
 * words by the model. A question is mapped to an intent by the domain's rules (the model only when they
 * cannot), the intent's query runs over the family's own roll-ups and rows, and the result is phrased by
 * the model when there is one (its reply kept only if every number in it is one the result holds) or by
 * the template. Only the caller's family is read: its id comes from the verified membership, never from
 * the request, and every read is a key range of that family's partition.
 */
export const RATE_LIMIT_QUESTIONS = 20;
export const RATE_LIMIT_WINDOW_SECONDS = 60;
const DEFAULT_MONTHS_FOR_NAMES = 12;
/**
 * Rows read to pick the shown transactions of an answer whose figures come from the roll-ups: the newest
 * 100 (spec 3 §7: a month's question samples up to 100), of which the answer shows a sample of 30.
 */
const SHOWN_ROWS_READ = 100;

const isActive = (a: AccountItem) => !a.is_archived && a.is_active;

/** The figures of a span from the roll-ups: whole months' totals, the day cells of its end months. */
async function spanFigures(
  familyId: string,
  span: DateRange,
  accounts: ReadonlySet<string>,
): Promise<Figures> {
  const from = monthOf(span.start);
  const to = monthOf(span.end);
  const edges = new Set([from, to].filter((m) => !coversMonth(span, m)));
  const parts = await readRollups(familyId, from, to, edges);
  return sumCells(periodCells(parts, span), (c) => accounts.has(c.account));
}

/** The period an intent uses when the question names none: the latest data's month, or a longer window. */
function defaultPeriod(intent: Intent, latest: string): DateRange {
  if (intent.kind === 'category_trend') return trendSpan(latest);
  if (intent.kind === 'merchant_total' || intent.kind === 'income_sources') {
    const { end } = monthBounds(monthOf(latest));
    const start = addDays(end, 1).slice(0, 8);
    const year = Number(start.slice(0, 4)) - 1;
    return {
      start: `${year}${start.slice(4)}01`,
      end,
      label: `the last ${DEFAULT_MONTHS_FOR_NAMES} months`,
    };
  }
  const month = monthOf(latest);
  return { ...monthBounds(month), label: monthLabel(month) };
}

interface FamilyData {
  accounts: AccountItem[];
  active: Set<string>;
  names: Map<string, string>;
  earliest: string | null;
  latest: string | null;
}

async function familyData(familyId: string): Promise<FamilyData> {
  const [accounts, ends] = await Promise.all([listAccounts(familyId), rollupEnds(familyId)]);
  const active = accounts.filter(isActive);
  return {
    accounts,
    active: new Set(active.map((a) => a.id)),
    names: new Map(active.map((a) => [a.id, a.name])),
    earliest: ends.first?.first ?? null,
    latest: ends.last?.last ?? null,
  };
}

/**
 * The family's own category and merchant names for the question mapper: the categories, and the merchants
 * of the spending roll-ups of the latest data's year and the year before (one item per account and year).
 */
async function vocabulary(
  familyId: string,
  data: FamilyData,
): Promise<{ categories: string[]; merchants: string[] }> {
  const year = Number((data.latest ?? '').slice(0, 4));
  const [categories, years] = await Promise.all([
    listCategories(),
    spendRollups(familyId, String(year - 1), String(year)),
  ]);
  return spendingVocabulary(
    categories,
    years.filter((r) => data.active.has(r.account_id)),
  );
}

/** Runs an intent's query over the family's roll-ups and rows. */
export async function answerIntent(
  familyId: string,
  intent: Intent,
  data: FamilyData,
  deps: Pick<Ports, 'now'>,
): Promise<AssistantResult> {
  if (intent.kind === 'unknown' || !data.latest || !data.earliest)
    return {
      intent: 'unknown',
      period: null,
      figures: {},
      breakdown: [],
      transactions: [],
      transaction_count: 0,
    };
  if (
    intent.kind === 'bills_due' ||
    intent.kind === 'subscriptions_cost' ||
    intent.kind === 'month_end_forecast'
  )
    return billsIntent(familyId, intent.kind, deps);
  const named = intent.period;
  let period: DateRange = named
    ? { start: named.start, end: named.end, label: named.label }
    : defaultPeriod(intent, data.latest);
  if (period.start === ALL_TIME_START || period.start < data.earliest)
    period = { ...period, start: period.start === ALL_TIME_START ? data.earliest : period.start };
  if (period.start < data.earliest && period.end >= data.earliest)
    period = { ...period, start: data.earliest };
  const month = named?.month ?? !named;
  const accountIds = intent.account
    ? new Set(
        [...data.names]
          .filter(([, n]) => n.toLowerCase() === intent.account?.toLowerCase())
          .map(([id]) => id),
      )
    : data.active;
  const readRows = async (limit?: number, flows?: readonly string[]) =>
    (await assistantRows(familyId, period.start, period.end, limit, flows)).filter((r) =>
      accountIds.has(r.account_id),
    );
  switch (intent.kind) {
    case 'spending':
    case 'net_income':
    case 'transfers':
    case 'transfers_vs_expenses': {
      // the figures from the roll-ups; rows only to show those the answer rests on (the newest of them)
      const [figures, rows] = await Promise.all([
        spanFigures(familyId, period, accountIds),
        // transfers are few among the rows: all of the period's, by a filter on the flow type
        intent.kind === 'transfers' ? readRows(undefined, ['internal_transfer']) : readRows(SHOWN_ROWS_READ),
      ]);
      if (intent.kind === 'spending') return spendingQuery(period, figures, rows, month);
      if (intent.kind === 'net_income') return netIncomeQuery(period, figures, rows, month);
      if (intent.kind === 'transfers') return transfersQuery(period, figures, rows, data.names, month);
      return transfersVsExpensesQuery(period, figures, rows, month);
    }
    case 'biggest_category': {
      const [parts, figures, categories] = await Promise.all([
        spendParts(familyId, period, accountIds),
        spanFigures(familyId, period, accountIds),
        listCategories(),
      ]);
      const spend = [...parts.rollups, ...rollupsOfRows(parts.rows)];
      return biggestCategoryQuery(period, spend, figures, month, categories);
    }
    case 'category_trend': {
      const [parts, categories] = await Promise.all([
        spendParts(familyId, period, accountIds),
        listCategories(),
      ]);
      const spend = [...parts.rollups, ...rollupsOfRows(parts.rows)];
      return categoryTrendQuery(period, intent.category ?? '', spend, categories);
    }
    case 'largest_transactions': {
      const flow = intent.flow ?? 'external_expense';
      const limit = intent.limit ?? 5;
      if (flow !== 'external_expense')
        return largestQuery(period, flow, limit, await readRows(undefined, [flow]));
      return largestPaymentsOut(familyId, period, accountIds, limit);
    }
    case 'merchant_total': {
      const [parts, categories] = await Promise.all([
        spendParts(familyId, period, accountIds, merchantsComplete),
        listCategories(),
      ]);
      return merchantQuery(period, intent.merchant ?? '', parts, categories);
    }
    case 'income_sources':
      return incomeSources(familyId, period, accountIds, month);
  }
}

/** The bills questions, answered from Bills & Regular Payments' own figures (services/bills.ts). */
async function billsIntent(
  familyId: string,
  kind: 'bills_due' | 'subscriptions_cost' | 'month_end_forecast',
  deps: Pick<Ports, 'now'>,
): Promise<AssistantResult> {
  const bills = await familyBills(deps, familyId);
  if (kind === 'bills_due') return billsDueResult(bills.calendar, bills.today);
  if (kind === 'subscriptions_cost') return subscriptionsResult(bills.payments);
  return forecastResult(bills.forecast, bills.today);
}

/**
 * Income by source without reading every row of a long period: the months the period covers whole from the
 * flow roll-ups' income by payer, the months it covers in part (and any whose roll-up was stored before
 * payers were kept) from their income rows. The transactions shown are the newest month's income.
 */
async function incomeSources(
  familyId: string,
  period: DateRange,
  accountIds: ReadonlySet<string>,
  month: boolean,
): Promise<AssistantResult> {
  const stored = await readPayers(familyId, monthOf(period.start), monthOf(period.end));
  const payers: PayerCell[] = [];
  const fromRows: string[] = [];
  let newest: { month: string; whole: boolean } | null = null;
  for (const { month: m, payers: cells } of stored) {
    const whole = cells !== undefined && coversMonth(period, m);
    if (whole) payers.push(...cells.filter((p) => accountIds.has(p.account)));
    else fromRows.push(m);
    if (!whole || cells.some((p) => accountIds.has(p.account))) newest = { month: m, whole };
  }
  const incomeRows = async (m: string) => {
    const { start, end } = monthBounds(m);
    const rows = await assistantRows(
      familyId,
      start < period.start ? period.start : start,
      end > period.end ? period.end : end,
      undefined,
      ['income'],
    );
    return rows.filter((r) => accountIds.has(r.account_id));
  };
  const [partial, shown] = await Promise.all([
    Promise.all(fromRows.map(incomeRows)).then((months) => months.flat()),
    newest?.whole ? incomeRows(newest.month) : Promise.resolve(null),
  ]);
  const newestRows = shown ?? partial.filter((r) => newest && monthOf(r.transaction_date) === newest.month);
  return incomeSourcesFrom(period, payers, partial, newestRows, month);
}

/**
 * The largest payments out of a period without reading all its rows: the external expenses from the
 * spending roll-ups' largest rows of its whole months (the months where a roll-up cannot prove it from
 * the rows), the partly covered months from the rows, and the mortgage flows (no category's, so in no
 * spending roll-up) from the rows when the flow roll-ups count any.
 */
async function largestPaymentsOut(
  familyId: string,
  period: DateRange,
  accounts: ReadonlySet<string>,
  limit: number,
): Promise<AssistantResult> {
  const [parts, figures, categories] = await Promise.all([
    spendParts(familyId, period, accounts),
    spanFigures(familyId, period, accounts),
    listCategories(),
  ]);
  const mortgages = EXPENSE_FLOW_TYPES.filter(
    (f) => f !== 'external_expense' && (figures.byFlow[f]?.count ?? 0) > 0,
  );
  const proven = largestInRollups(parts.rollups, limit, categories);
  const inPart = (r: AssistantRow) => accounts.has(r.account_id);
  const [reread, mortgageRows] = await Promise.all([
    Promise.all(
      proven.reread.map(async (r) =>
        (await assistantRows(familyId, monthBounds(r.month).start, monthBounds(r.month).end)).filter(
          (row) => row.account_id === r.account_id,
        ),
      ),
    ),
    mortgages.length
      ? assistantRows(familyId, period.start, period.end, undefined, mortgages).then((rows) =>
          rows.filter(inPart),
        )
      : Promise.resolve([]),
  ]);
  const count = EXPENSE_FLOW_TYPES.reduce((n, f) => n + (figures.byFlow[f]?.count ?? 0), 0);
  return largestQuery(period, 'external_expense', limit, [...parts.rows, ...reread.flat(), ...mortgageRows], {
    transactions: proven.transactions,
    count,
  });
}

/**
 * A period's spending as the spending roll-ups hold it: the stored roll-ups of the months it covers whole
 * (those `usable` accepts), and the rows of the rest: its partly covered first and last months, and the
 * months and accounts whose roll-up was not usable (a merchant's total where the roll-up's merchant list is
 * cut short). Only the given accounts.
 */
async function spendParts(
  familyId: string,
  period: DateRange,
  accounts: ReadonlySet<string>,
  usable: (rollup: SpendRollup) => boolean = () => true,
): Promise<{ rollups: SpendRollup[]; rows: AssistantRow[] }> {
  const months = monthsBetween(period.start, period.end);
  const whole = months.filter((m) => coversMonth(period, m));
  const stored =
    whole.length > 0
      ? (await spendRollups(familyId, whole[0] ?? '', whole.at(-1) ?? '')).filter(
          (r) => accounts.has(r.account_id) && whole.includes(r.month),
        )
      : [];
  const rollups = stored.filter(usable);
  const reread = new Map<string, Set<string>>();
  for (const r of stored)
    if (!rollups.includes(r)) reread.set(r.month, (reread.get(r.month) ?? new Set()).add(r.account_id));
  const ranges: Array<{ start: string; end: string; keep: ReadonlySet<string> }> = [];
  for (const m of months) {
    const bounds = monthBounds(m);
    if (!whole.includes(m))
      ranges.push({
        start: bounds.start < period.start ? period.start : bounds.start,
        end: bounds.end > period.end ? period.end : bounds.end,
        keep: accounts,
      });
    else if (reread.has(m)) ranges.push({ ...bounds, keep: reread.get(m) ?? new Set() });
  }
  const rows = await Promise.all(
    ranges.map(async (r) =>
      (await assistantRows(familyId, r.start, r.end)).filter((row) => r.keep.has(row.account_id)),
    ),
  );
  return { rollups, rows: rows.flat() };
}

/** Counts the question against the family's window, or refuses with the rate-limit message. */
async function takeTurn(familyId: string, now: Date): Promise<void> {
  const windowStart =
    Math.floor(now.getTime() / 1000 / RATE_LIMIT_WINDOW_SECONDS) * RATE_LIMIT_WINDOW_SECONDS;
  const ok = await takeAssistantTurn(
    familyId,
    String(windowStart),
    RATE_LIMIT_QUESTIONS,
    windowStart + 2 * RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!ok) throw new TooManyRequestsError(ASSISTANT_INPUT_MESSAGES.rateLimited);
}

/** The words of a result: the model's when it passes the number check, else the template's. */
async function phrase(
  deps: AssistantDeps,
  question: string,
  result: AssistantResult,
  history: ChatMessage[],
): Promise<{ text: string; source: 'model' | 'template' | 'message' }> {
  const template = templateAnswer(result);
  const model = deps.assistantModel;
  if (!model || result.intent === 'unknown')
    return { text: template, source: result.intent === 'unknown' ? 'message' : 'template' };
  const reply = await model.phrase({
    question,
    result,
    history: history.slice(-4).map((m) => ({ role: m.role, content: m.content })),
    // the result's transactions are already the enhanced sample (at most 30)
    sample: result.transactions.slice(0, SHOWN_TRANSACTIONS),
  });
  if (reply && numbersHeld(reply, result, question)) return { text: reply, source: 'model' };
  if (reply) logger.warn('Assistant reply replaced by the template: it held a figure the result does not');
  return { text: template, source: 'template' };
}

const message = (
  role: ChatMessage['role'],
  content: string,
  now: Date,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({ id: ulid(), role, content, timestamp: now.toISOString(), ...extra });

/** POST /api/assistant/messages: one question, answered and kept in the member's history. */
export async function ask(
  deps: AssistantDeps,
  family: FamilyContext,
  question: string,
): Promise<AskResponse> {
  const now = deps.now();
  await takeTurn(family.familyId, now);
  const history = await chatHistory(family.familyId, family.userId);
  const asked = message('user', question.trim(), now);
  let answer: ChatMessage;
  let kind: Intent['kind'] = 'unknown';
  try {
    const data = await familyData(family.familyId);
    if (!data.active.size || !data.latest) {
      answer = message('assistant', ASSISTANT_MESSAGES.noSession, now, { source: 'message' });
    } else {
      const today = localDate(now, DEFAULT_TIME_ZONE);
      let intent = mapQuestion(question, today, {
        accounts: [...data.names.values()],
        ...(await vocabulary(family.familyId, data)),
      });
      if (intent.kind === 'unknown' && deps.assistantModel)
        intent = (await deps.assistantModel?.mapQuestion(question, today)) ?? intent;
      kind = intent.kind;
      const result = await answerIntent(family.familyId, intent, data, deps);
      const words = await phrase(deps, question, result, history);
      answer = message('assistant', words.text, now, {
        source: words.source,
        result: result.intent === 'unknown' ? null : result,
      });
    }
  } catch (error) {
    logger.error('Assistant processing failed', { error: error as Error });
    answer = message('assistant', ASSISTANT_MESSAGES.processingError, now, { source: 'message' });
  }
  await saveChatHistory(family.familyId, family.userId, [...history, asked, answer].slice(-HISTORY_MESSAGES));
  return { question: asked, answer, follow_ups: [...FOLLOW_UPS[kind]], online: true };
}

/** GET /api/assistant/conversations: the caller's own last messages. */
export async function conversation(family: FamilyContext): Promise<HistoryResponse> {
  const messages = await chatHistory(family.familyId, family.userId);
  return { messages, follow_ups: [...FOLLOW_UPS.unknown], online: true };
}

/**
 * GET /api/insights/analytics: the proactive insights of spec 3 §7 from the roll-ups of the latest month
 * with data (this month when it has data), each with its figures and a link to the rows behind it.
 */
export async function analytics(family: FamilyContext): Promise<AnalyticsResponse> {
  const data = await familyData(family.familyId);
  const examples = {
    spending: [...EXAMPLE_QUESTIONS.spending],
    money_flow: [...EXAMPLE_QUESTIONS.money_flow],
  };
  if (!data.latest || !data.active.size)
    return {
      period: null,
      totals: { income: 0, expenses: 0, internal: 0, transaction_count: 0 },
      insights: [],
      examples,
    };
  const month = monthOf(data.latest);
  const period = { ...monthBounds(month), label: monthLabel(month) };
  const f = await spanFigures(family.familyId, period, data.active);
  const totals = { income: f.income / 100, expenses: f.expenses / 100, internal: f.internal / 100 };
  const all = f.income + f.expenses + f.internal;
  const link = `/app/flow?from=${period.start}&to=${period.end}`;
  const figuresOf = (id: string): Record<string, number> => {
    if (id === 'overspending') return { expenses: totals.expenses, income: totals.income };
    if (id === 'savings')
      return { income: totals.income, expenses: totals.expenses, saved: (f.income - f.expenses) / 100 };
    if (id === 'transfer-share')
      return { internal: totals.internal, share: all ? Math.round((f.internal / all) * 1000) / 10 : 0 };
    return { internal: totals.internal, expenses: totals.expenses };
  };
  const insights: AnalyticsInsight[] = proactiveInsights(totals).map((i) => ({
    ...i,
    link,
    figures: figuresOf(i.id),
  }));
  return { period, totals: { ...totals, transaction_count: f.count }, insights, examples };
}
