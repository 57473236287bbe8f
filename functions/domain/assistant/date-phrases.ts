import { addDays, dateParts, endOfMonth, isIsoDate, MONTH_NAMES, makeDate } from '../dates';

/**
 * The dates a question names, read the way a UK household says them (spec 3 §7 "Assistant processing":
 * month-specific queries, en-GB dates). Pure: "today" is the caller's civil date ('YYYY-MM-DD').
 *
 * Readings (each phrase ends no later than today unless the question names a whole past unit):
 * - 'today', 'yesterday', 'this week' (Monday to today), 'last week' (the Monday-to-Sunday before);
 * - 'this month', 'last month', 'this quarter', 'last quarter' (calendar quarters), 'this year', 'last year';
 * - 'this tax year', 'last tax year' (UK tax year, 6 April to 5 April);
 * - 'last N days|weeks|months|years', 'past N ...', 'previous N ...' (N may be a word: 'last three months'),
 *   'the past year' / 'last 12 months': rolling windows ending today;
 * - a month: 'March' or 'in March' is the latest March that has begun (this one when we are in March);
 *   'last March' is the March before the current month (last year's when we are in March or earlier);
 *   'March 2025' or 'Mar 25' is that month;
 * - 'since January' / 'since 3 March' / 'since 01/03/2025': from that day (the latest one not after today)
 *   to today; 'year to date' / 'ytd' is 'since January';
 * - 'in 2025' / '2025': that calendar year;
 * - 'from March to May', 'between 1 March and 15 April 2025', 'from 01/03/2025 to 15/04/2025': both ends
 *   included; numeric dates are day first (dd/mm/yyyy, dd/mm/yy, dd.mm.yyyy);
 * - 'all time', 'ever', 'overall', 'in total' with nothing else: every row.
 */
export interface DateRange {
  start: string;
  end: string;
  label: string;
}

export interface FoundPeriod extends DateRange {
  /** The words of the question this period was read from. */
  phrase: string;
  /** True when the phrase names one calendar month (month-specific queries sample more rows). */
  month: boolean;
}

export const ALL_TIME_START = '0001-01-01';

export { MONTH_NAMES };

const MONTH_WORDS: Record<string, number> = {};
MONTH_NAMES.forEach((name, i) => {
  MONTH_WORDS[name.toLowerCase()] = i + 1;
  MONTH_WORDS[name.slice(0, 3).toLowerCase()] = i + 1;
});
MONTH_WORDS.sept = 9;
const MONTH_RE = `(${Object.keys(MONTH_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
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
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};
const COUNT_RE = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;

const count = (word: string): number => NUMBER_WORDS[word] ?? Number(word);

const monthName = (m: number) => MONTH_NAMES[(((m - 1) % 12) + 12) % 12] ?? '';

function monthRange(year: number, month: number, label?: string): DateRange {
  const start = makeDate(year, month, 1);
  const { year: y, month: mm } = dateParts(start);
  return { start, end: endOfMonth(y, mm), label: label ?? `${monthName(mm)} ${y}` };
}

/** Monday of the week of a date. */
function monday(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** A day named in the text: '3 March', '3rd of March 2025', 'March 3', '03/03/2025'; null when none. */
function dayOf(text: string, today: string, notAfterToday: boolean): string | null {
  const { year } = dateParts(today);
  const numeric = text.match(/^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/);
  if (numeric) {
    const [, d, m, y] = numeric;
    const date = makeDate(y ? fullYear(y) : year, Number(m), Number(d));
    const check = `${y ? fullYear(y) : year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (date !== check || !isIsoDate(date)) return null;
    return !y && notAfterToday && date > today ? makeDate(year - 1, Number(m), Number(d)) : date;
  }
  const named =
    text.match(new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?(?: of)? ${MONTH_RE}(?: (\\d{4}))?$`)) ??
    text
      .match(new RegExp(`^${MONTH_RE} (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?$`))
      ?.map((v, i, all) => (i === 1 ? all[2] : i === 2 ? all[1] : v));
  if (named) {
    const [, d, m, y] = named;
    const month = MONTH_WORDS[m ?? ''];
    if (!month || !d) return null;
    const day = Number(d);
    const date = makeDate(y ? Number(y) : year, month, day);
    if (dateParts(date).day !== day) return null;
    return !y && notAfterToday && date > today ? makeDate(year - 1, month, day) : date;
  }
  return null;
}

/** A point named by itself: a day, or a month (its first day as start, last as end). */
function pointOf(text: string, today: string, notAfterToday: boolean): DateRange | null {
  const day = dayOf(text, today, notAfterToday);
  if (day) return { start: day, end: day, label: day };
  const month = text.match(new RegExp(`^${MONTH_RE}(?: (\\d{4}))?$`));
  if (month) {
    const m = MONTH_WORDS[month[1] ?? ''] ?? 1;
    const { year, month: now } = dateParts(today);
    const y = month[2] ? Number(month[2]) : notAfterToday && m > now ? year - 1 : year;
    return monthRange(y, m);
  }
  const year = text.match(/^(\d{4})$/);
  if (year) return { start: `${year[1]}-01-01`, end: `${year[1]}-12-31`, label: String(year[1]) };
  return null;
}

const found = (range: DateRange, phrase: string, month = false): FoundPeriod => ({
  ...range,
  phrase: phrase.trim(),
  month,
});

/** The UK tax year (6 April to 5 April) that holds `date`, `back` years before. */
function taxYear(today: string, back: number): DateRange {
  const { year, month, day } = dateParts(today);
  const startYear = (month > 4 || (month === 4 && day >= 6) ? year : year - 1) - back;
  return {
    start: makeDate(startYear, 4, 6),
    end: makeDate(startYear + 1, 4, 5),
    label: `tax year ${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`,
  };
}

/**
 * The period a question names, or null when it names none. `text` is the question in lower case with
 * whitespace collapsed (see normaliseQuestion).
 */
export function findPeriod(text: string, today: string): FoundPeriod | null {
  const { year, month } = dateParts(today);
  let m: RegExpMatchArray | null;

  // ranges first: 'from X to Y', 'between X and Y'
  const point = `((?:\\d{1,2}(?:st|nd|rd|th)?(?: of)? )?${MONTH_RE}(?: \\d{1,2}(?:st|nd|rd|th)?(?!\\d))?(?:,? \\d{4})?|\\d{1,2}[/.-]\\d{1,2}(?:[/.-]\\d{2,4})?|\\d{4})`;
  m = text.match(new RegExp(`\\b(?:from|between) ${point} (?:to|and|until|till|-) ${point}`));
  if (m?.[1] && m[3]) {
    const a = pointOf(m[1], today, true);
    const b = pointOf(m[3], today, false);
    if (a && b) {
      let end = b.end;
      // 'from November to February': the end is the next February after the start
      while (end < a.start) end = makeDate(dateParts(end).year + 1, dateParts(end).month, dateParts(end).day);
      const fromEnd = end;
      return found(
        { start: a.start, end: fromEnd, label: `${labelOf(a)} to ${labelOf({ ...b, end: fromEnd })}` },
        m[0],
      );
    }
  }

  m = text.match(new RegExp(`\\bsince ${point}`));
  if (m?.[1]) {
    const a = pointOf(m[1], today, true);
    if (a) return found({ start: a.start, end: today, label: `since ${labelOf(a)}` }, m[0]);
  }
  m = text.match(/\b(year to date|ytd|so far this year)\b/);
  if (m) return found({ start: makeDate(year, 1, 1), end: today, label: 'this year to date' }, m[0]);

  m = text.match(/\b(this|current|last|previous) tax year\b/);
  if (m) return found(taxYear(today, m[1] === 'last' || m[1] === 'previous' ? 1 : 0), m[0]);

  m = text.match(
    new RegExp(
      `\\b(?:in |over |during |for )?(?:the )?(?:last|past|previous) ${COUNT_RE} (day|week|month|year)s?\\b`,
    ),
  );
  if (m?.[1] && m[2]) {
    const n = count(m[1]);
    const unit = m[2];
    const start =
      unit === 'day'
        ? addDays(today, -(n - 1))
        : unit === 'week'
          ? addDays(today, -(7 * n - 1))
          : unit === 'month'
            ? addDays(makeDate(year, month - n, dateParts(today).day), 1)
            : addDays(makeDate(year - n, month, dateParts(today).day), 1);
    return found({ start, end: today, label: `the last ${n} ${unit}${n === 1 ? '' : 's'}` }, m[0]);
  }
  m = text.match(/\b(?:over |in |during )?the (?:past|last) (day|week|month|year)\b/);
  if (m) {
    const unit = m[1];
    const start =
      unit === 'day'
        ? today
        : unit === 'week'
          ? addDays(today, -6)
          : unit === 'month'
            ? addDays(makeDate(year, month - 1, dateParts(today).day), 1)
            : addDays(makeDate(year - 1, month, dateParts(today).day), 1);
    return found({ start, end: today, label: `the past ${unit}` }, m[0]);
  }

  m = text.match(/\btoday\b/);
  if (m) return found({ start: today, end: today, label: 'today' }, m[0]);
  m = text.match(/\byesterday\b/);
  if (m) {
    const d = addDays(today, -1);
    return found({ start: d, end: d, label: 'yesterday' }, m[0]);
  }
  m = text.match(/\b(this|current) week\b/);
  if (m) return found({ start: monday(today), end: today, label: 'this week' }, m[0]);
  m = text.match(/\b(last|previous) week\b/);
  if (m) {
    const start = addDays(monday(today), -7);
    return found({ start, end: addDays(start, 6), label: 'last week' }, m[0]);
  }
  m = text.match(/\b(this|current) month\b/);
  if (m) return found(monthRange(year, month, 'this month'), m[0], true);
  m = text.match(/\b(last|previous) month\b/);
  if (m) return found(monthRange(year, month - 1, 'last month'), m[0], true);
  m = text.match(/\b(this|current|last|previous) quarter\b/);
  if (m) {
    const q = Math.floor((month - 1) / 3) * 3 + 1 - (m[1] === 'last' || m[1] === 'previous' ? 3 : 0);
    const start = makeDate(year, q, 1);
    const { year: y, month: qm } = dateParts(start);
    return found(
      {
        start,
        end: endOfMonth(y, qm + 2),
        label: m[1] === 'last' || m[1] === 'previous' ? 'last quarter' : 'this quarter',
      },
      m[0],
    );
  }
  m = text.match(/\b(this|current) year\b/);
  if (m) return found({ start: makeDate(year, 1, 1), end: makeDate(year, 12, 31), label: 'this year' }, m[0]);
  m = text.match(/\b(last|previous) year\b/);
  if (m)
    return found(
      { start: makeDate(year - 1, 1, 1), end: makeDate(year - 1, 12, 31), label: 'last year' },
      m[0],
    );

  // 'last March': the March before the current month
  m = text.match(new RegExp(`\\b(?:last|previous) ${MONTH_RE}(?!\\w)`));
  if (m?.[1]) {
    const mm = MONTH_WORDS[m[1]] ?? 1;
    return found(monthRange(mm < month ? year : year - 1, mm), m[0], true);
  }
  // 'this March': this year's
  m = text.match(new RegExp(`\\bthis ${MONTH_RE}(?!\\w)`));
  if (m?.[1]) return found(monthRange(year, MONTH_WORDS[m[1]] ?? 1), m[0], true);
  // a day: 'on 3 March', 'on 03/03/2025'
  m = text.match(
    new RegExp(
      `\\bon (\\d{1,2}(?:st|nd|rd|th)?(?: of)? ${MONTH_RE}(?: \\d{4})?|\\d{1,2}[/.-]\\d{1,2}(?:[/.-]\\d{2,4})?)`,
    ),
  );
  if (m?.[1]) {
    const d = dayOf(m[1], today, true);
    // an impossible day ('31/02/2025') names nothing rather than its year
    return d ? found({ start: d, end: d, label: d }, m[0]) : null;
  }
  // 'March 2025', 'in March', 'March'; 'may' only with a year or after 'in'/'for'/'during'
  m =
    text.match(new RegExp(`\\b${MONTH_RE} (\\d{4})\\b`)) ??
    text.match(new RegExp(`\\b(?:in|for|during|of|over) ${MONTH_RE}(?!\\w)`)) ??
    text.match(
      /\b(january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)(?!\w)/,
    );
  if (m?.[1]) {
    const mm = MONTH_WORDS[m[1]] ?? 1;
    const y = m[2] ? Number(m[2]) : mm > month ? year - 1 : year;
    return found(monthRange(y, mm), m[0], true);
  }
  m = text.match(/\b(?:in |for |during )?(20\d{2}|19\d{2})\b/);
  if (m?.[1]) {
    const y = Number(m[1]);
    return found({ start: `${y}-01-01`, end: `${y}-12-31`, label: String(y) }, m[0]);
  }
  m = text.match(/\b(all time|ever|overall|all my data|all our data|since records began)\b/);
  if (m) return found({ start: ALL_TIME_START, end: today, label: 'all time' }, m[0]);
  return null;
}

function labelOf(range: DateRange): string {
  return range.label;
}
