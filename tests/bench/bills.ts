import { nextWorkingDay, previousWorkingDay } from '../../functions/domain/bank-holidays';
import { merchantNameOf } from '../../functions/domain/category-rules';
import { addDays, makeDate } from '../../functions/domain/dates';
import { detectRegular, type RecurringRow } from '../../functions/domain/recurring';

/**
 * `npm run bench -- bills`: how well regular payments are told from the rest, and how long detection takes.
 *
 * 1. A labelled family: 18 months of one current account, each row labelled regular or not when it is
 *    written. The traits are those of UK statements: direct debits due on the 1st taken on the next working
 *    day (bank holidays included), a four-weekly salary paid the working day before a holiday, council tax
 *    in ten instalments, a yearly insurance renewal, a card subscription posting one to three days late
 *    with a price rise, a subscription cancelled mid-way, two payees with similar names (Sky, Sky Mobile), a
 *    weekly standing order, a fortnightly benefit, and what is NOT regular: weekly and twice-weekly shopping
 *    of varying amounts, coffee bought most weekdays, fuel every week or two, one-off purchases at the
 *    subscription's own merchant, a few transfers to people. Precision and recall over rows: target ≥ 95%.
 * 2. A 60,000-row family (five years, two accounts, thousands of merchants' card purchases, the merchant
 *    names stored as Persist stores them, 40 regular series): detection time, median of 5 runs after a
 *    warm-up. Target ≤ 200 ms.
 */
interface Labelled extends RecurringRow {
  regular: boolean;
}

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
let n = 0;
function row(date: string, description: string, signed: number, regular: boolean, flow?: string): Labelled {
  return {
    id: `r${n++}`,
    account_id: 'current',
    transaction_date: date,
    description,
    amount: Math.abs(signed),
    signed_amount: signed,
    type: signed < 0 ? 'debit' : 'credit',
    flow_type: flow ?? (signed < 0 ? 'external_expense' : 'income'),
    user_corrected_flow_type: null,
    category_id: null,
    subcategory_id: null,
    merchant_name: null,
    regular,
  };
}

function labelledFamily(): Labelled[] {
  const rows: Labelled[] = [];
  const start = [2024, 10] as const; // October 2024 to March 2026
  const months = 18;
  for (let i = 0; i < months; i++) {
    const on = (day: number) => makeDate(start[0], start[1] + i, day);
    rows.push(row(nextWorkingDay(on(1)), 'DD BRITISH GAS 88120034', i === 17 ? -142 : -96, true));
    rows.push(row(nextWorkingDay(on(5)), 'DD SKY DIGITAL 1234', -45, true));
    rows.push(row(nextWorkingDay(on(20)), 'DD SKY MOBILE 88', -12, true));
    rows.push(row(nextWorkingDay(on(28)), 'DD THAMES WATER', -38.5, true));
    rows.push(
      row(
        addDays(on(14), 1 + Math.floor(random() * 3)),
        'VIS NETFLIX.COM AMSTERDAM',
        i < 9 ? -10.99 : -12.99,
        true,
      ),
    );
    if (i < 8) rows.push(row(nextWorkingDay(on(20)), 'CARD PAYMENT TO SPOTIFY P1234', -11.99, true));
    const month = (start[1] + i - 1) % 12; // 0 = January
    if (month !== 1 && month !== 2)
      rows.push(row(nextWorkingDay(on(1)), 'DD LEEDS CITY COUNCIL CTAX 7781', -162, true));
    rows.push(row(nextWorkingDay(on(10)), 'SO J SMITH RENT', -1150, true));
    // not regular: shopping, coffee, fuel, one-off buys, people
    for (let w = 0; w < 4; w++) {
      rows.push(
        row(
          addDays(on(2), w * 7),
          'CARD PAYMENT TO TESCO STORES 3217',
          -Math.round(4000 + random() * 9000) / 100,
          false,
        ),
      );
      rows.push(
        row(
          addDays(on(5), w * 7),
          'CARD PAYMENT TO SAINSBURYS S/MKT',
          -Math.round(800 + random() * 4000) / 100,
          false,
        ),
      );
      if (random() < 0.7)
        rows.push(
          row(
            addDays(on(3), w * 7 + Math.floor(random() * 3)),
            'CONTACTLESS COSTA COFFEE',
            -(3.2 + Math.round(random() * 300) / 100),
            false,
          ),
        );
    }
    if (random() < 0.8)
      rows.push(
        row(
          on(9 + Math.floor(random() * 10)),
          'CARD PAYMENT TO SHELL FORECOURT',
          -Math.round(4000 + random() * 3000) / 100,
          false,
        ),
      );
    if (i % 5 === 2)
      rows.push(
        row(on(11), 'CARD PAYMENT TO AMAZON.CO.UK*AB12', -Math.round(1500 + random() * 8000) / 100, false),
      );
    if (i % 4 === 1) rows.push(row(on(23), 'FPO A PATEL BIRTHDAY', -50, false));
  }
  // yearly insurance, weekly pocket money, fortnightly child benefit, four-weekly salary
  rows.push(row('2024-11-11', 'DD AVIVA INSURANCE POL 55123', -420, true));
  rows.push(row('2025-11-10', 'DD AVIVA INSURANCE POL 55123', -455.2, true));
  for (let d = 0; d < 540; d += 7)
    rows.push(row(addDays('2024-10-04', d), 'SO PAYPAL POCKET MONEY', -10, true));
  for (let d = 0; d < 540; d += 14)
    rows.push(row(addDays('2024-10-07', d), 'DWP CHILD BENEFIT', 102.6, true));
  for (let d = 0; d < 540; d += 28)
    rows.push(row(previousWorkingDay(addDays('2024-10-18', d)), 'BGC ACME LTD SALARY', 2380.5, true));
  return rows.sort((a, b) => a.transaction_date.localeCompare(b.transaction_date));
}

function bigFamily(): RecurringRow[] {
  const rows: RecurringRow[] = [];
  const word = (i: number) =>
    Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26))).join('');
  const merchants = Array.from({ length: 3000 }, (_, i) => `${word(i)} TRADING`);
  const described = new Map<string, string | null>();
  while (rows.length < 57_600) {
    const day = Math.floor(random() * 1825);
    const shop = merchants[Math.floor(random() ** 2 * merchants.length)] as string;
    const description = `CARD PAYMENT TO ${shop} ON ${String((day % 28) + 1).padStart(2, '0')}/03`;
    const amount = Math.round(random() * 8000 + 100) / 100;
    if (!described.has(shop)) described.set(shop, merchantNameOf(description));
    rows.push({
      id: `b${n++}`,
      account_id: random() < 0.7 ? 'current' : 'card',
      transaction_date: addDays('2021-04-01', day),
      description,
      amount,
      signed_amount: -amount,
      type: 'debit',
      flow_type: 'external_expense',
      user_corrected_flow_type: null,
      category_id: null,
      subcategory_id: null,
      merchant_name: described.get(shop) ?? null,
    });
  }
  for (let s = 0; s < 40; s++)
    for (let i = 0; i < 60; i++) {
      const date = nextWorkingDay(makeDate(2021, 4 + i, 1 + (s % 28)));
      rows.push({
        id: `b${n++}`,
        account_id: 'current',
        transaction_date: date,
        description: `DD ${word(5000 + s * 7)} SERVICES`,
        amount: 20 + s,
        signed_amount: -(20 + s),
        type: 'debit',
        flow_type: 'external_expense',
        user_corrected_flow_type: null,
        category_id: null,
        subcategory_id: null,
        merchant_name: null,
      });
    }
  return rows;
}

export async function bench() {
  const labelled = labelledFamily();
  const found = new Set(detectRegular(labelled).flatMap((s) => s.transaction_ids));
  const truePositive = labelled.filter((r) => r.regular && found.has(r.id)).length;
  const precision = found.size ? truePositive / found.size : 0;
  const recall = truePositive / labelled.filter((r) => r.regular).length;

  const big = bigFamily();
  detectRegular(big); // warm-up: the JIT, the working-day cache
  const times: number[] = [];
  let series = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    series = detectRegular(big).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  // the machine's own speed now: a plain loop grouping the same rows by payee (a shared runner's load shows)
  const plain: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const groups = new Map<string, RecurringRow[]>();
    for (const r of big) {
      const key = `${r.account_id}:${r.merchant_name ?? r.description}`;
      const group = groups.get(key);
      if (group) group.push(r);
      else groups.set(key, [r]);
    }
    plain.push(performance.now() - t0);
  }
  plain.sort((a, b) => a - b);
  return [
    {
      name: 'labelled rows',
      value: labelled.length,
      unit: 'rows',
      note: `${labelled.filter((r) => r.regular).length} regular`,
    },
    { name: 'precision', value: Math.round(precision * 1000) / 10, unit: '%', note: 'target ≥ 95%' },
    { name: 'recall', value: Math.round(recall * 1000) / 10, unit: '%', note: 'target ≥ 95%' },
    {
      name: 'large family rows',
      value: big.length,
      unit: 'rows',
      note: `${series} regular series found (40 written)`,
    },
    {
      name: 'detection, median of 5',
      value: Math.round(times[2] as number),
      unit: 'ms',
      note: `target ≤ 200 ms: ${((times[2] as number) / 200).toFixed(2)}× the target`,
    },
    { name: 'detection, slowest of 5', value: Math.round(times[4] as number), unit: 'ms' },
    {
      name: 'plain grouping loop, median of 5',
      value: Math.round(plain[2] as number),
      unit: 'ms',
      note: 'the same rows grouped by payee and nothing else: how busy the machine is',
    },
  ];
}
