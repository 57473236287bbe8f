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
});
