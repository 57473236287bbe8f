import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateParts,
  daysBetween,
  endOfMonth,
  fromEpochDay,
  isIsoDate,
  localDate,
  makeDate,
  toEpochDay,
} from '../../../functions/domain/dates';

describe('spec 3 §7 dates: civil YYYY-MM-DD arithmetic', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2000-02-29', 11016],
    ['2024-03-10', 19792],
    ['2024-03-10T23:59:00Z', 19792],
    ['2023-02-29', Number.NaN],
    ['2024-13-01', Number.NaN],
    ['2024-00-10', Number.NaN],
    ['2024-04-31', Number.NaN],
    ['2024-3-10', Number.NaN],
    ['2024/03/10', Number.NaN],
    ['20x4-03-10', Number.NaN],
    ['', Number.NaN],
  ])('toEpochDay(%s) = %s', (date, day) => {
    expect(toEpochDay(date)).toBe(day);
  });

  it.each([
    ['1900-02-28', '1900-03-01'],
    ['2000-02-28', '2000-02-29'],
    ['2023-12-31', '2024-01-01'],
  ])('the day after %s is %s (leap years)', (a, b) => {
    expect(addDays(a, 1)).toBe(b);
    expect(daysBetween(a, b)).toBe(1);
  });

  it('round-trips day numbers', () => {
    for (let d = -800; d < 30000; d += 97) expect(toEpochDay(fromEpochDay(d))).toBe(d);
  });

  it('helpers', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2024-02-29T00:00')).toBe(false);
    expect(dateParts('2024-03-10')).toEqual({ year: 2024, month: 3, day: 10 });
    expect(makeDate(2024, 0, 1)).toBe('2023-12-01');
    expect(makeDate(2024, 13, 1)).toBe('2025-01-01');
    expect(endOfMonth(2024, 2)).toBe('2024-02-29');
    expect(endOfMonth(2023, 2)).toBe('2023-02-28');
  });

  it.each([
    ['2024-06-30T23:30:00Z', 'Europe/London', '2024-07-01'],
    ['2024-01-31T23:30:00Z', 'Europe/London', '2024-01-31'],
    ['2024-06-30T23:30:00Z', 'UTC', '2024-06-30'],
    ['2024-06-30T12:00:00Z', 'Australia/Sydney', '2024-06-30'],
  ])('localDate(%s, %s) = %s', (iso, tz, expected) => {
    expect(localDate(new Date(iso), tz)).toBe(expected);
  });

  // Europe/London is worked out by the UK's clock rule (no Intl) from 1996 through 2037: the browser's own
  // time-zone data (IANA tzdata through Intl) is the reference it must agree with.
  const london = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const byTzdata = (ms: number) => london.format(new Date(ms));

  it.each([
    // the clocks go forward at 01:00 UTC on the last Sunday of March; back at 01:00 UTC on October's
    ['2025-03-30T00:59:59Z', '2025-03-30'],
    ['2025-10-25T22:59:59Z', '2025-10-25'],
    ['2025-10-25T23:00:00Z', '2025-10-26'],
    ['2025-10-26T23:00:00Z', '2025-10-26'],
    ['1996-03-30T23:30:00Z', '1996-03-30'],
    ['1996-03-31T23:30:00Z', '1996-04-01'],
    ['2037-12-31T23:59:59Z', '2037-12-31'],
    // outside the rule's years: the time-zone data (in 1995 the clocks went back on 22 October)
    ['1995-10-22T23:30:00Z', '1995-10-22'],
    ['2038-07-01T23:30:00Z', '2038-07-02'],
  ])('localDate(%s) in Europe/London = %s, as the time-zone data says', (iso, expected) => {
    expect(localDate(new Date(iso))).toBe(expected);
    expect(byTzdata(Date.parse(iso))).toBe(expected);
  });

  it('agrees with the time-zone data every half hour around each change of the clocks, 1996-2037', () => {
    const HOUR = 3_600_000;
    for (let year = 1996; year <= 2037; year++) {
      for (const month of [3, 10]) {
        const last = new Date(Date.UTC(year, month, 0));
        const change = Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay(), 1);
        // around the change itself and around the midnights either side of it
        for (let ms = change - 26 * HOUR; ms <= change + 26 * HOUR; ms += HOUR / 2)
          expect(localDate(new Date(ms)), new Date(ms).toISOString()).toBe(byTzdata(ms));
      }
    }
  });

  it('agrees with the time-zone data at 22:30, 23:30 and 00:30 UTC on every tenth day, 1996-2037', () => {
    const DAY = 86_400_000;
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2038, 0, 1); ms += 10 * DAY) {
      for (const offset of [-1.5, -0.5, 0.5]) {
        const at = ms + offset * 3_600_000;
        expect(localDate(new Date(at)), new Date(at).toISOString()).toBe(byTzdata(at));
      }
    }
  });
});
