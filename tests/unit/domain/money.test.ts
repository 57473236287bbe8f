import { describe, expect, it } from 'vitest';
import {
  amountsWithin,
  MONEY_TOLERANCE,
  roundMoney,
  sameAmount,
  toPence,
} from '../../../functions/domain/money';

describe('spec 2 §5 money: pence and the 0.01 tolerance', () => {
  it.each([
    [0.1 + 0.2, 30],
    [-12.345, -1235],
    [1.005, 101],
    [0, 0],
  ])('toPence(%s) = %s', (pounds, pence) => {
    expect(toPence(pounds)).toBe(pence);
  });

  it.each([
    [100, 100, true],
    [100, 100.004, true],
    [100, 100.01, false],
    [0.1 + 0.2, 0.3, true],
  ])('sameAmount(%s, %s) = %s', (a, b, same) => {
    expect(sameAmount(a, b)).toBe(same);
  });

  it.each([
    [100, 101, 1, true],
    [100, 101.01, 1, false],
    [100, 99, 1, true],
  ])('amountsWithin(%s, %s, %s) = %s', (a, b, limit, within) => {
    expect(amountsWithin(a, b, limit)).toBe(within);
  });

  it('rounds to pence without -0', () => {
    expect(roundMoney(1.234)).toBe(1.23);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(MONEY_TOLERANCE).toBe(0.01);
  });
});
