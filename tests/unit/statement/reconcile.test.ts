import { describe, expect, it } from 'vitest';
import { reconcile, resolveSigns } from '../../../functions/domain/statement/reconcile';

describe('spec 2 §3 statement reconciliation: opening + Σ signed = closing, and every printed balance', () => {
  const rows = [
    { signedAmount: -10.5, balance: 89.5 },
    { signedAmount: 100, balance: null },
    { signedAmount: -0.1, balance: 189.4 },
  ];

  it('passes when everything adds up to the penny', () => {
    expect(reconcile({ openingBalance: 100, closingBalance: 189.4, transactions: rows })).toEqual({
      ok: true,
      breaks: [],
    });
  });

  it('reports each printed balance that does not match, and the closing sum', () => {
    const result = reconcile({
      openingBalance: 100,
      closingBalance: 190,
      transactions: [rows[0]!, { signedAmount: 100.01, balance: null }, rows[2]!],
      checkpoints: [{ afterRow: 0, balance: 89.5, reason: 'balance carried forward' }],
    });
    expect(result.ok).toBe(false);
    expect(result.breaks).toEqual([
      { row: 2, expected: 189.4, actual: 189.41, reason: 'running balance' },
      { row: 2, expected: 190, actual: 189.41, reason: 'closing balance: opening balance plus transactions' },
    ]);
  });

  it('checks a balance before the first row and the closing balance without an opening', () => {
    expect(
      reconcile({
        openingBalance: 100,
        closingBalance: null,
        transactions: rows,
        checkpoints: [{ afterRow: -1, balance: 101, reason: 'balance brought forward' }],
      }).breaks,
    ).toEqual([
      { row: -1, expected: 101, actual: 100, reason: 'balance brought forward' },
      { row: 0, expected: 89.5, actual: 90.5, reason: 'running balance' },
    ]);
    expect(reconcile({ openingBalance: null, closingBalance: 189.4, transactions: rows })).toEqual({
      ok: true,
      breaks: [],
    });
    expect(reconcile({ openingBalance: null, closingBalance: 180, transactions: rows }).breaks).toEqual([
      { row: 2, expected: 180, actual: 189.4, reason: 'closing balance' },
    ]);
  });

  it('is not ok when there is nothing to check against', () => {
    expect(
      reconcile({
        openingBalance: null,
        closingBalance: null,
        transactions: [{ signedAmount: -1, balance: null }],
      }),
    ).toEqual({ ok: false, breaks: [] });
  });

  it('treats a card balance as an amount owed', () => {
    expect(
      reconcile({
        openingBalance: 500,
        closingBalance: 75,
        accountKind: 'credit_card',
        transactions: [
          { signedAmount: -25, balance: 525 },
          { signedAmount: 450, balance: null },
        ],
      }),
    ).toEqual({ ok: true, breaks: [] });
  });
});

describe('spec 2 §3 statement signs: the balances decide an ambiguous direction', () => {
  it('solves each run of ambiguous rows between two balances', () => {
    const { signs, guessed } = resolveSigns(
      [
        { pence: 1000, sign: null, guess: 1, balance: null },
        { pence: 250, sign: null, guess: 1, balance: 10750 },
        { pence: 5000, sign: 1, guess: -1, balance: null },
        { pence: 700, sign: null, guess: -1, balance: 16450 },
      ],
      { openingPence: 10000, closingPence: null },
    );
    expect(signs).toEqual([1, -1, 1, 1]);
    expect(guessed).toBe(0);
  });

  it('prefers the solution closest to the descriptions when several add up', () => {
    const rows = [
      { pence: 500, sign: null, guess: -1, balance: null },
      { pence: 500, sign: null, guess: 1, balance: 1000 },
    ] as const;
    expect(resolveSigns(rows, { openingPence: 1000, closingPence: null }).signs).toEqual([-1, 1]);
  });

  it('keeps the guesses where no balance decides, and counts them', () => {
    const rows = [
      { pence: 500, sign: null, guess: -1, balance: null },
      { pence: 300, sign: null, guess: 1, balance: null },
    ] as const;
    expect(resolveSigns(rows, { openingPence: null, closingPence: 1000 })).toEqual({
      signs: [-1, 1],
      guessed: 2,
    });
    // No combination makes the closing balance.
    expect(resolveSigns(rows, { openingPence: 0, closingPence: 1 })).toEqual({ signs: [-1, 1], guessed: 2 });
  });

  it('uses a closing balance and checkpoints, and the card direction', () => {
    expect(
      resolveSigns([{ pence: 500, sign: null, guess: 1, balance: null }], {
        openingPence: 1000,
        closingPence: 1500,
        accountKind: 'credit_card',
      }).signs,
    ).toEqual([-1]);
    expect(
      resolveSigns(
        [
          { pence: 500, sign: null, guess: 1, balance: null },
          { pence: 100, sign: null, guess: 1, balance: null },
        ],
        { openingPence: 1000, closingPence: 400, checkpoints: new Map([[0, 500]]) },
      ).signs,
    ).toEqual([-1, -1]);
  });

  it('does not search more than 16 ambiguous rows at once', () => {
    const rows = Array.from({ length: 17 }, () => ({
      pence: 100,
      sign: null,
      guess: -1 as const,
      balance: null,
    }));
    expect(resolveSigns(rows, { openingPence: 0, closingPence: 1700 }).guessed).toBe(17);
  });
});
