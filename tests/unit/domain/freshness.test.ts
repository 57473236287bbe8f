import { describe, expect, it } from 'vitest';
import { addDays } from '../../../functions/domain/dates';
import {
  accountFreshness,
  DEFAULT_FAMILY_FRESHNESS_LABEL,
  familyFreshness,
  NO_ACCOUNTS_MESSAGES,
  stalenessThresholds,
} from '../../../functions/domain/freshness';

const now = new Date('2024-05-31T12:00:00Z');
const daysAgo = (n: number) => addDays('2024-05-31', -n);

describe('spec 3 §4.4, §9 account freshness by account type (warning / critical days)', () => {
  it.each([
    ['current', 7, 21],
    ['credit', 14, 45],
    ['savings', 30, 90],
    ['isa', 60, 120],
    ['investment', 60, 120],
    ['mortgage', 14, 30],
    [null, 14, 30],
  ])('%s: %s / %s', (type, warning, critical) => {
    expect(stalenessThresholds(type)).toEqual({ warning, critical });
    const status = (n: number) =>
      accountFreshness({ account_type: type, last_transaction_date: daysAgo(n) }, now).status;
    expect(status(0)).toBe('excellent');
    expect(status(3)).toBe('excellent');
    expect(status(4)).toBe('good');
    expect(status(warning)).toBe('good');
    expect(status(warning + 1)).toBe('warning');
    expect(status(critical)).toBe('warning');
    expect(status(critical + 1)).toBe('critical');
  });

  it.each([
    [
      daysAgo(2),
      { status: 'excellent', daysSinceLastTransaction: 2, message: 'Recent activity', action: null },
    ],
    [daysAgo(5), { status: 'good', daysSinceLastTransaction: 5, message: null, action: null }],
    [
      daysAgo(10),
      {
        status: 'warning',
        daysSinceLastTransaction: 10,
        message: 'Consider uploading recent statements',
        action: 'Consider uploading recent statements',
      },
    ],
    [
      daysAgo(30),
      {
        status: 'critical',
        daysSinceLastTransaction: 30,
        message: 'Upload recent bank statements',
        action: 'Upload recent bank statements',
      },
    ],
    [
      null,
      {
        status: 'warning',
        daysSinceLastTransaction: null,
        message: 'No transactions found',
        action: 'Upload your first bank statement',
      },
    ],
    [
      'not a date',
      {
        status: 'warning',
        daysSinceLastTransaction: null,
        message: 'No transactions found',
        action: 'Upload your first bank statement',
      },
    ],
    [
      '2024-06-02',
      { status: 'excellent', daysSinceLastTransaction: 0, message: 'Recent activity', action: null },
    ],
  ])('current account last active %s', (last, expected) => {
    expect(accountFreshness({ account_type: 'current', last_transaction_date: last }, now)).toEqual(expected);
  });
});

describe('spec 3 §4.4 family freshness summary', () => {
  const s = (...statuses: string[]) => statuses.map((status) => ({ status: status as never }));
  it.each([
    [s('critical', 'critical', 'warning'), 'critical', '2 accounts need urgent attention'],
    [s('critical', 'good'), 'critical', '1 account needs urgent attention'],
    [s('warning', 'warning', 'warning', 'good'), 'warning', '3 accounts could use updates'],
    [s('warning', 'excellent'), 'warning', '1 account could use updates'],
    [s('good', 'excellent'), 'good', 'All accounts have reasonable activity'],
    [s('excellent', 'excellent'), 'good', 'All accounts have recent activity'],
    [s(), 'good', DEFAULT_FAMILY_FRESHNESS_LABEL],
  ])('%o → %s: %s', (results, status, message) => {
    expect(familyFreshness(results)).toEqual({ status, message });
  });
  it('no accounts', () => {
    expect(NO_ACCOUNTS_MESSAGES).toEqual({
      title: 'No accounts configured yet.',
      hint: 'Add accounts to see data quality insights.',
    });
  });
});
