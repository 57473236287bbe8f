import { describe, expect, it } from 'vitest';
import {
  analyseCleanup,
  CLEANUP_MESSAGES,
  DELETION_BATCH_SIZE,
  deletionBatches,
  deletionOutcome,
  isBadTransaction,
  isCompleteTransaction,
  missingFields,
  moreLine,
  sampleDescription,
} from '../../../functions/domain/cleanup';

describe('spec 2 §5 bad transaction: type missing, or signed_amount null or undefined', () => {
  it.each([
    [{ type: 'debit', signed_amount: -1 }, []],
    [{ type: 'credit', signed_amount: 0 }, []],
    [{ type: null, signed_amount: -1 }, ['type']],
    [{ type: '', signed_amount: -1 }, ['type']],
    [{ type: 'debit', signed_amount: null }, ['signed_amount']],
    [{ type: 'debit', signed_amount: undefined }, ['signed_amount']],
    [{}, ['type', 'signed_amount']],
  ])('%o → missing %o', (tx, missing) => {
    expect(missingFields(tx)).toEqual(missing);
    expect(isBadTransaction(tx)).toBe(missing.length > 0);
  });
});

describe('spec 2 §5 complete transaction: amount above 0, description and type present', () => {
  it.each([
    [{ amount: 0.01, description: 'x', type: 'debit' }, true],
    [{ amount: 0, description: 'x', type: 'debit' }, false],
    [{ amount: -5, description: 'x', type: 'debit' }, false],
    [{ amount: 5, description: '  ', type: 'debit' }, false],
    [{ amount: 5, description: 'x', type: null }, false],
    [{ amount: 5, description: 'x', type: '' }, false],
  ])('%o → %s', (tx, complete) => {
    expect(isCompleteTransaction(tx)).toBe(complete);
  });
});

describe('spec 2 §2 cleanup breakdown: count, total, date range, up to 3 samples cut to 40 characters, "... and N more"', () => {
  const long = 'A very long description that goes on and on past forty characters';
  const rows = [
    {
      id: '1',
      account_id: 'a',
      transaction_date: '2024-03-05',
      amount: 10,
      description: long,
      type: null,
      signed_amount: -10,
      account: { name: 'Main', bank_name: 'Monzo' },
    },
    {
      id: '2',
      account_id: 'a',
      transaction_date: '2024-03-01',
      amount: 5.5,
      description: 'x',
      type: 'debit',
      signed_amount: null,
    },
    {
      id: '3',
      account_id: 'a',
      transaction_date: '2024-03-09',
      amount: 1,
      description: 'y',
      type: null,
      signed_amount: null,
    },
    {
      id: '4',
      account_id: 'a',
      transaction_date: 'bad',
      amount: 2,
      description: 'z',
      type: null,
      signed_amount: 2,
    },
    {
      id: '5',
      account_id: 'b',
      transaction_date: '2024-02-01',
      amount: 3,
      description: 'ok',
      type: 'debit',
      signed_amount: -3,
    },
    {
      id: '6',
      account_id: 'c',
      transaction_date: '2024-01-01',
      amount: 7,
      description: 'w',
      type: 'credit',
      signed_amount: null,
    },
  ];
  const result = analyseCleanup(rows);

  it('counts the tiles', () => {
    expect(result).toMatchObject({
      totalTransactions: 6,
      badTransactions: 5,
      missingType: 3,
      missingSignedAmount: 3,
    });
    expect(result.badIds).toEqual(['1', '2', '3', '4', '6']);
  });

  it('breaks down per account, most bad first', () => {
    const [a, c] = result.byAccount;
    expect(a).toMatchObject({
      accountId: 'a',
      accountName: 'Main',
      bankName: 'Monzo',
      count: 4,
      total: 18.5,
      dateRange: { from: '2024-03-01', to: '2024-03-09' },
      more: '... and 1 more',
    });
    expect(a!.samples).toHaveLength(3);
    expect(a!.samples[0]!.description).toBe(`${long.slice(0, 40)}...`);
    expect(long.slice(0, 40)).toHaveLength(40);
    expect(a!.samples[0]!.missing).toEqual(['type']);
    expect(c).toMatchObject({
      accountId: 'c',
      count: 1,
      more: null,
      accountName: null,
      dateRange: { from: '2024-01-01', to: '2024-01-01' },
    });
  });

  it.each([
    ['x'.repeat(40), 'x'.repeat(40)],
    ['x'.repeat(41), `${'x'.repeat(40)}...`],
    [null, ''],
  ])('sample description of %s', (d, expected) => {
    expect(sampleDescription(d)).toBe(expected);
  });

  it.each([
    [0, null],
    [-1, null],
    [1, '... and 1 more'],
    [12, '... and 12 more'],
  ])('more line for %s hidden', (n, line) => {
    expect(moreLine(n)).toBe(line);
  });

  it('an account with only invalid dates has no range', () => {
    const r = analyseCleanup([
      {
        id: '1',
        account_id: 'a',
        transaction_date: 'x',
        amount: Number.NaN,
        description: 'x',
        type: null,
        signed_amount: 1,
      },
    ]);
    expect(r.byAccount[0]).toMatchObject({ dateRange: null, total: 0 });
  });
});

describe('spec 2 §7, §9 deletion batches of 100', () => {
  it.each([
    [0, []],
    [1, [1]],
    [100, [100]],
    [101, [100, 1]],
    [250, [100, 100, 50]],
  ])('%s ids → batch sizes %o', (n, sizes) => {
    const ids = Array.from({ length: n }, (_, i) => `id${i}`);
    const batches = deletionBatches(ids);
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(ids);
  });
  it('size', () => {
    expect(DELETION_BATCH_SIZE).toBe(100);
    expect(deletionBatches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});

describe('spec 2 §4, §8 deletion outcome and messages', () => {
  it.each([
    [
      5,
      5,
      'cleared',
      'Successfully deleted 5 problematic transactions! Re-upload your PDF statements to restore them correctly.',
    ],
    [3, 5, 'partial', 'Only deleted 3 of 5 transactions. Some deletions failed.'],
  ])('%s of %s → %s', (deleted, planned, status, message) => {
    expect(deletionOutcome(deleted, planned)).toEqual({ status, message });
  });
  it('other messages', () => {
    expect(CLEANUP_MESSAGES.batchError('boom')).toBe('Error deleting transactions: boom');
    expect(CLEANUP_MESSAGES.exception).toBe('Deletion failed. Check console for details.');
    expect(CLEANUP_MESSAGES.deleteButton(7)).toBe('Delete 7 Bad Transactions');
    expect(CLEANUP_MESSAGES.warning(7)).toContain('permanently delete 7 transactions');
  });
});
