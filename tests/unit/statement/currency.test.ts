import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../functions/domain/statement';
import { isAmountAffix } from '../../../functions/domain/statement/amounts';
import {
  currencyMarkOf,
  otherCurrencyMessage,
  statementCurrency,
  summaryCurrencyWarning,
} from '../../../functions/domain/statement/currency';
import { failureReasonOf } from '../../../functions/domain/statement-failures';

/**
 * The currency an account's statement is kept in, from its own money (a Revolut or Wise account, a UK bank's
 * foreign-currency account), so that a euro statement is never filed as pounds. The corpus variations
 * (variations.ts, 'a euro account ...') read whole statements so; these are the rules one by one.
 */
const none = { headings: [], balances: [], amounts: [], context: [] };

describe('statementCurrency: from the statement own money, pounds when nothing says otherwise', () => {
  it('a money heading naming the currency decides first', () => {
    expect(statementCurrency({ ...none, headings: ['Date Description Money In (€) Balance (€)'] })).toBe(
      'EUR',
    );
    expect(statementCurrency({ ...none, headings: ['Date Details Paid out (USD) Balance (USD)'] })).toBe(
      'USD',
    );
    expect(statementCurrency({ ...none, headings: ['Date Description Money In (£)'] })).toBe('GBP');
  });

  it('then the balances the table prints, sign or code before or after', () => {
    expect(statementCurrency({ ...none, balances: ['€354.68', '€269.68', '-€12.00'] })).toBe('EUR');
    expect(statementCurrency({ ...none, balances: ['USD 354.68', 'USD 269.68'] })).toBe('USD');
    expect(statementCurrency({ ...none, balances: ['$865.60 USD', '$837.70 USD'] })).toBe('USD');
  });

  it("a GBP statement's note of a payment abroad among plain amounts does not make it foreign", () => {
    expect(
      statementCurrency({
        ...none,
        balances: ['1,234.56', '1,222.06'],
        amounts: ['12.50', '45.00', '€52.81', '3.20'],
        context: ['Your Barclays Bank Account statement', 'Balance brought forward 1,247.06'],
      }),
    ).toBe('GBP');
  });

  it('then a title or label outside the table', () => {
    expect(statementCurrency({ ...none, context: ['Revolut', 'EUR Statement'] })).toBe('EUR');
    expect(statementCurrency({ ...none, context: ['Your Euro Account statement'] })).toBe('EUR');
    expect(statementCurrency({ ...none, context: ['Account currency: CHF'] })).toBe('CHF');
    expect(statementCurrency({ ...none, context: ['Revolut', 'GBP Statement'] })).toBe('GBP');
    expect(statementCurrency({ ...none, context: ['Currency: EUR'] })).toBe('EUR');
    // A notice about payments abroad is not the account's currency.
    expect(
      statementCurrency({
        ...none,
        context: ['A fee of 2.75% applies to payments in a foreign currency EUR'],
      }),
    ).toBe('GBP');
    expect(statementCurrency(none)).toBe('GBP');
  });

  it("only the summary's figures marked (the table's money plain): read as pounds, with a warning", () => {
    // Real-world trait: transtractor-test1.pdf (shared/fixtures/statements-real) prints '$50,000.00 CR' and
    // '$11,663.82 CR' in its summary and no currency anywhere in its transaction table.
    const evidence = {
      ...none,
      balances: ['90,350 CR', '91,351.56 CR'],
      amounts: ['1,000.00', '530.99'],
      context: ['Opening Balance $50,000.00 CR', 'Closing Balance $11,663.82 CR'],
    };
    expect(statementCurrency(evidence)).toBe('GBP');
    expect(summaryCurrencyWarning(evidence)).toBe(
      "The statement's summary prints its balances in US dollars (USD), while its transactions print no currency: they were read as pounds. Check that this is a pound account.",
    );
    // One marked figure, pound marks, or a table that itself is marked: no such warning.
    expect(summaryCurrencyWarning({ ...evidence, context: ['Opening Balance $50,000.00 CR'] })).toBeNull();
    expect(summaryCurrencyWarning({ ...evidence, context: ['Opening £50.00', 'Closing £11.00'] })).toBeNull();
    expect(summaryCurrencyWarning({ ...evidence, balances: ['€1.00', '€2.00'] })).toBeNull();
  });

  it('reads the mark of a figure', () => {
    expect(['£12.00', '€12.00', '$12.00', 'EUR 12.00', '12.00 USD', '12.00'].map(currencyMarkOf)).toEqual([
      'GBP',
      'EUR',
      'USD',
      'EUR',
      'USD',
      null,
    ]);
  });
});

describe('every active ISO 4217 code and the common signs, beside a figure', () => {
  it('reads codes beyond the ones UK statements print most, and the signs of other dollars', () => {
    expect(
      [
        'THB 1,250.00',
        '12.00 SAR',
        'MAD -45.00',
        '(12.00) SEK',
        'Balance (PLN)',
        'A$12.00',
        'US$5.00',
        'NZ$5.00',
        'R$10.00',
        '¥1,200.00',
        '₹450.00',
        '12.00 zł',
      ].map(currencyMarkOf),
    ).toEqual(['THB', 'SAR', 'MAD', 'SEK', 'PLN', 'AUD', 'USD', 'NZD', 'BRL', 'JPY', 'INR', 'PLN']);
  });

  it('words of UK payees that are also codes are no currency unless beside a figure in capitals', () => {
    // 'ALL BAR ONE' (a Mitchells & Butlers pub), a mobile 'TOP UP', a 'CUP' cafe, 'MOP', 'BOB', 'GEL', 'SOS'.
    for (const text of [
      'ALL BAR ONE LEEDS',
      'LEBARA MOBILE TOP UP',
      'SQ *THE TEA CUP',
      'MOP AND BUCKET LTD',
      'SUMUP *BOB',
      'GEL NAILS BRADFORD',
      'SOS',
      'Top up 20.00',
      'All accounts 1.50',
    ])
      expect(currencyMarkOf(text), text).toBeNull();
    // A title naming a currency counts only for the codes UK accounts are kept in.
    expect(statementCurrency({ ...none, context: ['ALL account holders', 'TOP Savings account'] })).toBe(
      'GBP',
    );
    expect(statementCurrency({ ...none, balances: ['MAD 1,234.56', 'MAD 1,200.00'] })).toBe('MAD');
  });

  it("the summary's figures alone in a code beyond the common ones: a warning naming it", () => {
    const evidence = {
      ...none,
      balances: ['1,234.56', '1,200.00'],
      context: ['Opening balance THB 50,000.00', 'Closing balance THB 11,663.82'],
    };
    expect(statementCurrency(evidence)).toBe('GBP');
    expect(summaryCurrencyWarning(evidence)).toMatch(/prints its balances in Thai baht \(THB\), while/);
  });

  it.each([
    ['THB 1,250.00', 125000, false],
    ['12.00 SAR', 1200, false],
    ['A$-5.00', 500, true],
    ['US$ 1,234.56', 123456, false],
    ['₹450.00', 45000, false],
  ])('%s is money', (text, pence, negative) => {
    expect(parseAmount(text)).toMatchObject({ pence, negative });
  });

  it("a code that is also a word is a figure's mark only in capitals", () => {
    expect(isAmountAffix('CUP')).toBe('either');
    expect(isAmountAffix('Cup')).toBeNull();
    expect(isAmountAffix('eur')).toBe('either');
    expect(isAmountAffix('A$')).toBe('before');
  });
});

describe('figures with a currency code before or after them are money', () => {
  it.each([
    ['USD 65.32', 6532, false],
    ['USD -211.93', 21193, true],
    ['$1,234.56 USD', 123456, false],
    ['-$14.90 USD', 1490, true],
    ['65.32 EUR', 6532, false],
  ])('%s', (text, pence, negative) => {
    expect(parseAmount(text)).toMatchObject({ pence, negative });
  });
});

describe('the message for a statement in another currency', () => {
  it('names the currency and says nothing was loaded', () => {
    expect(otherCurrencyMessage('EUR')).toBe(
      'This statement is in euros (EUR). We can only load statements of accounts kept in pounds sterling (GBP), so nothing was loaded from it.',
    );
    expect(otherCurrencyMessage('XAU')).toMatch(/^This statement is in XAU\./);
  });
});

describe('a failed upload records why', () => {
  it("the message for another currency is the failure 'other_currency'", () => {
    expect(failureReasonOf(otherCurrencyMessage('USD'))).toBe('other_currency');
    expect(failureReasonOf('This statement is in good order.')).toBeNull();
  });
});
