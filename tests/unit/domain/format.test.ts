import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  formatClassificationAmount,
  formatCount,
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

  // Written out by hand (no Intl before the first figures): Intl's en-GB formats are the reference.
  // One formatter a precision: building an Intl.NumberFormat costs far more than formatting with it.
  const intlFormats = new Map(
    ([0, 2] as const).map((decimals) => [
      decimals,
      new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: 'GBP',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
    ]),
  );
  const intlMoney = (amount: number, decimals: 0 | 2) => {
    const f = intlFormats.get(decimals)!;
    const s = f.format(amount);
    return s === f.format(-0) ? f.format(0) : s;
  };
  const awkward = [
    0,
    -0,
    0.5,
    -0.5,
    0.4999,
    1.005,
    2.675,
    12.345,
    -12.345,
    0.125,
    999.995,
    999.5,
    1e3,
    99_999.995,
    123_456_789.555,
    -1_000_000.5,
    2 ** 53,
    -(2 ** 53) - 2,
    1e20,
    -9.99e20,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -Infinity,
  ];
  it.each(awkward)('%s is written as Intl writes it, with 0 and 2 decimals', (amount) => {
    expect(formatMoney(amount, 0)).toBe(intlMoney(amount, 0));
    expect(formatMoney(amount, 2)).toBe(intlMoney(amount, 2));
  });

  it('agrees with Intl on 20,000 amounts of every size, in pence and in fractions of a penny', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // Disagreements gathered and compared once (an expect a figure costs more than the formatting).
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const size = 10 ** Math.floor(random() * 10);
      const pence = Math.round((random() - 0.5) * size * 100);
      const amount = i % 2 ? pence / 100 : (random() - 0.5) * size;
      for (const decimals of [0, 2] as const) {
        const ours = formatMoney(amount, decimals);
        const intl = intlMoney(amount, decimals);
        if (ours !== intl) disagreements.push(`${amount} (${decimals}): ${ours} against ${intl}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('en-GB counts', () => {
  it.each([0, 1, 12, 999, 1000, 12_345, 999_999, 1_000_000, -4321, 2 ** 53 - 1, 1.5, Number.NaN])(
    '%s is written as toLocaleString("en-GB") writes it',
    (n) => {
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
    },
  );
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

  it('writes dd/mm/yyyy as Intl does, for every day of 1999-2001 and 2024 and from ISO timestamps', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    for (const [from, to] of [
      [Date.UTC(1999, 0, 1), Date.UTC(2002, 0, 1)],
      [Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)],
    ] as const) {
      for (let ms = from!; ms < to!; ms += 86_400_000) {
        const iso = new Date(ms).toISOString();
        expect(formatDate(iso.slice(0, 10))).toBe(intl.format(new Date(ms)));
        expect(formatDate(iso)).toBe(intl.format(new Date(ms)));
      }
    }
    expect(formatDate('0999-12-31')).toBe(intl.format(new Date(Date.UTC(999, 11, 31))));
  });

  it("writes 'd Mon yyyy' as Intl does, for every day of 1999-2001 and 2024 and from ISO timestamps", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    for (const [from, to] of [
      [Date.UTC(1999, 0, 1), Date.UTC(2002, 0, 1)],
      [Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)],
    ] as const) {
      for (let ms = from!; ms < to!; ms += 86_400_000) {
        const iso = new Date(ms).toISOString();
        expect(formatDateMedium(iso.slice(0, 10))).toBe(intl.format(new Date(ms)));
        expect(formatDateMedium(iso)).toBe(intl.format(new Date(ms)));
      }
    }
    expect(formatDateMedium('0999-12-31')).toBe(intl.format(new Date(Date.UTC(999, 11, 31))));
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
