import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryColor,
  categoryFields,
  FALLBACK_PALETTE,
} from '../../../functions/domain/categories';
import {
  CATEGORY_CONFIDENCE,
  type CategoryRule,
  categorise,
  categoryRuleIndex,
  merchantKey,
  merchantNameOf,
  withoutTypeCode,
} from '../../../functions/domain/category-rules';
import { extractMerchantName, leadingTypeCode } from '../../../functions/domain/merchant-name';

describe('the category hierarchy', () => {
  it('has unique ids, parents before their children, and the UK headings families expect', () => {
    const ids = CATEGORIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CATEGORIES.filter((c) => c.parent_id)) {
      const parent = CATEGORIES.find((p) => p.id === c.parent_id);
      expect(parent?.parent_id).toBeNull();
      expect(c.display_order).toBeGreaterThan(parent!.display_order);
    }
    const parents = CATEGORIES.filter((c) => !c.parent_id).map((c) => c.name);
    for (const name of [
      'Groceries',
      'Eating Out',
      'Transport',
      'Fuel',
      'Bills & Utilities',
      'Housing',
      'Cash',
    ])
      expect(parents).toContain(name);
    const transport = CATEGORIES.filter((c) => c.parent_id === 'transport').map((c) => c.name);
    expect(transport).toEqual(expect.arrayContaining(['Public transport', 'Taxi', 'Parking']));
  });

  it('stores a child as subcategory under its parent, and a parent alone', () => {
    expect(categoryFields('bills.water')).toEqual({
      category_id: 'bills',
      primary_category: 'Bills & Utilities',
      subcategory_id: 'bills.water',
      subcategory: 'Water',
    });
    expect(categoryFields('groceries')).toEqual({
      category_id: 'groceries',
      primary_category: 'Groceries',
      subcategory_id: null,
      subcategory: null,
    });
    expect(categoryFields('no-such-category')).toBeNull();
  });

  it('falls back to the palette of 7 by position when a colour is missing or not a colour', () => {
    expect(FALLBACK_PALETTE).toHaveLength(7);
    expect(categoryColor('#123456', 3)).toBe('#123456');
    expect(categoryColor(null, 0)).toBe(FALLBACK_PALETTE[0]);
    expect(categoryColor('red', 8)).toBe(FALLBACK_PALETTE[1]);
  });
});

describe('merchant names from statement lines', () => {
  it.each([
    // Barclays / Halifax style card purchase with the date
    ['CARD PAYMENT TO TESCO STORES 3217 ON 12-03-2026', 'Tesco Stores'],
    // fixed columns: name, padding, town
    ['COSTA COFFEE 43012   LEEDS GB', 'Costa Coffee'],
    // NatWest style: card number and date, then name and town separated by commas
    ['4521 12MAR26 , GREGGS PLC 1190 , NOTTINGHAM GB', 'Greggs'],
    // HSBC contactless marks
    [')))  PRET A MANGER 043   LONDON', 'Pret a Manger'],
    // pending card authorisations
    ['WAITROSE 622 OXFORD GBR (pending)', 'Waitrose'],
    // payment facilitators: the trading name follows the star
    ['PAYPAL *EBAY 35314369001 GB', 'Ebay'],
    ['SQ *THE COFFEE HOUSE Bristol GB', 'The Coffee House'],
    ['SUMUP *KINGS BARBERS LONDON', 'Kings Barbers'],
    // a reference after the star, web suffixes
    ['AMAZON.CO.UK*2Y4AB1234 AMAZON.CO.UK', 'Amazon'],
    ['NETFLIX.COM 866-579-7172', 'Netflix'],
    // direct debits and standing orders with references
    ['DIRECT DEBIT PAYMENT TO THAMES WATER REF 9981234, MANDATE NO 0042', 'Thames Water'],
    ['DD BRITISH GAS 8500123456', 'British Gas'],
    ['SO OPENRENT REF FLAT 2', 'Openrent'],
    ['CONTACTLESS PAYMENT NANDOS 442 LEEDS GBR', 'Nandos'],
    ['VIS ASDA SUPERSTORE 4471 LEEDS', 'Asda Superstore'],
  ])('%s → %s', (description, name) => {
    expect(extractMerchantName(description)).toBe(name);
  });

  it('gives nothing when no name is left', () => {
    expect(extractMerchantName('1234 12MAR26')).toBeNull();
    expect(extractMerchantName('')).toBeNull();
    expect(extractMerchantName(null)).toBeNull();
  });

  it('prefers the dictionary name of a known merchant over the cleaned line', () => {
    expect(merchantNameOf('CARD PAYMENT TO TESCO STORES 3217 ON 12-03-2026')).toBe('Tesco');
    expect(merchantNameOf('WM MORRISON STORE   YORK GB')).toBe('Morrisons');
    expect(merchantNameOf('THE OLD FORGE TEA ROOMS')).toBe('The Old Forge Tea Rooms');
  });
});

describe('payment-type codes before the details (HSBC, Lloyds, Halifax, TSB ...)', () => {
  it('reads HSBC’s BP as a bill payment, not the fuel company, and its payee as the merchant', () => {
    expect(categorise('BP GRACE KELLY')).toMatchObject({ category_id: null, merchant_name: 'Grace Kelly' });
    expect(categorise('BP BRITISH GAS 8812204461')).toMatchObject({
      subcategory_id: 'bills.energy',
      merchant_name: 'British Gas',
    });
    expect(categorise('BP MR J SMITH REF LOAN')).toMatchObject({
      category_id: 'people',
      merchant_name: 'MR J Smith',
    });
    expect(merchantNameOf('BP GRACE KELLY')).toBe('Grace Kelly');
  });

  it('still reads a card payment at a BP filling station as fuel', () => {
    for (const line of [
      'BP CONNECT 445 CARDIFF CD 7919',
      'BP PULSE 01607557',
      'BP 01607557',
      'BP WOODHOUSE LANE S/STN LEEDS',
      'VIS BP CONNECT WOODHOUSE',
      ')))  BP EXPRESS 2231   LEEDS',
      'CARD PAYMENT TO BP GRACE KELLY ROAD ON 12-03-2026',
    ])
      expect(categorise(line), line).toMatchObject({
        category_id: 'fuel',
        merchant_name: expect.stringMatching(/^BP( Pulse)?$/),
      });
  });

  it('takes the code off before the dictionary, the keywords and the merchant name', () => {
    expect(categorise('DD OCADO RETAIL 00102947')).toMatchObject({
      category_id: 'groceries',
      merchant_name: 'Ocado',
    });
    expect(categorise('OBP THAMES WATER 44120')).toMatchObject({ subcategory_id: 'bills.water' });
    expect(categorise('C/L TESCO STORES 3217')).toMatchObject({
      category_id: 'groceries',
      merchant_name: 'Tesco',
    });
    expect(categorise('CHQ 000123')).toMatchObject({ category_id: null, merchant_name: null });
    expect(categorise('FPO J BLOGGS REF RENT JUNE')).toMatchObject({
      subcategory_id: 'housing.rent',
      merchant_name: 'J Bloggs',
    });
    expect(categorise('DEB SPICE OF INDIA TANDOORI')).toMatchObject({
      subcategory_id: 'eating_out.restaurants',
      merchant_name: 'Spice of India Tandoori',
    });
    expect(withoutTypeCode(')))  VIS COSTA COFFEE 43012')).toBe('COSTA COFFEE 43012');
  });

  it('keeps a code that starts a name the dictionary knows, and reads ATM as cash', () => {
    expect(categorise('SO ENERGY DD')).toMatchObject({
      subcategory_id: 'bills.energy',
      merchant_name: 'So Energy',
    });
    expect(categorise('DR MARTENS 12 LONDON')).toMatchObject({
      subcategory_id: 'shopping.clothing',
      merchant_name: 'Dr. Martens',
    });
    expect(categorise('ATM LINK 12MAR26 LEEDS')).toMatchObject({ category_id: 'cash' });
    expect(leadingTypeCode('BP')).toBeNull();
    expect(leadingTypeCode('BPAY 123')).toBeNull();
    expect(leadingTypeCode('s/o rent')).toEqual({ code: 'S/O', rest: 'rent' });
  });
});

describe('categorise: the order of sources', () => {
  it('uses the merchant dictionary for known merchants and bill payees (0.9)', () => {
    const r = categorise('DD THAMES WATER 12345678');
    expect(r).toMatchObject({
      category_id: 'bills',
      subcategory_id: 'bills.water',
      merchant_name: 'Thames Water',
      category_confidence: CATEGORY_CONFIDENCE.dictionary,
      source: 'dictionary',
    });
    expect(categorise('UBER EATS LONDON').subcategory_id).toBe('eating_out.takeaway');
    expect(categorise('UBER *TRIP HELP.UBER.COM').subcategory_id).toBe('transport.taxi');
  });

  it('lets a cash withdrawal or a foreign-use fee outrank the merchant it names', () => {
    expect(categorise('CASH WITHDRAWAL TESCO 12MAR').category_id).toBe('cash');
    expect(categorise('NON-STERLING TRANSACTION FEE AMAZON').category_id).toBe('fees');
  });

  it('falls to keyword rules for merchants the dictionary does not know (0.7)', () => {
    const r = categorise('CARD PAYMENT TO SPICE OF INDIA TANDOORI ON 01-02-2026');
    expect(r).toMatchObject({ subcategory_id: 'eating_out.restaurants', source: 'keyword' });
    expect(r.category_confidence).toBe(CATEGORY_CONFIDENCE.keyword);
    expect(categorise('DD LEEDS CITY COUNCIL 1234').subcategory_id).toBe('bills.council_tax');
  });

  it('reads a title or an initial and a surname as a person, but not two plain words', () => {
    expect(categorise('FASTER PAYMENT TO J SMITH REF BIRTHDAY').category_id).toBe('people');
    expect(categorise('MOBILE PAYMENT TO MRS A PATEL').category_id).toBe('people');
    expect(categorise('DEB BLUE DOOR NOTTINGHAM').category_id).toBeNull();
  });

  it('rent paid to a person by standing order is Housing, as it is paid to a letting agent', () => {
    // A private landlord is paid by name, the reference saying what for ('SO J SMITH RENT'): the same rent
    // as 'STO MRS A PATEL RENT OCT' or an agent's, never a gift to a person.
    for (const line of [
      'SO J SMITH RENT',
      'J SMITH RENT',
      'FPO J SMITH RENT 12 ACACIA',
      'FASTER PAYMENT TO J SMITH REF RENT',
      'SO MR J SMITH LANDLORD',
      'STO MRS A PATEL RENT OCT',
    ])
      expect(categorise(line), line).toMatchObject({ subcategory_id: 'housing.rent', source: 'keyword' });
    // a person's name alone, or with another reference, is still a payment to a person
    expect(categorise('SO MR J SMITH').category_id).toBe('people');
    expect(categorise('MR A LODGE').category_id).toBe('people');
  });

  it('leaves a line nothing fits uncategorised, keeping the merchant name', () => {
    expect(categorise('THE RED LION GLASGOW CD 1870')).toMatchObject({
      category_id: null,
      primary_category: null,
      category_confidence: null,
      merchant_name: 'The Red Lion',
      source: 'none',
    });
  });

  it("puts the family's learned rule for a merchant before everything else", () => {
    const rules: CategoryRule[] = [
      {
        merchant_key: merchantKey('Tesco'),
        category_id: 'shopping.home',
        confidence: 0.8,
        learned_from: 'single',
      },
      {
        merchant_key: merchantKey('The Red Lion'),
        category_id: 'eating_out.pubs',
        confidence: 0.9,
        learned_from: 'bulk',
      },
    ];
    const index = categoryRuleIndex(rules);
    expect(categorise('TESCO STORES 3217 LEEDS', index)).toMatchObject({
      subcategory_id: 'shopping.home',
      category_confidence: 0.8,
      source: 'learned',
    });
    expect(categorise('THE RED LION GLASGOW CD 1870', index)).toMatchObject({
      subcategory_id: 'eating_out.pubs',
      category_confidence: 0.9,
    });
    // another merchant is untouched
    expect(categorise('ASDA SUPERSTORE', index).category_id).toBe('groceries');
  });

  it('does not take a bank for the shop of the same brand', () => {
    expect(categorise('TESCO BANK CREDIT CARD').category_id).not.toBe('groceries');
  });
});
