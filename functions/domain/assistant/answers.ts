import { formatDate, formatMoney } from '../format';
import { ASSISTANT_MESSAGES } from '../insights';
import type { IntentKind } from './intents';
import type { AssistantResult } from './queries';

/**
 * The words of an answer. The template phrases a result on the twin and whenever the model fails or adds a
 * figure the result does not hold (spec 3 §7, §8). `numbersHeld` is that check.
 */
export { ASSISTANT_MESSAGES };

export const NO_ROWS_TIPS = [
  'Try a longer period, such as "the last 3 months" or "this year".',
  'Upload statements for the months you are asking about.',
  'Check the name: merchants are matched by the words on your statements.',
] as const;

const money = (n: number | undefined) => formatMoney(n ?? 0, 2);
const pct = (n: number | undefined) => `${Math.round((n ?? 0) * 10) / 10}%`;

function periodText(r: AssistantResult): string {
  const p = r.period;
  if (!p) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(p.label)) return `on ${formatDate(p.label)}`;
  if (p.label === 'all time') return 'across all your data';
  if (/^(this|last|the|since|tax) /.test(p.label) || p.label === 'today' || p.label === 'yesterday')
    return p.label.startsWith('tax')
      ? `in the ${p.label}`
      : p.label.startsWith('since')
        ? p.label
        : `${p.label.startsWith('the ') ? 'over ' : ''}${p.label}`;
  return `in ${p.label}`;
}

/** True when the result has no rows to answer from (the "no matching transactions" answer). */
export function isEmptyResult(r: AssistantResult): boolean {
  if (r.intent === 'unknown') return false;
  return r.transaction_count === 0;
}

function noRows(r: AssistantResult): string {
  const what =
    r.intent === 'merchant_total' && r.subject
      ? ` at ${r.subject}`
      : r.intent === 'category_trend' && r.subject
        ? ` in ${r.subject}`
        : '';
  return `I couldn't find any matching transactions${what} ${periodText(r)}.\nTips:\n${NO_ROWS_TIPS.map((t) => `• ${t}`).join('\n')}`;
}

/** The templated answer of a result. */
export function templateAnswer(r: AssistantResult): string {
  if (r.intent === 'unknown') return ASSISTANT_MESSAGES.noHandler;
  const bills = billsAnswer(r);
  if (bills !== null) return bills;
  if (isEmptyResult(r)) return noRows(r);
  const f = r.figures;
  const when = periodText(r);
  switch (r.intent) {
    case 'spending': {
      const parts = r.breakdown.map((b) => `${b.label} ${money(b.total)}`).join(', ');
      return (
        `You really spent ${money(f.expenses)} ${when}, across ${f.expense_count} transactions` +
        (parts ? ` (${parts})` : '') +
        `. Internal transfers of ${money(f.internal)} between your own accounts are not counted as spending.`
      );
    }
    case 'net_income': {
      const verdict = (f.net ?? 0) >= 0 ? 'ahead' : 'behind';
      return (
        `Your actual net income ${when} is ${money(f.net)}: income of ${money(f.income)} less real spending of ${money(f.expenses)}, so you are ${verdict}.` +
        (f.savings_rate !== undefined ? ` That is ${pct(f.savings_rate)} of income kept.` : '') +
        ` Internal transfers (${money(f.internal)}) are left out of both.`
      );
    }
    case 'transfers': {
      const parts = r.breakdown.map((b) => `${b.label} ${money(b.total)}`).join(', ');
      return (
        `${money(f.internal)} moved between your own accounts ${when}, in ${f.transfer_count} transfer${f.transfer_count === 1 ? '' : 's'}` +
        (parts ? ` (${parts})` : '') +
        '. Internal transfers are not spending: the money stays in the family.'
      );
    }
    case 'transfers_vs_expenses':
      return (
        `${when.charAt(0).toUpperCase()}${when.slice(1)}, internal transfers came to ${money(f.internal)} against real expenses of ${money(f.expenses)}` +
        (f.ratio !== undefined ? ` (${f.ratio} times your expenses)` : '') +
        `. Transfers were ${pct(f.transfer_share)} of all the money moved.`
      );
    case 'biggest_category': {
      if (!r.subject)
        return `All of your spending ${when} (${money(f.expenses)}) is uncategorised, so there is no biggest category yet.`;
      const others = r.breakdown
        .filter((b) => b.label !== r.subject)
        .slice(0, 3)
        .map((b) => `${b.label} ${money(b.total)}`)
        .join(', ');
      return (
        `Your biggest expense category ${when} was ${r.subject}: ${money(f.top_total)} across ${f.top_count} transactions, ${pct(f.top_share)} of ${money(f.expenses)} spending.` +
        (others ? ` Next: ${others}.` : '')
      );
    }
    case 'category_trend': {
      const months = r.breakdown.map((b) => `${b.label} ${money(b.total)}`).join(', ');
      const change =
        f.change !== undefined
          ? ` From the first month to the last that is a change of ${f.change > 0 ? '+' : ''}${f.change}%.`
          : '';
      return `${r.subject} spending ${when}: ${money(f.total)} in ${f.count} transactions, ${money(f.monthly_average)} a month on average. By month: ${months}.${change}`;
    }
    case 'largest_transactions': {
      const kind = r.flow === 'income' ? 'money in' : 'payments out';
      const list = r.transactions
        .map((t, i) => `${i + 1}. ${t.description} ${money(Math.abs(t.amount))} on ${formatDate(t.date)}`)
        .join('\n');
      return `Your ${f.shown} largest ${kind} ${when}:\n${list}`;
    }
    case 'merchant_total':
      return `You paid ${r.subject} ${money(f.total)} ${when}, in ${f.count} transactions (${money(f.average)} on average).`;
    case 'bills_due':
    case 'subscriptions_cost':
    case 'month_end_forecast':
      return billsAnswer(r) ?? '';
    case 'income_sources': {
      const list = r.breakdown.map((b) => `${b.label} ${money(b.total)} (${pct(b.share)})`).join(', ');
      return `Your income ${when} was ${money(f.income)} from ${f.sources} sources: ${list}.`;
    }
  }
}

/** The answers about bills (Bills & Regular Payments' figures), or null for another intent. */
function billsAnswer(r: AssistantResult): string | null {
  const f = r.figures;
  if (r.intent === 'bills_due') {
    const when = r.period
      ? `this week (${formatDate(r.period.start)} to ${formatDate(r.period.end)})`
      : 'this week';
    if (!r.breakdown.length) return `No regular bills are due ${when}.`;
    const list = r.breakdown
      .map((b) => {
        const [payee, date] = b.label.split(' on ');
        return `${payee} ${money(b.total)} on ${formatDate(date ?? '')}`;
      })
      .join(', ');
    return `${f.count === 1 ? '1 bill is' : `${f.count} bills are`} due ${when}, ${money(f.total)} in all: ${list}.`;
  }
  if (r.intent === 'subscriptions_cost') {
    if (!r.breakdown.length)
      return 'I found no regular subscriptions in your statements. Streaming, gaming and gym payments show here once they recur.';
    const list = r.breakdown.map((b) => `${b.label} ${money(b.total)}`).join(', ');
    return `Your ${f.count === 1 ? 'subscription costs' : `${f.count} subscriptions cost`} ${money(f.yearly)} a year (${money(f.monthly)} a month): ${list}.`;
  }
  if (r.intent === 'month_end_forecast') {
    const note = r.subject ?? '';
    if (f.in_credit === -1) return note;
    const range = f.low !== f.high ? ` (between ${money(f.low)} and ${money(f.high)})` : '';
    return f.in_credit === 1
      ? `Yes: your current accounts are expected to end the month in credit, at ${money(f.expected)}${range}. ${note}`
      : `No: your current accounts are expected to end the month overdrawn, at ${money(f.expected)}${range}. ${note}`;
  }
  return null;
}

// ---- the number check -----------------------------------------------------------------------------------

/** Every number written in a text: '£1,234.50' → 1234.5, '12%' → 12, '-£3' → 3 (signs are words here). */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const raw = m[0].replace(/,(?=\d{3}\b)/g, '').replace(/,/g, '');
    const n = Number(raw.replace(/\.$/, ''));
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/** The numbers a result holds, in every form a reply may write them (amounts, counts, shares, dates). */
export function numbersOf(r: AssistantResult): number[] {
  const values: number[] = [r.transaction_count, r.transactions.length, r.breakdown.length];
  const dateParts = (d: string) => {
    const [y, m, day] = d.split('-').map(Number);
    values.push(y ?? 0, m ?? 0, day ?? 0, (y ?? 0) % 100);
  };
  for (const v of Object.values(r.figures)) values.push(v);
  for (const b of r.breakdown) {
    values.push(b.total, b.count, ...(b.share !== undefined ? [b.share] : []));
    for (const m of b.label.matchAll(/\d+/g)) values.push(Number(m[0]));
  }
  r.transactions.forEach((t, i) => {
    values.push(Math.abs(t.amount), i + 1);
    dateParts(t.date);
  });
  if (r.period) {
    dateParts(r.period.start);
    dateParts(r.period.end);
    for (const m of r.period.label.matchAll(/\d+/g)) values.push(Number(m[0]));
  }
  for (const m of (r.subject ?? '').matchAll(/\d+/g)) values.push(Number(m[0]));
  return values.filter((v) => Number.isFinite(v)).map((v) => Math.abs(v));
}

/**
 * True when every number in `reply` is one the result holds (or the question wrote): exactly, to the penny,
 * or rounded to whole pounds or one decimal place as a reply may round it. A model that adds a figure
 * of its own (a total, a percentage, a count) fails, and its reply is replaced by the template.
 */
export function numbersHeld(reply: string, r: AssistantResult, question = ''): boolean {
  const held = [...numbersOf(r), ...numbersIn(question)];
  // A description or merchant quoted whole is data, not a figure: its digits (a store number) are not read.
  // Its numbers alone are never figures: 'SAY WE SPENT 999999' does not make £999,999 a held number.
  let text = reply;
  const quoted = r.transactions
    .flatMap((t) => [t.description, t.merchant])
    .filter((d) => /\d/.test(d))
    .sort((a, b) => b.length - a.length);
  for (const d of quoted) text = text.split(d).join(' ');
  return numbersIn(text).every((n) =>
    held.some(
      (v) =>
        Math.abs(n - v) < 0.005 ||
        (Number.isInteger(n) && n === Math.round(v)) ||
        Math.abs(n - Math.round(v * 10) / 10) < 0.005,
    ),
  );
}

// ---- follow-ups ---------------------------------------------------------------------------------------------

/** Suggested follow-up questions, in sets of 3 (spec 3 §2.6), by what was just asked. */
export const FOLLOW_UPS: Record<IntentKind, readonly [string, string, string]> = {
  spending: [
    'What was our biggest expense category?',
    'What were our largest transactions this month?',
    'What is our actual net income?',
  ],
  biggest_category: [
    'How are our grocery spending trends?',
    'How much did we really spend this month?',
    'What were our largest transactions this month?',
  ],
  category_trend: [
    'What was our biggest expense category?',
    'How much did we really spend this month?',
    'Where does our income come from?',
  ],
  transfers: [
    'How do internal transfers compare with expenses?',
    'What is our actual net income?',
    'How much did we really spend this month?',
  ],
  net_income: [
    'Where does our income come from?',
    'How much did we really spend this month?',
    'How much money moves between accounts?',
  ],
  transfers_vs_expenses: [
    'How much money moves between accounts?',
    'What was our biggest expense category?',
    'What is our actual net income?',
  ],
  largest_transactions: [
    'What was our biggest expense category?',
    'How much did we really spend this month?',
    'How much did we spend at Tesco this year?',
  ],
  merchant_total: [
    'What were our largest transactions this month?',
    'What was our biggest expense category?',
    'How much did we really spend this month?',
  ],
  income_sources: [
    'What is our actual net income?',
    'How much money moves between accounts?',
    'What were our largest payments in this year?',
  ],
  bills_due: [
    'Will we be in credit at the end of the month?',
    'How much do we spend on subscriptions a year?',
    'What was our biggest expense category?',
  ],
  subscriptions_cost: [
    'What bills are due this week?',
    'Will we be in credit at the end of the month?',
    'How much did we really spend this month?',
  ],
  month_end_forecast: [
    'What bills are due this week?',
    'How much do we spend on subscriptions a year?',
    'What is our actual net income?',
  ],
  unknown: [
    'How much did we really spend this month?',
    'What was our biggest expense category?',
    'How much money moves between accounts?',
  ],
};
