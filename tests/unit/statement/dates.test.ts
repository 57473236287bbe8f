import { describe, expect, it } from 'vitest';
import { parseDate, parseLeadingDate } from '../../../functions/domain/statement/dates';
import {
  withinPeriodOrder,
  yearsBackFrom,
  yearWithinPeriod,
} from '../../../functions/domain/statement/dates-in-period';
import { findDatesWithYear, findPeriod } from '../../../functions/domain/statement/printed-periods';

describe('spec 2 §3 statement dates: UK formats, periods and years', () => {
  it.each([
    ['01 Jan 25', { day: 1, month: 1, year: 2025 }],
    ['1 January', { day: 1, month: 1, year: null }],
    ['01 Jan', { day: 1, month: 1, year: null }],
    ['1 Jan 2025', { day: 1, month: 1, year: 2025 }],
    ['6th Dec', { day: 6, month: 12, year: null }],
    ['22nd September 2024', { day: 22, month: 9, year: 2024 }],
    ['01-Jan-2025', { day: 1, month: 1, year: 2025 }],
    ['01JAN25', { day: 1, month: 1, year: 2025 }],
    ['15 Sept 24', { day: 15, month: 9, year: 2024 }],
    ['01/01/2025', { day: 1, month: 1, year: 2025 }],
    ['01.02.99', { day: 1, month: 2, year: 1999 }],
    ['2025-01-31', { day: 31, month: 1, year: 2025 }],
    ['Dec 17', { day: 17, month: 12, year: null }],
    // A scan's OCR running American Express's 'Sep 19' together.
    ['Sep19', { day: 19, month: 9, year: null }],
    ['February 1, 2022', { day: 1, month: 2, year: 2022 }],
    ['Mon 6 Jan', { day: 6, month: 1, year: null }],
    ['29 Feb', { day: 29, month: 2, year: null }],
    ['31/12', { day: 31, month: 12, year: null }],
  ])('%s', (text, date) => {
    expect(parseDate(text)).toMatchObject(date);
  });

  it('keeps the month-first reading of an all-numeric date', () => {
    expect(parseDate('02/04/22')).toEqual({
      day: 2,
      month: 4,
      year: 2022,
      monthFirst: { day: 4, month: 2, year: 2022 },
    });
    expect(parseDate('04/04/22')?.monthFirst).toBeUndefined();
    expect(parseDate('25/04/22')?.monthFirst).toBeUndefined();
  });

  it.each(['32 Jan', '29 Feb 2025', '31/04/2025', '00/01/2025', 'TESCO', '', '13/13/2025', 'Smarch 1'])(
    '%j is not a date',
    (text) => {
      expect(parseDate(text)).toBeNull();
    },
  );

  it('takes the longest leading date from a run of words', () => {
    expect(parseLeadingDate(['01', 'Jan', '25', 'TESCO'])).toEqual({
      date: { day: 1, month: 1, year: 2025 },
      used: 3,
    });
    expect(parseLeadingDate(['TESCO', '01', 'Jan'])).toBeNull();
    expect(parseLeadingDate([])).toBeNull();
  });

  it.each([
    ['1 January 2025 to 31 January 2025', '2025-01-01', '2025-01-31'],
    ['1 Feb - 28 Feb 2025', '2025-02-01', '2025-02-28'],
    ['Statement period 1 Dec to 31 Jan 2025', '2024-12-01', '2025-01-31'],
    ['01/12/2024 - 31/01/2025', '2024-12-01', '2025-01-31'],
    ['Your account summary for 6th December 2024 to 5th January 2025', '2024-12-06', '2025-01-05'],
    ['Statement Period 16/12/24 to 15/01/25', '2024-12-16', '2025-01-15'],
    ['1 - 31 January 2025', '2025-01-01', '2025-01-31'],
    ['February 1, 2022 to February 28, 2022', '2022-02-01', '2022-02-28'],
    ['from 28 December 2024 until 3 Jan', '2024-12-28', '2025-01-03'],
  ])('period in %j', (text, start, end) => {
    expect(findPeriod(text)).toEqual({ start, end });
  });

  it.each([
    'Dear Mr Smith, thank you',
    '1 Jan to 31 Jan',
    '31 January 2025 to 1 January 2025',
    '1 January 2020 to 31 January 2025',
    '30 - 31 February 2025',
  ])('no period in %j', (text) => {
    expect(findPeriod(text)).toBeNull();
  });

  it('finds dated text', () => {
    expect(findDatesWithYear('Statement date 15 January 2025, payment due 10/02/25, on 3 Mar')).toEqual([
      '2025-01-15',
      '2025-02-10',
    ]);
  });

  it('puts a yearless date inside the period, across New Year', () => {
    const period = { start: '2024-12-06', end: '2025-01-05' };
    expect(yearWithinPeriod({ day: 20, month: 12, year: null }, period)).toBe(2024);
    expect(yearWithinPeriod({ day: 2, month: 1, year: null }, period)).toBe(2025);
    expect(
      yearWithinPeriod({ day: 29, month: 2, year: null }, { start: '2024-02-01', end: '2024-02-29' }),
    ).toBe(2024);
  });

  it('reads a numeric date month first only when the period says so', () => {
    const feb = { start: '2022-02-01', end: '2022-02-28' };
    const date = parseDate('02/04/22')!;
    expect(withinPeriodOrder(date, feb)).toMatchObject({ day: 4, month: 2 });
    expect(withinPeriodOrder(date, { start: '2022-04-01', end: '2022-04-30' })).toBe(date);
    const plain = parseDate('2 Apr 22')!;
    expect(withinPeriodOrder(plain, feb)).toBe(plain);
  });

  it('counts years back from the latest date when there is no period', () => {
    const dates = [
      { day: 28, month: 12, year: null },
      { day: 31, month: 12, year: null },
      { day: 2, month: 1, year: null },
      { day: 3, month: 1, year: null },
    ];
    expect(yearsBackFrom(dates, '2025-01-05')).toEqual([2024, 2024, 2025, 2025]);
    // The last date falls after the statement date's day: the year before.
    expect(yearsBackFrom([{ day: 20, month: 12, year: null }], '2025-12-01')).toEqual([2024]);
    // A printed year wins, and a run that goes back in time across New Year moves forward.
    expect(
      yearsBackFrom(
        [
          { day: 2, month: 1, year: 2025 },
          { day: 30, month: 12, year: null },
        ],
        '2025-12-31',
      ),
    ).toEqual([2025, 2025]);
    expect(
      yearsBackFrom(
        [
          { day: 30, month: 12, year: null },
          { day: 2, month: 1, year: 2024 },
        ],
        '2025-12-31',
      ),
    ).toEqual([2023, 2024]);
  });
});
