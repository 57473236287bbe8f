/**
 * Money helpers. Amounts are numbers in pounds with 2 decimal places; comparisons work in whole pence so
 * binary floating point never decides a threshold.
 */

/** The tolerance the spec uses for "the same amount" (spec 2 §5 Match detection and Similarity). */
export const MONEY_TOLERANCE = 0.01;

/** Whole pence of an amount in pounds (rounded half away from zero). */
export function toPence(pounds: number): number {
  // the epsilon makes binary halves like 1.005 (stored as 1.00499...) round up, as written
  return Math.sign(pounds) * Math.round(Math.abs(pounds) * 100 + 1e-6);
}

/** Round to 2 decimal places (pence). */
export function roundMoney(pounds: number): number {
  const pence = toPence(pounds);
  return pence === 0 ? 0 : pence / 100;
}

/** "Within 0.01": equal to the penny, i.e. the difference is under 0.01 (spec 2 §5). */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(toPence(a) - toPence(b)) < 1;
}

/** |a - b| <= limit, decided in pence. */
export function amountsWithin(a: number, b: number, limit: number): boolean {
  return Math.abs(toPence(a) - toPence(b)) <= toPence(limit);
}
