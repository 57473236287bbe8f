import { describe, expect, it } from 'vitest';
import { transactionRefSchema } from '../../../functions/contracts/corrections';
import { calendarDate } from '../../../functions/contracts/dates';
import { periodStatsQuerySchema } from '../../../functions/contracts/insights';
import { profileUpdateSchema } from '../../../functions/contracts/profile';
import { cleanupRefSchema } from '../../../functions/contracts/review';
import { transactionPageQuerySchema } from '../../../functions/contracts/transactions';

/** Dates the API takes are real calendar days: the shape YYYY-MM-DD is not enough. */
const impossible = ['2024-02-30', '2099-99-99', '2023-02-29', '2024-13-45', '2024-00-10', '2024-04-31'];
const real = ['2024-02-29', '2000-02-29', '1999-12-31', '2024-04-30'];

describe('calendarDate', () => {
  const schema = calendarDate('a date, please');
  it.each(impossible)('refuses %s with its message', (date) => {
    const result = schema.safeParse(date);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('a date, please');
  });
  it.each(real)('takes %s', (date) => expect(schema.safeParse(date).success).toBe(true));
  it('refuses a phone number, a timestamp and a number', () => {
    for (const value of ['07700 900123', '2024-02-01T00:00:00Z', 20240201, '+44 20 7946 0958'])
      expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('every date the contracts take is a real one', () => {
  const ref = { id: 'tx_1', account_id: '01HZZZZZZZZZZZZZZZZZZZZZZZ' };
  it.each(impossible)('%s', (date) => {
    expect(transactionRefSchema.safeParse({ ...ref, transaction_date: date }).success).toBe(false);
    expect(cleanupRefSchema.safeParse({ ...ref, transaction_date: date }).success).toBe(false);
    expect(transactionPageQuerySchema.safeParse({ from: date }).success).toBe(false);
    expect(periodStatsQuerySchema.safeParse({ from: date, to: '2024-03-01' }).success).toBe(false);
    const profile = profileUpdateSchema.safeParse({ first_name: 'Ada', last_name: 'L', date_of_birth: date });
    expect(profile.success).toBe(false);
    expect(profile.error?.issues.map((i) => i.message)).toEqual([
      'That date does not exist: enter the date of birth as YYYY-MM-DD',
    ]);
  });
  it('a date of birth may still be left blank, and a wrong shape keeps its message', () => {
    expect(
      profileUpdateSchema.safeParse({ first_name: 'A', last_name: 'B', date_of_birth: '' }).success,
    ).toBe(true);
    const wrong = profileUpdateSchema.safeParse({
      first_name: 'A',
      last_name: 'B',
      date_of_birth: '10/12/1815',
    });
    expect(wrong.error?.issues[0]?.message).toBe('Enter the date of birth as YYYY-MM-DD');
  });
});
