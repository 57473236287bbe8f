import { describe, expect, it } from 'vitest';
import {
  bankHolidays,
  easterSunday,
  isWorkingDay,
  nextWorkingDay,
  previousWorkingDay,
  weekday,
} from '../../../functions/domain/bank-holidays';
import { addDays, makeDate } from '../../../functions/domain/dates';
import {
  applyDecisions,
  channelOf,
  daysUntil,
  detectRegular,
  expectedDates,
  kindOf,
  payeeOf,
  type RecurringRow,
  type RegularSeries,
  yearlyTotal,
} from '../../../functions/domain/recurring';

/**
 * Regular payments found from realistic histories. Each history is built the way a UK bank prints it: a
 * direct debit due on a day that is a weekend or a bank holiday in England and Wales is taken on the next
 * working day; a salary due on one is paid on the working day before; card subscriptions post a day late.
 */
let seq = 0;
function row(
  date: string,
  description: string,
  amount: number,
  extra: Partial<RecurringRow> = {},
): RecurringRow {
  seq++;
  return {
    id: `t${String(seq).padStart(6, '0')}`,
    account_id: 'current',
    transaction_date: date,
    description,
    amount: Math.abs(amount),
    signed_amount: amount,
    type: amount < 0 ? 'debit' : 'credit',
    flow_type: amount < 0 ? 'external_expense' : 'income',
    user_corrected_flow_type: null,
    category_id: null,
    subcategory_id: null,
    merchant_name: null,
    ...extra,
  };
}

/** The nth month from a start month, on `day`, moved to the next (or previous) working day. */
function monthly(
  start: [number, number],
  count: number,
  day: number,
  make: (date: string, i: number) => RecurringRow | null,
  move: 'next' | 'previous' = 'next',
): RecurringRow[] {
  const out: RecurringRow[] = [];
  for (let i = 0; i < count; i++) {
    const nominal = makeDate(start[0], start[1] + i, day);
    const date = move === 'next' ? nextWorkingDay(nominal) : previousWorkingDay(nominal);
    const r = make(date, i);
    if (r) out.push(r);
  }
  return out;
}

const find = (series: RegularSeries[], payee: string) => series.find((s) => s.payee === payee);

describe('bank holidays in England and Wales', () => {
  it('finds Easter by the computus', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2008)).toBe('2008-03-23');
  });

  it('lists the year’s holidays with substitute days for weekends', () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    // Christmas on a Saturday: Monday 27th and Tuesday 28th; New Year's Day 2022 was a Saturday
    expect(bankHolidays(2021).has('2021-12-27')).toBe(true);
    expect(bankHolidays(2021).has('2021-12-28')).toBe(true);
    expect(bankHolidays(2022).has('2022-01-03')).toBe(true);
    // Christmas on a Sunday: Boxing Day Monday, Christmas substituted on Tuesday
    expect(bankHolidays(2022).has('2022-12-26')).toBe(true);
    expect(bankHolidays(2022).has('2022-12-27')).toBe(true);
  });

  it('keeps the proclaimed moves and extra days', () => {
    expect(bankHolidays(2020).has('2020-05-08')).toBe(true);
    expect(bankHolidays(2020).has('2020-05-04')).toBe(false);
    expect(bankHolidays(2022).has('2022-06-02')).toBe(true);
    expect(bankHolidays(2022).has('2022-06-03')).toBe(true);
    expect(bankHolidays(2022).has('2022-09-19')).toBe(true);
    expect(bankHolidays(2023).has('2023-05-08')).toBe(true);
    expect(bankHolidays(1995).has('1995-05-08')).toBe(true);
  });

  it('moves to the working day after or before', () => {
    expect(weekday('2026-03-01')).toBe(0);
    expect(isWorkingDay('2026-04-03')).toBe(false);
    expect(nextWorkingDay('2026-04-03')).toBe('2026-04-07'); // Good Friday → after Easter Monday
    expect(previousWorkingDay('2026-04-06')).toBe('2026-04-02');
    expect(nextWorkingDay('2026-03-02')).toBe('2026-03-02');
  });
});

describe('payees and channels', () => {
  it('reads the payee after the type code, normalised', () => {
    expect(payeeOf('DD BRITISH GAS 88120034').name).toBe('British Gas');
    expect(payeeOf('BRITISH GAS DD').key).toBe(payeeOf('DD BRITISH GAS').key);
    expect(payeeOf('DD SKY DIGITAL').name).not.toBe(payeeOf('DD SKY MOBILE').name);
    expect(payeeOf('$$$').name).toBe('$$$');
    expect(payeeOf('BGC ACME LTD SALARY').name).toBe('Acme');
    expect(payeeOf('SALARY').name).toBe('Salary');
  });

  it('tells direct debits, standing orders and card payments apart', () => {
    expect(channelOf('DD BRITISH GAS')).toBe('direct_debit');
    expect(channelOf('BRITISH GAS DIRECT DEBIT')).toBe('direct_debit');
    expect(channelOf('SO J SMITH RENT')).toBe('standing_order');
    expect(channelOf('RENT STANDING ORDER')).toBe('standing_order');
    expect(channelOf('VIS NETFLIX.COM')).toBe('card');
    expect(channelOf('CARD PAYMENT TO SPOTIFY')).toBe('card');
    expect(channelOf('BGC ACME LTD SALARY')).toBe('other');
  });

  it('knows what a row can be part of', () => {
    expect(kindOf(row('2026-01-01', 'X', -5))).toBe('payment');
    expect(kindOf(row('2026-01-01', 'X', 5))).toBe('income');
    expect(kindOf(row('2026-01-01', 'X', -5, { flow_type: 'internal_transfer' }))).toBe('savings');
    expect(kindOf(row('2026-01-01', 'X', 5, { flow_type: 'internal_transfer' }))).toBeNull();
    expect(kindOf(row('2026-01-01', 'X', 5, { flow_type: 'external_expense' }))).toBeNull(); // a refund
    expect(kindOf(row('2026-01-01', 'X', -5, { flow_type: null }))).toBe('payment');
    expect(kindOf(row('2026-01-01', 'X', 5, { flow_type: null }))).toBe('income');
    expect(kindOf({ ...row('2026-01-01', 'X', 5), signed_amount: null, type: null })).toBe('income');
    expect(
      kindOf({ ...row('2026-01-01', 'X', 5), signed_amount: null, type: 'debit', flow_type: null }),
    ).toBe('payment');
    expect(kindOf({ ...row('2026-01-01', 'X', 5), signed_amount: 0 })).toBeNull();
  });
});

describe('detection on realistic histories', () => {
  it('a monthly direct debit on the nearest working day, with an unusually large last payment', () => {
    // due on the 1st: 1 Jan 2025 (bank holiday) → 2 Jan, 1 Jun (Sunday) → 2 Jun, 1 Nov (Saturday) → 3 Nov
    const rows = monthly([2025, 1], 14, 1, (date, i) =>
      row(date, 'DD BRITISH GAS 88120034', i === 13 ? -142 : -96),
    );
    expect(rows.map((r) => r.transaction_date)).toContain('2025-11-03');
    const [gas] = detectRegular(rows);
    expect(gas).toMatchObject({
      payee: 'British Gas',
      kind: 'payment',
      frequency: 'monthly',
      channel: 'direct_debit',
      usual_amount: 96,
      last_amount: 142,
      status: 'active',
      occurrences: 14,
      yearly_cost: 1152,
      unusual: { date: '2026-02-02', amount: 142, usual: 96 },
      note: 'British Gas took £142, usually £96',
      next_date: '2026-03-02', // 1 March 2026 is a Sunday
    });
    expect(gas?.transaction_ids).toEqual(rows.map((r) => r.id));
    expect(gas?.min_amount).toBe(96);
    expect(gas?.max_amount).toBe(142);
    expect(gas?.fixed).toBe(false);
  });

  it('a four-weekly salary, paid the working day before a bank holiday', () => {
    const rows: RecurringRow[] = [];
    let nominal = '2025-01-24'; // a Friday
    for (let i = 0; i < 16; i++) {
      rows.push(row(previousWorkingDay(nominal), 'BGC ACME LTD SALARY', 2380.5, { flow_type: 'income' }));
      nominal = addDays(nominal, 28);
    }
    // Good Friday 18 April 2025 is a bank holiday: paid on Thursday 17th
    expect(rows.map((r) => r.transaction_date)).toContain('2025-04-17');
    const [pay] = detectRegular(rows);
    expect(pay).toMatchObject({
      kind: 'income',
      frequency: 'four_weekly',
      salary: true,
      usual_amount: 2380.5,
      fixed: true,
      yearly_cost: 30946.5,
      status: 'active',
    });
    expect(pay?.next_date).toBe(previousWorkingDay(nominal));
  });

  it('annual insurance: twice, a year apart, the renewal dearer', () => {
    const rows = [
      row('2024-03-11', 'DD AVIVA INSURANCE POL 55123', -420),
      row('2025-03-10', 'DD AVIVA INSURANCE POL 55123', -455.2),
      row('2025-09-30', 'CARD PAYMENT TO TESCO STORES 3217', -40),
    ];
    const [aviva] = detectRegular(rows);
    expect(aviva).toMatchObject({
      payee: 'Aviva',
      frequency: 'yearly',
      yearly_cost: 437.6,
      status: 'active',
    });
    expect(aviva?.next_date).toBe('2026-03-10');
  });

  it('follows a price rise: the usual amount is the new price', () => {
    const rows = monthly([2025, 3], 10, 14, (date, i) =>
      row(addDays(date, 1), 'VIS NETFLIX.COM AMSTERDAM', i < 6 ? -10.99 : -12.99),
    );
    const [netflix] = detectRegular(rows);
    expect(netflix).toMatchObject({
      payee: 'Netflix',
      frequency: 'monthly',
      channel: 'card',
      usual_amount: 12.99,
      min_amount: 10.99,
      max_amount: 12.99,
      yearly_cost: 155.88,
      unusual: null,
    });
  });

  it('a cancelled subscription ends; one missed payment is marked', () => {
    const spotify = monthly([2025, 1], 8, 20, (date) => row(date, 'CARD PAYMENT TO SPOTIFY P1234', -11.99));
    const gym = monthly([2025, 1], 11, 5, (date) => row(date, 'DD PUREGYM LTD', -24.99));
    // the account's rows run to the end of December 2025
    const rows = [...spotify, ...gym, row('2025-12-31', 'CARD PAYMENT TO TESCO STORES', -12)];
    const series = detectRegular(rows);
    expect(find(series, 'Spotify')).toMatchObject({ status: 'ended', next_date: null, yearly_cost: 0 });
    expect(find(series, 'Spotify')?.note).toMatch(/^No payment to Spotify since 20 Aug 2025/);
    const puregym = series.find((s) => /Puregym/i.test(s.payee));
    expect(puregym).toMatchObject({ status: 'missed', missed_date: '2025-12-05', next_date: '2026-01-05' });
    expect(puregym?.note).toBe(`No payment to ${puregym?.payee} on 5 Dec 2025 (usually £24.99)`);
    expect(
      expectedDates(spotify.length ? find(series, 'Spotify')! : puregym!, '2025-01-01', '2027-01-01'),
    ).toEqual([]);
  });

  it('two payees with similar names stay two series', () => {
    const rows = [
      ...monthly([2025, 1], 6, 5, (date) => row(date, 'DD SKY DIGITAL 1234', -45)),
      ...monthly([2025, 1], 6, 20, (date) => row(date, 'DD SKY MOBILE 88', -12)),
    ];
    const series = detectRegular(rows);
    expect(series.map((s) => [s.payee, s.usual_amount])).toEqual([
      ['Sky', 45],
      ['Sky Mobile', 12],
    ]);
  });

  it('council tax in ten instalments skips February and March', () => {
    const rows = [2025, 2026].flatMap((year) =>
      monthly([year - 1, 4], 10, 1, (date) =>
        row(date, 'DD LEEDS CITY COUNCIL CTAX 7781', -162, { subcategory_id: 'bills.council_tax' }),
      ),
    );
    const [tax] = detectRegular(rows);
    expect(tax).toMatchObject({ frequency: 'monthly', instalments: 10, yearly_cost: 1620, status: 'active' });
    // the last instalment was January 2026: the next is April
    expect(tax?.next_date).toBe('2026-04-01');
    expect(tax?.category_id).toBe('bills.council_tax');
  });

  it('a weekly standing order and a fortnightly benefit', () => {
    const rows: RecurringRow[] = [];
    for (let i = 0; i < 10; i++) rows.push(row(addDays('2025-09-05', i * 7), 'SO PAYPAL POCKET MONEY', -10));
    for (let i = 0; i < 6; i++)
      rows.push(row(addDays('2025-09-01', i * 14), 'DWP CHILD BENEFIT', 102.6, { flow_type: 'income' }));
    const series = detectRegular(rows);
    expect(series.map((s) => [s.kind, s.frequency])).toEqual([
      ['payment', 'weekly'],
      ['income', 'fortnightly'],
    ]);
  });

  it('a monthly transfer to the family’s savings is a savings plan, not a bill', () => {
    const rows = monthly([2025, 1], 6, 28, (date) =>
      row(date, 'TFR TO SAVER 40-11-22 12345678', -200, { flow_type: 'internal_transfer' }),
    );
    const [plan] = detectRegular(rows);
    expect(plan?.kind).toBe('savings');
    expect(yearlyTotal([plan!], 'payment')).toBe(0);
    expect(yearlyTotal([plan!], 'savings')).toBe(2400);
  });

  it('weekly shopping of varying amounts and one-off buys are not regular', () => {
    const rows: RecurringRow[] = [];
    const amounts = [82.1, 45.3, 120.4, 66, 91.75, 38.2, 140.1, 77.7, 59.9, 101.3];
    for (const [i, a] of amounts.entries())
      rows.push(row(addDays('2025-09-06', i * 7), 'CARD PAYMENT TO TESCO STORES 3217', -a));
    rows.push(row('2025-10-02', 'CARD PAYMENT TO CURRYS', -349));
    rows.push(row('2025-12-02', 'CARD PAYMENT TO CURRYS', -12.5));
    expect(detectRegular(rows)).toEqual([]);
  });

  it('a subscription among one-off purchases at the same payee is found by its amount', () => {
    const rows = [
      ...monthly([2025, 1], 8, 9, (date) => row(date, 'AMAZON PRIME*AB12C', -8.99)),
      row('2025-02-17', 'AMAZON PRIME*ZZ91', -64.2),
      row('2025-05-03', 'AMAZON PRIME*QQ11', -23.5),
      row('2025-06-21', 'AMAZON PRIME*PP19', -140),
    ];
    const [prime] = detectRegular(rows);
    expect(prime).toMatchObject({ frequency: 'monthly', usual_amount: 8.99, occurrences: 8 });
    expect(prime?.id).toMatch(/:899$/);
  });

  it('groups by the merchant name a row was stored with', () => {
    const rows = monthly([2025, 1], 5, 7, (date, i) =>
      row(date, `CARD PAYMENT TO NETFLIX.COM ${1000 + i} ON ${date}`, -10.99, { merchant_name: 'Netflix' }),
    );
    const [netflix] = detectRegular(rows);
    expect(netflix).toMatchObject({ payee: 'Netflix', occurrences: 5 });
  });

  it('uses the coverage given for each account', () => {
    const rows = monthly([2025, 1], 6, 10, (date) => row(date, 'DD THAMES WATER', -38));
    const [water] = detectRegular(rows, { coverage: new Map([['current', '2025-09-30']]) });
    expect(water?.status).toBe('ended');
    const [still] = detectRegular(rows, { coverage: new Map([['current', '2025-07-12']]) });
    expect(still?.status).toBe('missed');
  });
});

describe('decisions and projections', () => {
  const rows = [
    ...monthly([2025, 6], 6, 5, (date) => row(date, 'DD SKY DIGITAL', -45)),
    ...monthly([2025, 6], 6, 12, (date) => row(date, 'DD OCTOPUS ENERGY', -88)),
    ...monthly([2025, 6], 6, 20, (date) => row(date, 'VIS DISNEY PLUS', -7.99)),
  ];
  const series = detectRegular(rows);
  const sky = find(series, 'Sky') as RegularSeries;
  const octopus = find(series, 'Octopus Energy') as RegularSeries;
  const disney = series.find((s) => /Disney/.test(s.payee)) as RegularSeries;

  it('the family’s decisions win over detection', () => {
    const { series: kept, dismissed } = applyDecisions(series, [
      {
        series_id: sky.id,
        status: 'confirmed',
        name: 'Sky TV & broadband',
        category_id: 'bills.phone_broadband',
      },
      { series_id: octopus.id, status: 'ended' },
      { series_id: disney.id, status: 'not_regular' },
      { series_id: 'unknown', status: 'ended' },
    ]);
    expect(kept.map((s) => s.payee)).toEqual(['Octopus Energy', 'Sky TV & broadband']);
    expect(kept[1]).toMatchObject({ confirmed: true, category_id: 'bills.phone_broadband' });
    expect(kept[0]).toMatchObject({ status: 'ended', next_date: null, yearly_cost: 0 });
    expect(dismissed.map((s) => s.id)).toEqual([disney.id]);
    expect(yearlyTotal(kept)).toBe(540);
    expect(applyDecisions(series, [{ series_id: sky.id, name: '  ' }]).series[1]?.payee).toBe('Sky');
  });

  it('a renamed series keeps its note in the new name', () => {
    const unusual = { ...sky, note: 'Sky took £60, usually £45' };
    const [renamed] = applyDecisions([unusual], [{ series_id: sky.id, name: 'Sky TV' }]).series;
    expect(renamed?.note).toBe('Sky TV took £60, usually £45');
  });

  it('projects the expected dates forward, on working days', () => {
    expect(expectedDates(sky, '2025-12-01', '2026-03-31')).toEqual([
      '2025-12-05',
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
    ]);
    expect(daysUntil(sky, '2025-11-20')).toBe(15);
    expect(daysUntil({ next_date: null }, '2025-12-20')).toBeNull();
  });
});
