import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeTransfer, TRANSFER_TRIGGER_TERMS } from '../../../functions/domain/matching';

/**
 * The words a store's "contains" filter narrows by before matching: every description the trigger words
 * accept contains one of them, however the statement cases it (upper, lower, title, first letter).
 */
const PRINTED = [
  'TFR 87654321 SAVINGS',
  'Transfer to Easy Saver',
  'transfer from joint',
  'TRF FROM J SMITH',
  'Faster Payment to 12345678',
  'PAYMENT FROM CURRENT',
  'Standing Order to ISA',
  'STANDING ORDER RENT',
  'Direct Credit HMRC',
  'BACS CREDIT ACME',
  'Bacs credit ACME',
  'Tfr 123123 11111111',
];
const cased = (s: string, style: number) =>
  style === 0
    ? s.toUpperCase()
    : style === 1
      ? s.toLowerCase()
      : style === 2
        ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase()
        : s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

describe('transfer trigger terms', () => {
  it.each(PRINTED)('%s contains a term', (description) => {
    expect(looksLikeTransfer(description)).toBe(true);
    expect(TRANSFER_TRIGGER_TERMS.some((t) => description.includes(t))).toBe(true);
  });

  it('every casing of a transfer-like description contains a term', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRINTED), fc.integer({ min: 0, max: 3 }), (d, style) => {
        const text = cased(d, style);
        return !looksLikeTransfer(text) || TRANSFER_TRIGGER_TERMS.some((t) => text.includes(t));
      }),
    );
  });
});
