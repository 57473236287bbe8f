import { describe, expect, it } from 'vitest';
import { compareRows } from '../../../functions/adapters/dynamodb/transaction-pages';
import { decodeCursor, encodeCursor } from '../../../functions/services/transactions';

const row = (date: string, account: string, position: number, id = 'x') => ({ date, account, position, id });

describe('the listing order: newest date first, then account, then the latest place in the statement', () => {
  it('orders a day’s rows by their place in the statement, not their fingerprint', () => {
    const rows = [
      row('2026-01-02', 'A', 0, 'zz'),
      row('2026-01-03', 'A', 0),
      row('2026-01-02', 'A', 1, 'aa'),
    ];
    expect(rows.sort(compareRows).map((r) => [r.date, r.position])).toEqual([
      ['2026-01-03', 0],
      ['2026-01-02', 1],
      ['2026-01-02', 0],
    ]);
  });

  it('groups one day’s rows by account', () => {
    const rows = [row('2026-01-02', 'B', 5), row('2026-01-02', 'A', 1), row('2026-01-02', 'B', 6)];
    expect(rows.sort(compareRows).map((r) => `${r.account}${r.position}`)).toEqual(['A1', 'B6', 'B5']);
  });
});

describe('cursors: opaque, and only for the list they came from', () => {
  const position = row('2026-01-02', '01HZX', 3, 'fp_1-x');

  it('round-trips the last row of a page', () => {
    expect(decodeCursor(encodeCursor(position, 'list-a'), 'list-a')).toEqual(position);
  });

  it.each([
    ['another list’s', encodeCursor(position, 'list-b')],
    ['not base64 JSON', '%%%'],
    ['JSON of another shape', Buffer.from('{"date":"2026-01-02"}').toString('base64url')],
    ['a date that is not one', encodeCursor({ ...position, date: 'yesterday' }, 'list-a')],
  ])('refuses %s with the message to start again', (_what, cursor) => {
    expect(() => decodeCursor(cursor, 'list-a')).toThrow(
      'This page cursor is not valid for this list. Start again from the first page.',
    );
  });
});
