import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../functions/services/pipeline/messages';
import { accountWarnings } from '../../../functions/services/pipeline/parse';

/** What Parse tells the family when a statement and the account it was uploaded to disagree. */
const account = (bank_name: string | null, account_type: 'current' | 'credit' | 'mortgage' = 'current') => ({
  bank_name,
  account_type,
});

describe('spec 2 §2 File Upload: a statement on the wrong account is flagged, not refused', () => {
  it.each([
    ['Barclays', 'Barclays'],
    ['Barclays Bank UK PLC', 'Barclays'],
    ['Amex', 'American Express'],
    ['National Westminster Bank', 'NatWest'],
    ['HSBC UK', 'HSBC'],
    ['Co-op Bank', 'The Co-operative Bank'],
    ['My joint account bank', 'Santander'],
    [null, 'Santander'],
  ])('an account at %j and a statement from %s: no warning', (bank, institution) => {
    expect(accountWarnings({ accountKind: 'bank', institution }, account(bank))).toEqual([]);
  });

  it("a Barclays credit card's statements say Barclaycard: the same bank", () => {
    const warnings = accountWarnings(
      { accountKind: 'credit_card', institution: 'Barclaycard' },
      account('Barclays', 'credit'),
    );
    expect(warnings).toEqual([]);
  });

  it("Post Office savings are Bank of Ireland UK's: the same bank whichever name the account has", () => {
    for (const bank of ['Bank of Ireland', 'Post Office Online Saver'])
      expect(accountWarnings({ accountKind: 'bank', institution: 'Post Office' }, account(bank))).toEqual([]);
  });

  it('another bank, a card statement on a current account, a bank statement on a card account', () => {
    expect(accountWarnings({ accountKind: 'bank', institution: 'Santander' }, account('Monzo'))).toEqual([
      MESSAGES.otherBank('Santander', 'Monzo'),
    ]);
    expect(
      accountWarnings({ accountKind: 'credit_card', institution: 'MBNA' }, account('MBNA', 'current')),
    ).toEqual([MESSAGES.cardOnBankAccount('current')]);
    expect(accountWarnings({ accountKind: 'bank', institution: null }, account('Monzo', 'credit'))).toEqual([
      MESSAGES.bankOnCardAccount,
    ]);
  });

  it("a mortgage's statement, read as money owed as a card's is, on a mortgage account: no warning", () => {
    // Evidence: mortgage annual statements (Halifax, Nationwide) print the balance owed and payments
    // reducing it; the reader reads them with a card's convention.
    expect(
      accountWarnings({ accountKind: 'credit_card', institution: 'Halifax' }, account('Halifax', 'mortgage')),
    ).toEqual([]);
  });
});
