import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  type CheckAccount,
  type CheckReading,
  checkReasons,
  describeEdit,
  runCheck,
  shiftYears,
  yearTakenFromUploadDate,
} from '../../../functions/domain/statement-check';

/** A Monzo current account's reading: opening 100, three rows with running balances, closing 60. */
function reading(overrides: Partial<CheckReading> = {}): CheckReading {
  return {
    institution: 'Monzo',
    period: { start: '2025-03-01', end: '2025-03-31' },
    openingBalance: 100,
    closingBalance: 60,
    transactions: [
      {
        date: '2025-03-02',
        description: 'SALARY',
        amount: 50,
        signedAmount: 50,
        type: 'credit',
        balance: 150,
      },
      {
        date: '2025-03-05',
        description: 'TESCO',
        amount: 30,
        signedAmount: -30,
        type: 'debit',
        balance: 120,
      },
      { date: '2025-03-09', description: 'RENT', amount: 60, signedAmount: -60, type: 'debit', balance: 60 },
    ],
    reconciliation: { ok: true, breaks: [] },
    warnings: [],
    accountKind: 'bank',
    identity: { sort_code: '040004', account_number: '12345678', card_last4: null },
    ...overrides,
  };
}
const account: CheckAccount = {
  id: 'A1',
  name: 'Everyday',
  account_type: 'current',
  bank_name: 'Monzo',
  sort_code: '040004',
  account_number: '12345678',
};

describe('which readings wait for the family', () => {
  it("a bank's export with no balances to check goes through (exact by nature); one whose balances break, or a PDF with nothing checked, waits", () => {
    const unchecked = reading({ reconciliation: { ok: false, breaks: [] } });
    expect(checkReasons(unchecked, account, { exactFile: true })).toEqual([]);
    expect(checkReasons(unchecked, account)).toEqual(['does_not_add_up']);
    const broken = reading({
      reconciliation: { ok: false, breaks: [{ row: 1, expected: 120, actual: 119, reason: 'balance' }] },
    });
    expect(checkReasons(broken, account, { exactFile: true })).toEqual(['does_not_add_up']);
  });

  it('a statement that adds up, in the account it names, goes straight through', () => {
    expect(checkReasons(reading(), account)).toEqual([]);
  });

  it('each trigger on its own', () => {
    expect(checkReasons(reading({ reconciliation: { ok: false, breaks: [] } }), account)).toEqual([
      'does_not_add_up',
    ]);
    const unreadable = {
      ok: true,
      breaks: [],
      unreadable: [{ row: 1, cell: 'amount' as const, text: '3O.00', page: 1, reason: 'misprinted' }],
    };
    expect(checkReasons(reading({ reconciliation: unreadable }), account)).toEqual(['unreadable_figures']);
    // A date the scan misread ('41/04/25' for '01/04/25'), even one recovered from the rows either side.
    const misreadDate = {
      ok: true,
      breaks: [],
      unreadable: [
        {
          row: 1,
          cell: 'date' as const,
          text: '41/04/25',
          page: 1,
          reason: 'misread',
          recoveredDate: '2025-04-01',
        },
      ],
    };
    expect(checkReasons(reading({ reconciliation: misreadDate }), account)).toEqual(['unreadable_dates']);
    expect(checkReasons(reading({ yearSource: 'reference_date' }), account)).toEqual([
      'year_from_upload_date',
    ]);
    expect(checkReasons(reading(), { ...account, bank_name: 'Santander' })).toEqual(['other_bank']);
    expect(checkReasons(reading(), { ...account, account_type: 'credit' })).toEqual(['other_account_kind']);
    expect(checkReasons(reading(), { ...account, account_number: '87654321' })).toEqual([
      'other_account_number',
    ]);
    expect(checkReasons(reading(), { ...account, sort_code: '20-45-67' })).toEqual(['other_account_number']);
  });

  it('an account that does not know its number, or a bank the recogniser does not know, is no mismatch', () => {
    expect(checkReasons(reading(), { ...account, sort_code: null, account_number: null })).toEqual([]);
    expect(checkReasons(reading(), { ...account, bank_name: 'My bank' })).toEqual([]);
    // A Barclays credit card's statements say Barclaycard.
    const card = reading({
      institution: 'Barclaycard',
      accountKind: 'credit_card',
      identity: { sort_code: null, account_number: null, card_last4: '1234' },
    });
    expect(
      checkReasons(card, { ...account, account_type: 'credit', bank_name: 'Barclays', card_last4: '1234' }),
    ).toEqual([]);
    // Post Office savings are Bank of Ireland UK's: the check and the upload's warning agree on it.
    expect(
      checkReasons(reading({ institution: 'Post Office' }), { ...account, bank_name: 'Bank of Ireland' }),
    ).toEqual([]);
  });

  it('the year: where the reader says it took it from (the upload date), else, for a reading stored before it said so, a warning about the year', () => {
    expect(
      yearTakenFromUploadDate({ warnings: ['The year of the dates is taken from the upload date.'] }),
    ).toBe(true);
    expect(yearTakenFromUploadDate({ warnings: ['The statement period is not printed.'] })).toBe(false);
    expect(yearTakenFromUploadDate({ warnings: ['About the year'], yearSource: 'period' })).toBe(false);
  });
});

describe("the family's edits, and the checks run again", () => {
  // The reader missed TESCO: the next printed balance is 30 lower than the rows read give.
  const missed = reading({
    transactions: reading().transactions.filter((t) => t.description !== 'TESCO'),
    reconciliation: { ok: false, breaks: [] },
  });

  it('a missed row: the sums break at the next printed balance, by its amount', () => {
    const result = runCheck(missed, account, []);
    expect(result.addsUp).toBe(false);
    expect(result.canImport).toBe(false);
    expect(result.breaks).toEqual([
      { rowId: 'r1', printed: 60, computed: 90, difference: -30, reason: 'running balance' },
      { rowId: null, printed: 60, computed: 90, difference: -30, reason: 'closing balance' },
    ]);
    expect(result.sums).toMatchObject({
      opening: 100,
      moneyIn: 50,
      moneyOut: 60,
      computedClosing: 90,
      closing: 60,
    });
  });

  it('adding the row makes it add up; Import is offered', () => {
    const result = runCheck(missed, account, [
      {
        op: 'add_row',
        id: 'aX',
        after: 'r0',
        date: '2025-03-05',
        description: 'TESCO',
        signedAmount: -30,
        balance: null,
      },
    ]);
    expect(result.statement.rows.map((r) => r.id)).toEqual(['r0', 'aX', 'r1']);
    expect(result).toMatchObject({ addsUp: true, canImport: true, breaks: [], open: [] });
    expect(result.transactions[1]).toMatchObject({ description: 'TESCO', amount: 30, type: 'debit' });
  });

  it('editing an amount, marking a row as not a transaction, swapping in and out', () => {
    const edited = runCheck(reading(), account, [{ op: 'edit_row', row: 'r1', signedAmount: -31 }]);
    expect(edited.addsUp).toBe(false);
    expect(edited.statement.rows[1]).toMatchObject({ signedAmount: -31, edited: true });
    const excluded = runCheck(reading(), account, [{ op: 'exclude_row', row: 'r2', excluded: true }]);
    expect(excluded.transactions).toHaveLength(2);
    expect(excluded.sums.moneyOut).toBe(30);
    const swapped = runCheck(reading(), account, [{ op: 'swap_in_out' }]);
    expect(swapped.sums).toMatchObject({ moneyIn: 90, moneyOut: 50 });
    expect(runCheck(reading(), account, [{ op: 'swap_in_out' }, { op: 'swap_in_out' }]).addsUp).toBe(true);
  });

  it('setting the year moves every date by the same years, and closes the year question', () => {
    const guessed = reading({ yearSource: 'reference_date' });
    expect(runCheck(guessed, account, []).open).toEqual(['year_from_upload_date']);
    const set = runCheck(guessed, account, [{ op: 'set_year', year: 2024 }]);
    expect(set.statement.rows.map((r) => r.date)).toEqual(['2024-03-02', '2024-03-05', '2024-03-09']);
    expect(set.statement.period).toEqual({ start: '2024-03-01', end: '2024-03-31' });
    expect(set.canImport).toBe(true);
    expect(shiftYears('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('moving to (or confirming) an account closes the account question', () => {
    const other = { ...account, bank_name: 'Santander' };
    expect(runCheck(reading(), other, []).open).toEqual(['other_bank']);
    const moved = runCheck(reading(), other, [{ op: 'move_account', accountId: 'A2' }]);
    expect(moved).toMatchObject({ canImport: true, statement: { accountId: 'A2', accountConfirmed: true } });
  });

  it('an edit of a row not there changes nothing; the original reading is not changed', () => {
    const original = reading();
    const copy = structuredClone(original);
    const statement = applyEdits(original, 'A1', [{ op: 'edit_row', row: 'r9', description: 'X' }]);
    expect(statement.rows.map((r) => r.description)).toEqual(['SALARY', 'TESCO', 'RENT']);
    applyEdits(original, 'A1', [{ op: 'edit_row', row: 'r0', description: 'X' }, { op: 'swap_in_out' }]);
    expect(original).toEqual(copy);
  });

  it('each edit described for the audit', () => {
    expect(describeEdit({ op: 'edit_row', row: 'r1', signedAmount: -31, description: 'TESCO METRO' })).toBe(
      'Changed row r1: amount -31.00, description "TESCO METRO"',
    );
    expect(describeEdit({ op: 'set_year', year: 2024 })).toBe('Set the year to 2024');
  });
});
