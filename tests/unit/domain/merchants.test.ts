import { describe, expect, it } from 'vitest';
import {
  descriptionTokens,
  findMerchant,
  looksLikeMerchant,
  normaliseDescription,
  UK_MERCHANTS,
} from '../../../functions/domain/merchants';

describe('spec 2 §5 UK merchant list: supermarkets, food, utilities, telecoms, streaming, fuel, transport, online retail', () => {
  it.each([
    ['CARD PAYMENT TO TESCO STORES 3012', 'Tesco', 'supermarket'],
    ["Sainsbury's S/Mkts", "Sainsbury's", 'supermarket'],
    ['M&S SIMPLY FOOD', 'Marks & Spencer', 'supermarket'],
    ['WM MORRISON STORE', 'Morrisons', 'supermarket'],
    ['MCDONALDS 1234', "McDonald's", 'food'],
    ['COSTA COFFEE 43012', 'Costa Coffee', 'food'],
    ['DD BRITISH GAS', 'British Gas', 'utilities'],
    ['E.ON NEXT', 'E.ON', 'utilities'],
    ['THAMES WATER', 'Thames Water', 'utilities'],
    ['VODAFONE LTD', 'Vodafone', 'telecoms'],
    ['BT GROUP PLC', 'BT', 'telecoms'],
    ['NETFLIX.COM', 'Netflix', 'streaming'],
    ['Spotify P1234', 'Spotify', 'streaming'],
    ['SHELL 2231 LEEDS', 'Shell', 'fuel'],
    ['BP CONNECT', 'BP', 'fuel'],
    ['TFL TRAVEL CH', 'Transport for London', 'transport'],
    ['TRAINLINE.COM', 'Trainline', 'transport'],
    ['AMZNMKTPLACE AMAZON.CO.UK', 'Amazon', 'online_retail'],
    ['EBAY O*12-3456', 'eBay', 'online_retail'],
    ['B&Q 1234', 'B&Q', 'retail'],
  ])('%s → %s (%s)', (description, name, category) => {
    const m = findMerchant(description);
    expect(m?.name).toBe(name);
    expect(m?.category).toBe(category);
  });

  it.each([
    'TRANSFER TO TESCO BANK SAVER',
    "SAINSBURY'S BANK CREDIT CARD",
    'Transfer to Maria Costa',
    'PAYMENT FROM ZARA SMITH',
    'FASTER PAYMENT FROM J BOLT',
    'BPAY REF 99',
    'TFR 12345678',
    '',
  ])('%s is not a merchant', (description) => {
    expect(looksLikeMerchant(description)).toBe(false);
  });

  it('a banking word after one brand does not hide a later merchant', () => {
    expect(findMerchant('TESCO BANK PAYMENT AT ASDA')?.name).toBe('Asda');
  });

  it('normalises descriptions into tokens', () => {
    expect(descriptionTokens("Sainsbury's S/Mkts & co")).toEqual(['SAINSBURYS', 'S', 'MKTS', '&', 'CO']);
    expect(normaliseDescription('  e.on   next ')).toBe('E ON NEXT');
    expect(descriptionTokens('---')).toEqual([]);
  });

  it('is a real list', () => {
    expect(UK_MERCHANTS.length).toBeGreaterThan(200);
    const categories = new Set(UK_MERCHANTS.map((m) => m.category));
    for (const c of [
      'supermarket',
      'food',
      'utilities',
      'telecoms',
      'streaming',
      'fuel',
      'transport',
      'online_retail',
    ]) {
      expect(categories.has(c as never)).toBe(true);
    }
  });
});
