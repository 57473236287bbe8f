import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AB_TESTS } from '../../functions/domain/ab-testing';
import { assignVariants } from '../../web/src/features/landing/ab';
import { flush, reportSignIn } from '../../web/src/features/landing/analytics';
import { CTAS, HEADLINES, VALUE_PROPS } from '../../web/src/features/landing/copy';
import { Landing } from '../../web/src/features/landing/Landing';

/**
 * The landing page (spec 1 §1-2, §9; spec 3 §9): every section, the calls to action to /login, the A/B
 * variants kept per browser, the FAQ as a disclosure list, and the first-party events it sends with
 * sendBeacon (captured here as the server would receive them).
 */
let beacons: Array<{ url: string; body: { visitor_id: string; events: Array<Record<string, unknown>> } }>;

beforeEach(async () => {
  localStorage.clear();
  beacons = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, data: Blob) => {
      void data.text().then((text) => beacons.push({ url, body: JSON.parse(text) }));
      return true;
    },
  });
});
afterEach(() => {
  cleanup(); // leaving the page reports its time: while the stubs are still in place
  flush();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  // A beacon the browser refuses falls back to fetch: never a real request from a test.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});

function renderLanding() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="/login" element={<p>The login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
const sentEvents = async () => {
  act(() => flush());
  await new Promise((r) => setTimeout(r, 10));
  return beacons.flatMap((b) => b.body.events);
};

describe('landing page', () => {
  it('has every section, with the spec’s claims, and a footer with privacy, terms and contact', () => {
    renderLanding();
    for (const name of [
      'Why family finances never add up',
      'One honest picture, in three steps',
      'Your data, kept safe',
      'Simple pricing',
      'Frequently asked questions',
      "See your family's money from all angles",
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    for (const problem of ['Double-counted transfers', 'Lost family context', 'Category confusion'])
      expect(screen.getByRole('heading', { level: 3, name: problem })).toBeTruthy();
    expect(screen.getByText('Family Financial Intelligence')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '256-bit encryption' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'SOC 2' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'GDPR' })).toBeTruthy();
    expect(screen.getByText('Free forever, no card needed.')).toBeTruthy();
    const pricing = screen.getByRole('region', { name: 'Simple pricing' });
    expect(within(pricing).getByText('£9.99')).toBeTruthy();
    expect(screen.getAllByText(/14-day free trial/).length).toBeGreaterThan(0);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(within(footer).getByRole('link', { name: 'Contact' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByRole('button', { name: /Feedback/ })).toBeTruthy();
  });

  it('sends every call to action to /login', async () => {
    localStorage.setItem('abTest_cta', 'social');
    renderLanding();
    const ctas = screen.getAllByRole('link', { name: 'Join 1000+ UK Families' });
    expect(ctas).toHaveLength(3);
    for (const link of ctas) expect(link.getAttribute('href')).toBe('/login');
    await userEvent.setup().click(ctas[0]!);
    expect(screen.getByText('The login page')).toBeTruthy();
  });

  it.each(Object.keys(HEADLINES) as Array<keyof typeof HEADLINES>)(
    'shows the %s headline when it is the kept variant',
    (variant) => {
      localStorage.setItem('abTest_headline', variant);
      renderLanding();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HEADLINES[variant].title);
    },
  );

  it('shows each value-proposition variant and each call-to-action variant', () => {
    for (const variant of Object.keys(VALUE_PROPS) as Array<keyof typeof VALUE_PROPS>) {
      localStorage.setItem('abTest_valueProps', variant);
      const { unmount } = renderLanding();
      for (const item of VALUE_PROPS[variant].items)
        expect(screen.getByText(item, { exact: false })).toBeTruthy();
      unmount();
    }
    for (const variant of Object.keys(CTAS) as Array<keyof typeof CTAS>) {
      localStorage.setItem('abTest_cta', variant);
      const { unmount } = renderLanding();
      expect(screen.getAllByRole('link', { name: CTAS[variant] })).toHaveLength(3);
      unmount();
    }
  });

  it('chooses each test’s variant at random once and keeps it in localStorage', () => {
    const first = assignVariants(() => 0.99);
    expect(first).toEqual({ headline: 'benefit', cta: 'time', valueProps: 'pain_points' });
    expect(assignVariants(() => 0)).toEqual(first);
    expect(localStorage.getItem('abTest_headline')).toBe('benefit');
    localStorage.setItem('abTest_cta', 'not-a-variant');
    expect(assignVariants(() => 0).cta).toBe('control');
    for (const test of Object.keys(AB_TESTS) as Array<keyof typeof AB_TESTS>) {
      localStorage.clear();
      const seen = new Set(
        Array.from({ length: 40 }, (_, i) => {
          localStorage.clear();
          return assignVariants(() => i / 40)[test];
        }),
      );
      expect([...seen].sort()).toEqual([...AB_TESTS[test]].sort());
      localStorage.clear();
    }
  });

  it('the FAQ is a disclosure list: each question a button telling whether its answer is shown', async () => {
    const user = userEvent.setup();
    renderLanding();
    const question = screen.getByRole('button', { name: /Do I need to give you my online banking login/ });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answer?.hidden).toBe(true);
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answer?.hidden).toBe(false);
    question.focus();
    await user.keyboard('{Enter}');
    expect(question.getAttribute('aria-expanded')).toBe('false');
  });

  it('reports the page view and each A/B view with sendBeacon, with a random visitor id and nothing else', async () => {
    localStorage.setItem('abTest_headline', 'problem');
    localStorage.setItem('abTest_cta', 'direct');
    localStorage.setItem('abTest_valueProps', 'benefits');
    renderLanding();
    const events = await sentEvents();
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'page_view', path: '/' },
        { type: 'ab_view', test: 'headline', variant: 'problem' },
        { type: 'ab_view', test: 'cta', variant: 'direct' },
        { type: 'ab_view', test: 'valueProps', variant: 'benefits' },
      ]),
    );
    expect(beacons[0]?.url).toBe('/api/events');
    expect(beacons[0]?.body.visitor_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(beacons[0]?.body.visitor_id).toBe(localStorage.getItem('ffVisitorId'));
  });

  it('a call to action followed by a sign-in is a conversion, reported once', async () => {
    renderLanding();
    await userEvent.setup().click(screen.getAllByRole('link', { name: CTAS[assignVariants().cta] })[0]!);
    reportSignIn();
    reportSignIn();
    const events = await sentEvents();
    expect(events.filter((e) => e.type === 'cta_click')).toEqual([{ type: 'cta_click', cta: 'hero' }]);
    expect(events.filter((e) => e.type === 'sign_in')).toHaveLength(1);
    // Leaving the page (here: going to /login) reports the time spent on it.
    expect(events.some((e) => e.type === 'time_on_page')).toBe(true);
  });

  it('a sign-in without a call to action first is not reported', async () => {
    reportSignIn();
    expect((await sentEvents()).filter((e) => e.type === 'sign_in')).toEqual([]);
  });
});
