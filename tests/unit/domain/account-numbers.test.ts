import { describe, expect, it } from 'vitest';
import {
  namedAccount,
  namedAccountReason,
  normaliseSortCode,
  statementAccountIdentity,
  withNamedAccounts,
} from '../../../functions/domain/account-numbers';
import { findMatchCandidates } from '../../../functions/domain/matching';

/** The family's accounts as their statements named them. */
const current = { id: 'cur', name: 'Joint Current', sort_code: '040004', account_number: '12345678' };
const savings = { id: 'sav', name: 'Barclays Savings', sort_code: '204567', account_number: '87654321' };
const isa = { id: 'isa', name: 'Nationwide ISA', sort_code: '123123', account_number: '11111111' };
const card = { id: 'card', name: 'Amex Gold', card_last4: '1234' };
const family = [current, savings, isa, card];

describe('the account a statement heading names', () => {
  it.each([
    ['Sort code: 04-00-04   Account number: 12345678', '040004', '12345678'],
    ['Sort code 20-45-67   Account no. 43218765', '204567', '43218765'],
    ['Account number 12345678   Sort code 09-01-28', '090128', '12345678'],
    ['Sort Code 30 94 57   Account Number 01234567', '309457', '01234567'],
    ['SORT CODE 308012 ACCOUNT NO 00123456', '308012', '00123456'],
  ])('%s', (text, sort, number) => {
    expect(statementAccountIdentity(text)).toEqual({
      sort_code: sort,
      account_number: number,
      card_last4: null,
    });
  });

  it("reads a card's last four digits ('Card number ending 1234', masked numbers)", () => {
    expect(statementAccountIdentity('Card number ending 1234').card_last4).toBe('1234');
    expect(statementAccountIdentity('Card number **** **** **** 9876').card_last4).toBe('9876');
    expect(statementAccountIdentity('Your statement\nPage 1 of 2')).toEqual({
      sort_code: null,
      account_number: null,
      card_last4: null,
    });
  });

  it('compares sort codes as six digits', () => {
    expect(normaliseSortCode('20-45-67')).toBe('204567');
    expect(normaliseSortCode('20 45 67')).toBe('204567');
    expect(normaliseSortCode('2045')).toBeNull();
  });
});

describe('a description that names another of the family’s accounts', () => {
  it.each([
    ['TFR FROM 87654321 SAVINGS', 'cur', 'sav'],
    ['TFR 12345678 SAVINGS', 'sav', 'cur'],
    ['TFR 123123 11111111', 'cur', 'isa'],
    ['FASTER PAYMENT TO 12-31-23 11111111 ISA', 'cur', 'isa'],
    ['PAYMENT TO CARD ENDING 1234', 'cur', 'card'],
    ['AMEX PAYMENT CARD ENDING IN 1234', 'cur', 'card'],
    ['BILL PAYMENT TO AMEX ************1234', 'cur', 'card'],
  ])('%s (on %s) names %s', (description, own, named) => {
    expect(namedAccount(description, family, own)?.id).toBe(named);
  });

  it('names no account for its own number, another sort code, a bare 4-digit number or a longer number', () => {
    // The savings statement's own number in its own line: not a transfer to another account.
    expect(namedAccount('INTEREST 87654321', family, 'sav')).toBeNull();
    // The same 8 digits at another bank (sort code printed and different): someone else's account.
    expect(namedAccount('FASTER PAYMENT TO 40-11-62 87654321', family, 'cur')).toBeNull();
    // A shop number, a year, a reference: four digits alone do not name a card.
    expect(namedAccount('TESCO STORES 1234', family, 'cur')).toBeNull();
    expect(namedAccount('REF 9912345678123', family, 'cur')).toBeNull();
    expect(namedAccount('TFR FROM 87654321 SAVINGS', [], 'cur')).toBeNull();
  });

  it("gives the family the reason: 'Names your Barclays Savings account'", () => {
    expect(namedAccountReason(savings)).toBe('Names your Barclays Savings account');
    expect(namedAccountReason({ name: 'Barclays Savings Account' })).toBe(
      'Names your Barclays Savings Account',
    );
    expect(namedAccountReason({ name: 'Amex Gold Card' })).toBe('Names your Amex Gold Card');
  });
});

describe('candidates with the family’s account numbers', () => {
  const row = (id: string, account_id: string, description: string, signed: number, date = '2026-02-05') => ({
    id,
    account_id,
    transaction_date: date,
    description,
    amount: Math.abs(signed),
    signed_amount: signed,
  });

  it('a pair whose side names the other side’s account is 0.95 and says why first', () => {
    const found = findMatchCandidates([
      row('a', 'cur', 'TFR 87654321 SAVINGS', -500, '2026-02-05'),
      row('b', 'sav', 'TRANSFER FROM CURRENT', 499.5, '2026-02-09'),
    ]);
    expect(found[0]!.confidence).toBeLessThan(0.95);
    const [seen] = withNamedAccounts(found, family);
    expect(seen!.confidence).toBe(0.95);
    expect(seen!.reason.startsWith('Names your Barclays Savings account; ')).toBe(true);
  });

  it('drops a pair where a side names a different one of the family’s accounts', () => {
    const found = findMatchCandidates([
      row('a', 'cur', 'TFR 123123 11111111', -500),
      row('b', 'sav', 'TRANSFER FROM CURRENT', 500),
    ]);
    expect(found).toHaveLength(1);
    expect(withNamedAccounts(found, family)).toEqual([]);
  });
});
