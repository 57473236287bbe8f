import { describe, expect, it } from 'vitest';
import { CARD_ISSUERS, recogniseInstitution } from '../../../functions/domain/statement/institutions';

describe('spec 2 §3 statement institution: recognised by name in the statement text', () => {
  it.each([
    ['Barclays Bank UK PLC', 'Barclays'],
    ['Barclaycard Platinum', 'Barclaycard'],
    ['HSBC UK Bank plc', 'HSBC'],
    ['Lloyds Bank plc', 'Lloyds Bank'],
    ['National Westminster Bank Plc', 'NatWest'],
    ['NatWest', 'NatWest'],
    ['The Royal Bank of Scotland plc', 'Royal Bank of Scotland'],
    ['Halifax is a division of Bank of Scotland plc', 'Halifax'],
    ['Bank of Scotland plc', 'Bank of Scotland'],
    ['Santander UK plc', 'Santander'],
    ['Nationwide Building Society', 'Nationwide'],
    ['Monzo Bank Limited', 'Monzo'],
    ['Starling Bank Limited', 'Starling Bank'],
    ['AMERICAN EXPRESS', 'American Express'],
    ['Amex Gold', 'American Express'],
    ['The Co-operative Bank p.l.c.', 'The Co-operative Bank'],
    ['first direct is a division of HSBC UK Bank plc', 'First Direct'],
    ['TSB Bank plc', 'TSB'],
    ['Virgin Money', 'Virgin Money'],
    ['Capital One (Europe) plc', 'Capital One'],
    ["Sainsbury's Bank plc", "Sainsbury's Bank"],
    ['M&S Bank', 'M&S Bank'],
    ['Metro Bank PLC', 'Metro Bank'],
    ['Revolut Ltd', 'Revolut'],
    ['Chase UK', 'Chase UK'],
  ])('%s → %s', (line, name) => {
    expect(recogniseInstitution([line])).toBe(name);
  });

  it("a savings provider, named above the saver's nominated bank account, is the statement's institution", () => {
    // Evidence: NS&I pays Income Bonds' income to the holder's own bank account each month, and its annual
    // statement lists those payments by that account ('Lloyds Bank ****4471') outside the table: the
    // statement was taken for Lloyds Bank's, NS&I not being a known name.
    expect(
      recogniseInstitution([
        'NS&I',
        'Income Bonds annual statement',
        'Income paid to your nominated bank account',
        '6 May 2025 Lloyds Bank ****4471 83.44',
      ]),
    ).toBe('NS&I');
    expect(recogniseInstitution(['Newcastle Building Society, Portland House'])).toBe(
      'Newcastle Building Society',
    );
    expect(recogniseInstitution(['West Bromwich Building Society, 2 Providence Place'])).toBe(
      'West Bromwich Building Society',
    );
    expect(recogniseInstitution(['Kent Reliance is a trading name of OneSavings Bank plc'])).toBe(
      'Kent Reliance',
    );
    expect(recogniseInstitution(['Raisin UK is a trading name of Raisin Platforms Limited'])).toBe(
      'Raisin UK',
    );
    // Post Office savings, provided by Bank of Ireland UK: the product's name comes first on the line.
    expect(
      recogniseInstitution([
        'Post Office Online Saver is provided by Bank of Ireland (UK) plc, registered in England and Wales',
      ]),
    ).toBe('Post Office');
    // Another bank's footer offering its counters at the Post Office is that bank's statement.
    expect(
      recogniseInstitution(['You can pay in cash and cheques at the Post Office', 'Lloyds Bank plc']),
    ).toBe('Lloyds Bank');
    // A customer's address in West Bromwich names no bank.
    expect(recogniseInstitution(['17 Birmingham Road', 'West Bromwich', 'B71 4JH'])).toBeNull();
  });

  it('takes the name met first in reading order, not a group name', () => {
    expect(recogniseInstitution(['Your statement', 'Halifax', 'Lloyds Bank plc'])).toBe('Halifax');
    expect(recogniseInstitution(['Part of Lloyds Banking Group'])).toBeNull();
    expect(recogniseInstitution(['Sort code 20-00-00', 'Account 12345678'])).toBeNull();
    expect(recogniseInstitution([])).toBeNull();
  });

  it('knows the card issuers', () => {
    expect(CARD_ISSUERS.has('American Express')).toBe(true);
    expect(CARD_ISSUERS.has('Barclays')).toBe(false);
  });
});
