import { type FoundPeriod, findPeriod } from './date-phrases';

/**
 * From a question to an intent with its parameters (spec 3 §2.5, §2.6, §7 "Assistant processing"). Pure and
 * deterministic: keywords and the UK date phrases of ./date-phrases.ts. A question it cannot map is
 * 'unknown'; the service may then ask the model to map it (to one of these same intents, validated), and
 * whichever maps it, the figures are computed in code.
 */
export const INTENT_KINDS = [
  'spending',
  'biggest_category',
  'category_trend',
  'transfers',
  'net_income',
  'transfers_vs_expenses',
  'largest_transactions',
  'merchant_total',
  'income_sources',
  'bills_due',
  'subscriptions_cost',
  'month_end_forecast',
  'unknown',
] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

export const INTENT_FLOWS = ['income', 'internal_transfer', 'external_expense'] as const;
export type IntentFlow = (typeof INTENT_FLOWS)[number];

export interface Intent {
  kind: IntentKind;
  /** The period the question names, or null: the service then uses the intent's default period. */
  period: FoundPeriod | null;
  /** A spending category, as the family's data or the built-in vocabulary names it ('Groceries'). */
  category?: string;
  /** A merchant or payee named by the question ('Tesco', 'Netflix'). */
  merchant?: string;
  /** An account named by the question (one of the family's account names). */
  account?: string;
  /** largest_transactions: which money (out by default). */
  flow?: IntentFlow;
  /** largest_transactions: how many (5 by default, at most 20). */
  limit?: number;
}

/** What the mapper knows of the family: its account names, and category and merchant names in its rows. */
export interface Vocabulary {
  accounts?: readonly string[];
  categories?: readonly string[];
  merchants?: readonly string[];
}

/** Questions are read in lower case, with curly quotes straightened and whitespace collapsed. */
export function normaliseQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[?!]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The built-in category vocabulary: what a question may call a category, and the category it means. These
 * are also the names given to spending whose rows carry no primary_category (see ./categories.ts).
 */
export const CATEGORY_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\b(grocer(?:y|ies)|supermarkets?|food shop(?:ping)?|food)\b/, 'Groceries'],
  [/\b(eating out|dining|restaurants?|takeaways?|take-aways?|coffee|cafes?|fast food)\b/, 'Eating Out'],
  [/\b(utilit(?:y|ies)|energy|gas|electric(?:ity)?|water bills?|council tax)\b/, 'Bills & Utilities'],
  [/\b(phones?|mobile|broadband|internet|telecoms?)\b/, 'Phone & broadband'],
  [/\b(streaming|subscriptions?|netflix|spotify)\b/, 'Streaming & subscriptions'],
  [/\b(fuel|petrol|diesel)\b/, 'Fuel'],
  [/\b(transport|travel|trains?|buses|taxis?|uber|commut(?:e|ing))\b/, 'Transport'],
  [/\b(shopping|clothes|clothing|retail|online shopping|amazon)\b/, 'Shopping'],
];

const ACCOUNT_WORDS = /\b(current|savings?|credit card|isa|mortgage|joint) account\b/;

function includesWord(text: string, word: string): boolean {
  const w = word.toLowerCase().trim();
  if (!w) return false;
  return new RegExp(`(^|[^a-z0-9])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(text);
}

/** The category a question names: one of the family's own category names first, then the vocabulary. */
export function findCategory(text: string, vocabulary: Vocabulary = {}): string | undefined {
  const own = [...(vocabulary.categories ?? [])]
    .sort((a, b) => b.length - a.length)
    .find((c) => includesWord(text, c) || includesWord(text, c.replace(/s$/i, '')));
  if (own) return own;
  for (const [re, name] of CATEGORY_WORDS) if (re.test(text)) return name;
  return undefined;
}

/**
 * A merchant a question names: one seen in the family's rows (strong), else the words after 'at' or 'to', or
 * after 'paid'/'pay' (strong), or after 'on', 'with', 'from', 'for' (weak: a category word there wins).
 */
export function findMerchant(
  text: string,
  vocabulary: Vocabulary = {},
): { name: string; strong: boolean } | undefined {
  const own = [...(vocabulary.merchants ?? [])]
    .sort((a, b) => b.length - a.length)
    .find((m) => m.length > 2 && includesWord(text, m));
  if (own) return { name: own, strong: true };
  const m = text.match(
    /\b(at|to|on|with|from|for|paid|pay) ((?:(?!the |this |last |my |our |in |since |from |during |over |between |to |at |for |on |with )[a-z0-9&'.-]+)(?: (?!in |this |last |since |from |during |over |between |so |for |each |every |per )[a-z0-9&'.-]+){0,2})/,
  );
  const name = m?.[2]?.replace(/'s$/, '').trim();
  if (!name || STOP_MERCHANTS.has(name) || /^\d/.test(name)) return undefined;
  return { name, strong: m?.[1] === 'at' || m?.[1] === 'to' || m?.[1] === 'paid' || m?.[1] === 'pay' };
}

const STOP_MERCHANTS = new Set([
  'average',
  'me',
  'us',
  'it',
  'all',
  'everything',
  'food',
  'groceries',
  'bills',
  'shopping',
  'spending',
  'month',
  'year',
  'week',
  'today',
  'yesterday',
  'savings',
  'accounts',
  'transfers',
]);

function findAccount(text: string, vocabulary: Vocabulary): string | undefined {
  return [...(vocabulary.accounts ?? [])]
    .sort((a, b) => b.length - a.length)
    .find((a) => a.length > 2 && includesWord(text, a));
}

const WORD_COUNTS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
export const LARGEST_DEFAULT = 5;
export const LARGEST_MAX = 20;

function largestLimit(text: string): number {
  const m = text.match(
    /\b(?:top|largest|biggest|highest|(?<!last |past |previous )(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)?/,
  );
  const word = m?.[2] ?? m?.[1];
  const n = word ? (WORD_COUNTS[word] ?? Number(word)) : LARGEST_DEFAULT;
  return Math.min(Math.max(Number.isFinite(n) && n > 0 ? n : LARGEST_DEFAULT, 1), LARGEST_MAX);
}

const has = (text: string, re: RegExp) => re.test(text);

/**
 * Maps a question to an intent. The order of the tests matters: the more specific questions first
 * (transfers against expenses before transfers; a category's trend before biggest category before spending).
 */
export function mapQuestion(question: string, today: string, vocabulary: Vocabulary = {}): Intent {
  const text = normaliseQuestion(question);
  const period = findPeriod(text, today);
  const account = findAccount(text, vocabulary);
  const base = { period, ...(account ? { account } : {}) };
  if (!text) return { kind: 'unknown', period: null };

  const transferWords =
    /\b(transfers?|transferred|transferring|moves?|moved|moving|movement|between (?:my|our|the) accounts|between accounts|internal)\b/;
  const expenseWords = /\b(expenses?|spending|spend|spent|outgoings?|costs?)\b/;

  // bills and regular payments (Bills & Regular Payments' figures): the month's end, what is due, subscriptions
  if (
    has(text, /\bwill (?:we|i) (?:be|end|finish) (?:in credit|overdrawn|in the red|in the black)\b/) ||
    (has(text, /\b(end of (?:the |this )?month|month[- ]end|end the month|payday)\b/) &&
      has(text, /\b(credit|overdrawn|in the red|in the black|balance|left|forecast|will|going to)\b/))
  )
    return { kind: 'month_end_forecast', period: null };
  if (
    has(text, /\b(bills?|direct debits?|standing orders?|regular payments?)\b/) &&
    has(text, /\b(due|coming up|upcoming|coming out|going out|to pay)\b/)
  )
    return { kind: 'bills_due', period: null };
  if (
    has(text, /\bsubscriptions?\b/) &&
    has(
      text,
      /\b(a year|per year|each year|every year|yearly|annual(?:ly)?|how much|cost|costs|spend|total)\b/,
    )
  )
    return { kind: 'subscriptions_cost', period: null };

  // internal transfers against expenses
  if (
    has(text, transferWords) &&
    has(text, expenseWords) &&
    has(text, /\b(vs\.?|versus|against|compared?|or|and|than)\b/)
  )
    return { kind: 'transfers_vs_expenses', ...base };

  // income sources
  if (
    has(
      text,
      /\b(income sources?|sources? of (?:our |my )?income|where (?:does|did|do) (?:our |my )?(?:money|income) come from|who pays|paid us|paid me|earn(?:ings)? from)\b/,
    ) ||
    (has(text, /\b(income|earnings|salary|salaries|money in)\b/) &&
      has(text, /\b(sources?|from where|breakdown|who|which)\b/))
  )
    return { kind: 'income_sources', ...base };

  // actual net income
  if (
    has(
      text,
      /\b(net income|net flow|net position|left over|leftover|surplus|deficit|did we save|did i save|how much (?:did|have) (?:we|i) save|savings rate|ahead or behind|in the black|in the red|break even)\b/,
    ) ||
    (has(text, /\b(income|earn|earned|earning|made)\b/) && has(text, /\b(actual|real|really|true|after)\b/))
  )
    return { kind: 'net_income', ...base };

  // money moved between accounts
  if (has(text, transferWords) && !has(text, /\b(spend|spent|spending)\b/))
    return { kind: 'transfers', ...base };

  // largest transactions
  if (
    has(text, /\b(largest|biggest|highest|top|most expensive|big|large)\b/) &&
    has(
      text,
      /\b(transactions?|payments?|purchases?|expenses?|debits?|credits?|items?|spends?|outgoings?|deposits?|incomings?)\b/,
    ) &&
    !has(text, /\b(categor(?:y|ies)|where|area)\b/)
  ) {
    const flow: IntentFlow = has(
      text,
      /\b(credits?|deposits?|incomings?|income|money in|received|payments in)\b/,
    )
      ? 'income'
      : 'external_expense';
    return { kind: 'largest_transactions', ...base, flow, limit: largestLimit(text) };
  }

  const spendWords = /\b(spend|spent|spending|pay|paid|paying|cost|costs|bought|buy|total|go to)\b/;
  const merchant = findMerchant(text, vocabulary);
  // a merchant named by the family's rows, or after 'at'/'to'/'paid', wins over a category word in its name
  if (
    merchant?.strong &&
    has(text, spendWords) &&
    !has(text, /\b(trends?|month by month|categor(?:y|ies))\b/)
  )
    return { kind: 'merchant_total', ...base, merchant: titleCase(merchant.name) };

  const category = findCategory(text, vocabulary);
  const trendWords =
    /\b(trends?|trending|over time|month by month|monthly|each month|per month|every month|changed?|changing|going up|going down|increas(?:e|ed|ing)|decreas(?:e|ed|ing)|rising|falling|compare)\b/;

  // a category's trend
  if (category && has(text, trendWords)) return { kind: 'category_trend', ...base, category };

  // biggest expense category
  if (
    has(text, /\b(biggest|largest|main|top|highest|most)\b/) &&
    has(text, /\b(categor(?:y|ies)|expense|expenses|spend|spending|cost|costs|outgoings?|money go|area)\b/)
  )
    return { kind: 'biggest_category', ...base };
  if (
    has(
      text,
      /\b(where (?:does|did|do|is) (?:all )?(?:our |my |the )?money go(?:ing)?|what (?:do|did) (?:we|i) spend (?:the )?most on|spending by category|categories)\b/,
    )
  )
    return { kind: 'biggest_category', ...base };

  // a merchant's total
  if (merchant && !category && has(text, spendWords) && !findCategory(merchant.name, vocabulary))
    return { kind: 'merchant_total', ...base, merchant: titleCase(merchant.name) };

  // a category's spending in a period: a trend question without the word (the figures hold the months)
  if (category && has(text, spendWords)) return { kind: 'category_trend', ...base, category };

  // spending in a period
  if (has(text, /\b(spend|spent|spending|expenses?|outgoings?|money out|cost us|costs|how much went out)\b/))
    return { kind: 'spending', ...base };
  if (has(text, /\b(income|earn|earned|earnings|money in|came in)\b/))
    return { kind: 'income_sources', ...base };

  return { kind: 'unknown', period: null };
}

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

/** Why a non-empty account phrase matters: 'savings account' names a type, not one of the family's names. */
export const ACCOUNT_TYPE_PHRASE = ACCOUNT_WORDS;
