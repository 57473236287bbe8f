import { describe, expect, it } from 'vitest';
import {
  AB_TESTS,
  abReport,
  newScrollMarks,
  pickVariant,
  type ReportEvent,
  scrollPercent,
  twoProportionTest,
} from '../../functions/domain/ab-testing';
import { formatAnalyticsReport } from '../../functions/domain/analytics-report';

/** The landing page's A/B rules and report (spec 1 §9, spec 3 §9). */
describe('A/B tests', () => {
  it('has the spec’s tests and variants, control first', () => {
    expect(AB_TESTS).toEqual({
      headline: ['control', 'clarity', 'problem', 'benefit'],
      cta: ['control', 'direct', 'social', 'time'],
      valueProps: ['control', 'benefits', 'pain_points'],
    });
  });

  it('picks every variant evenly from a random number in [0, 1)', () => {
    expect([0, 0.25, 0.5, 0.75, 0.999].map((r) => pickVariant('cta', r))).toEqual([
      'control',
      'direct',
      'social',
      'time',
      'time',
    ]);
    expect(pickVariant('valueProps', 0.34)).toBe('benefits');
  });
});

describe('scroll depth', () => {
  it('reports each of 25, 50, 75, 90 and 100 % once, in order', () => {
    expect(scrollPercent(0, 800, 4000)).toBe(20);
    expect(scrollPercent(3200, 800, 4000)).toBe(100);
    expect(scrollPercent(0, 800, 600)).toBe(100);
    expect(newScrollMarks(80, new Set([25]))).toEqual([50, 75]);
    expect(newScrollMarks(100, new Set([25, 50, 75]))).toEqual([90, 100]);
  });
});

describe('two-proportion z-test', () => {
  it('finds 13% against 10% on 1000 views each significant, 11% against 10% not', () => {
    const a = { views: 1000, conversions: 100 };
    const strong = twoProportionTest(a, { views: 1000, conversions: 130 });
    expect(strong?.z).toBeCloseTo(2.103, 2);
    expect(strong?.pValue).toBeCloseTo(0.0355, 3);
    const weak = twoProportionTest(a, { views: 1000, conversions: 110 });
    expect(weak?.pValue).toBeCloseTo(0.468, 2);
    expect(twoProportionTest(a, { views: 0, conversions: 0 })).toBeNull();
    expect(twoProportionTest({ views: 5, conversions: 0 }, { views: 5, conversions: 0 })).toBeNull();
  });
});

describe('the report', () => {
  const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const view = (visitor: string, variant: string, minute = 0): ReportEvent => ({
    type: 'ab_view',
    visitor_id: visitor,
    at: at(minute),
    test: 'cta',
    variant,
  });

  it('counts a visitor once per variant; a conversion is a call to action then a sign-in', () => {
    const events: ReportEvent[] = [
      view('v1', 'control'),
      view('v1', 'control', 5), // a second visit: still one view
      { type: 'cta_click', visitor_id: 'v1', at: at(6) },
      { type: 'sign_in', visitor_id: 'v1', at: at(8) },
      view('v2', 'control'),
      { type: 'sign_in', visitor_id: 'v2', at: at(1) }, // signed in with no call to action: not a conversion
      view('v3', 'social'),
      { type: 'sign_in', visitor_id: 'v3', at: at(1) },
      { type: 'cta_click', visitor_id: 'v3', at: at(2) }, // the click came after the sign-in: not one either
    ];
    const cta = abReport(events).find((r) => r.test === 'cta');
    expect(cta?.variants.map((v) => [v.variant, v.views, v.conversions, v.rate])).toEqual([
      ['control', 2, 1, 0.5],
      ['direct', 0, 0, 0],
      ['social', 1, 0, 0],
      ['time', 0, 0, 0],
    ]);
    expect(cta?.variants[0]?.pValue).toBeNull();
  });

  it('prints every test and variant, and the landing measures', () => {
    const text = formatAnalyticsReport(
      [
        { type: 'page_view', visitor_id: 'v1', at: at(0) },
        { type: 'scroll', visitor_id: 'v1', at: at(0), depth: 50 },
        { type: 'time_on_page', visitor_id: 'v1', at: at(1), seconds: 42 },
        view('v1', 'social'),
      ],
      { from: '2026-11-24', to: '2026-11-24' },
    );
    expect(text).toContain('page views 1 · visitors 1');
    expect(text).toContain('median time on page 42 s');
    expect(text).toContain('25% 1 · 50% 1 · 75% 0');
    for (const test of ['headline', 'cta', 'valueProps']) expect(text).toContain(`A/B test: ${test}`);
    expect(text).toMatch(/social\s+1\s+0\s+0\.0%/);
  });
});
