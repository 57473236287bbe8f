/**
 * First-party landing analytics (spec 3 §9 Analytics tracking; spec 1 §3 local flags, §9 A/B tests): the
 * landing page's A/B tests and their variants, the scroll-depth marks, the engagement threshold, and the
 * report per test and variant — views, conversions (a call to action followed by a sign-in), the rate, and
 * whether a variant differs from control significantly.
 */
export const AB_TESTS = {
  headline: ['control', 'clarity', 'problem', 'benefit'],
  cta: ['control', 'direct', 'social', 'time'],
  valueProps: ['control', 'benefits', 'pain_points'],
} as const;
export type AbTest = keyof typeof AB_TESTS;
export type Variant<T extends AbTest> = (typeof AB_TESTS)[T][number];
export type Assignment = { [T in AbTest]: Variant<T> };
export const AB_TEST_NAMES = Object.keys(AB_TESTS) as AbTest[];

export function isVariant<T extends AbTest>(test: T, value: unknown): value is Variant<T> {
  return (AB_TESTS[test] as readonly unknown[]).includes(value);
}

/** A variant chosen at random, evenly (`random` in [0, 1)). */
export function pickVariant<T extends AbTest>(test: T, random: number): Variant<T> {
  const variants = AB_TESTS[test];
  const index = Math.min(variants.length - 1, Math.max(0, Math.floor(random * variants.length)));
  return variants[index] as Variant<T>;
}

/** Scroll depth marks reported on the landing page (25, 50, 75, 90, 100 %), at most one report a second. */
export const SCROLL_MARKS = [25, 50, 75, 90, 100] as const;
export const SCROLL_THROTTLE_MS = 1000;
/** A visit counts as engaged after 30 s on the page. */
export const ENGAGEMENT_SECONDS = 30;

/** How far down the page the bottom of the viewport is, in whole percent (a page that fits: 100). */
export function scrollPercent(scrollTop: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= viewportHeight) return 100;
  return Math.min(100, Math.max(0, Math.round(((scrollTop + viewportHeight) / pageHeight) * 100)));
}

/** The marks reached at `percent` that were not reported yet, in order. */
export function newScrollMarks(percent: number, reported: ReadonlySet<number>): number[] {
  return SCROLL_MARKS.filter((mark) => percent >= mark && !reported.has(mark));
}

export const EVENT_TYPES = [
  'page_view',
  'scroll',
  'time_on_page',
  'engaged',
  'ab_view',
  'cta_click',
  'sign_in',
] as const;
export type AnalyticsEventType = (typeof EVENT_TYPES)[number];

/** An event as the report reads it: the visitor is a random id, never a person's data. */
export interface ReportEvent {
  type: AnalyticsEventType;
  visitor_id: string;
  at: string;
  test?: string | null;
  variant?: string | null;
}

export interface VariantResult {
  variant: string;
  views: number;
  conversions: number;
  /** conversions / views, 0 without views. */
  rate: number;
  /** Against control: two-sided two-proportion z-test. Null for control itself or without data. */
  z: number | null;
  pValue: number | null;
  significant: boolean;
}
export interface TestReport {
  test: AbTest;
  variants: VariantResult[];
}

/** Significance level of the report (two-sided). */
export const SIGNIFICANCE_LEVEL = 0.05;

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Two-proportion z-test of b against a (pooled); null when either has no views or nothing varies. */
export function twoProportionTest(
  a: { views: number; conversions: number },
  b: { views: number; conversions: number },
): { z: number; pValue: number } | null {
  if (a.views === 0 || b.views === 0) return null;
  const pooled = (a.conversions + b.conversions) / (a.views + b.views);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.views + 1 / b.views));
  if (se === 0) return null;
  const z = (b.conversions / b.views - a.conversions / a.views) / se;
  return { z, pValue: 2 * (1 - normalCdf(Math.abs(z))) };
}

/**
 * The report per test and variant. A view is a visitor shown the variant (counted once); a conversion is
 * such a visitor who clicked a call to action and signed in after that click. Every variant of each test is
 * listed, with none seen as zero.
 */
export function abReport(events: readonly ReportEvent[]): TestReport[] {
  const firstClick = new Map<string, string>();
  const converted = new Set<string>();
  const sorted = [...events].sort((a, b) => a.at.localeCompare(b.at));
  for (const e of sorted) {
    if (e.type === 'cta_click' && !firstClick.has(e.visitor_id)) firstClick.set(e.visitor_id, e.at);
    if (e.type === 'sign_in') {
      const click = firstClick.get(e.visitor_id);
      if (click !== undefined && click <= e.at) converted.add(e.visitor_id);
    }
  }
  return AB_TEST_NAMES.map((test) => {
    const viewers = new Map<string, Set<string>>(AB_TESTS[test].map((v) => [v, new Set<string>()]));
    for (const e of events)
      if (e.type === 'ab_view' && e.test === test && e.variant) viewers.get(e.variant)?.add(e.visitor_id);
    const counts = [...viewers].map(([variant, visitors]) => {
      const views = visitors.size;
      const conversions = [...visitors].filter((v) => converted.has(v)).length;
      return { variant, views, conversions, rate: views ? conversions / views : 0 };
    });
    const control = counts[0] ?? { views: 0, conversions: 0 };
    return {
      test,
      variants: counts.map((c, i) => {
        const result = i === 0 ? null : twoProportionTest(control, c);
        return {
          ...c,
          z: result?.z ?? null,
          pValue: result?.pValue ?? null,
          significant: result ? result.pValue < SIGNIFICANCE_LEVEL : false,
        };
      }),
    };
  });
}
