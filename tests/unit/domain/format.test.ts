import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  formatClassificationAmount,
  formatDashboardMoney,
  formatDate,
  formatDateMedium,
  formatMoney,
  formatPercent,
  relativeDate,
} from '../../../functions/domain/format';

describe('spec 3 §9 / spec 2 §9 en-GB currency', () => {
  it.each([
    [1234.5, '£1,235', '£1,234.50'],
    [0, '£0', '£0.00'],
    [-12.345, '-£12', '-£12.35'],
    [-0.001, '£0', '£0.00'],
    [1000000, '£1,000,000', '£1,000,000.00'],
  ])('%s → dashboard %s, classification %s', (amount, dashboard, classification) => {
    expect(formatDashboardMoney(amount)).toBe(dashboard);
    expect(formatClassificationAmount(amount)).toBe(classification);
  });
  it('default 2 decimals', () => {
    expect(formatMoney(5)).toBe('£5.00');
  });
});

describe('spec 3 §7 en-GB dates', () => {
  it.each([
    ['2024-03-05', '05/03/2024', '5 Mar 2024'],
    ['2024-12-31', '31/12/2024', '31 Dec 2024'],
    ['nonsense', 'nonsense', 'nonsense'],
  ])('%s → %s / %s', (d, short, medium) => {
    expect(formatDate(d)).toBe(short);
    expect(formatDateMedium(d)).toBe(medium);
  });
});

describe('spec 1 §9, spec 3 §9 relative dates: Today, Yesterday, N days ago under 7', () => {
  const now = new Date('2024-05-31T12:00:00Z');
  it.each([
    ['2024-05-31', 'Today'],
    ['2024-05-30', 'Yesterday'],
    ['2024-05-29', '2 days ago'],
    ['2024-05-25', '6 days ago'],
    ['2024-05-24', '24/05/2024'],
    ['2024-06-01', '01/06/2024'],
    ['2024-05-30T23:30:00Z', 'Today'],
    ['2024-05-29T22:59:00Z', '2 days ago'],
    ['garbageTvalue', 'garbageTvalue'],
    ['later', 'later'],
  ])('%s → %s', (date, text) => {
    expect(relativeDate(date, now)).toBe(text);
  });
  it('uses the given time zone', () => {
    expect(relativeDate('2024-05-30', new Date('2024-05-30T23:30:00Z'), 'UTC')).toBe('Today');
    expect(relativeDate('2024-05-30', new Date('2024-05-30T23:30:00Z'))).toBe('Yesterday');
  });
});

describe('spec 1 §9, spec 3 §9 badge counts cap at 99+', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
    [-3, '0'],
  ])('%s → %s', (n, text) => {
    expect(badgeCount(n)).toBe(text);
  });
  it('percent', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(12, 0)).toBe('12%');
  });
});
