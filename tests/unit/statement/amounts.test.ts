import { describe, expect, it } from 'vitest';
import {
  fromPence,
  isAmountAffix,
  parseAmount,
  toPenceExact,
} from '../../../functions/domain/statement/amounts';

describe('spec 2 §3 statement amounts: UK money formats and markers', () => {
  it.each([
    ['1,234.56', 123456, null, false],
    ['£1,234.56', 123456, null, false],
    ['0.99', 99, null, false],
    // Pence under a pound without the leading zero (Halifax / MBNA card statements print a fee '.45').
    ['.45', 45, null, false],
    ['.45 CR', 45, 'CR', false],
    ['12345.67', 1234567, null, false],
    ['(12.00)', 1200, '()', true],
    ['£(12.00)', 1200, '()', true],
    ['12.00-', 1200, '-', true],
    ['-12.00', 1200, '-', true],
    ['-£12.00', 1200, '-', true],
    ['£-12.00', 1200, '-', true],
    ['−12.00', 1200, '-', true],
    ['+1,500.00', 150000, '+', false],
    ['12.00 DR', 1200, 'DR', true],
    ['12.00DR', 1200, 'DR', true],
    ['12.00CR', 1200, 'CR', false],
    ['12.00 cr', 1200, 'CR', false],
    ['1,234.56 OD', 123456, 'OD', true],
    ['56.78D', 5678, 'D', true],
    ['£ 1,234.56', 123456, null, false],
    ['$1458.09', 145809, null, false],
  ] as const)('%s → %s pence, marker %s', (text, pence, marker, negative) => {
    expect(parseAmount(text)).toEqual({ pence, amount: pence / 100, marker, negative });
  });

  it.each([
    '',
    'OD',
    '12.5',
    '1,23.45',
    '2025',
    'TESCO',
    '12.00 XX',
    '(12.00',
    '12.00)',
    '-12.00-',
    '(12.00) CR',
    '-12.00 DR',
    '01/01/2025',
  ])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('reads whole pounds only when asked (statements that print no pence)', () => {
    expect(parseAmount('1,000')).toBeNull();
    expect(parseAmount('1,000', { allowInteger: true })).toMatchObject({ pence: 100000 });
    expect(parseAmount('40', { allowInteger: true })).toMatchObject({ pence: 4000 });
    expect(parseAmount('1,234.56', { allowInteger: true })).toMatchObject({ pence: 123456 });
  });

  it('converts pence and pounds without float noise or -0', () => {
    expect(fromPence(123456)).toBe(1234.56);
    expect(Object.is(fromPence(0), 0)).toBe(true);
    expect(fromPence(-5)).toBe(-0.05);
    expect(toPenceExact(0.1 + 0.2)).toBe(30);
    expect(toPenceExact(-1234.56)).toBe(-123456);
  });

  it.each([
    ['£', 'before'],
    // A currency code stands before the figure or after it ('USD 65.32', '£865.60 GBP').
    ['GBP', 'either'],
    ['EUR', 'either'],
    ['(', 'before'],
    ['+', 'before'],
    ['CR', 'after'],
    ['dr', 'after'],
    ['OD', 'after'],
    ['D', 'after'],
    [')', 'after'],
    ['-', 'either'],
    ['TESCO', null],
  ] as const)('isAmountAffix(%s) = %s', (word, kind) => {
    expect(isAmountAffix(word)).toBe(kind);
  });
});
