import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, trackLandingPage } from '../../web/src/features/landing/analytics';

/**
 * The landing page's own measures (spec 3 §9): scroll-depth marks 25/50/75/90/100 reported once each with the
 * page's height checked at most once a second, engagement after 30 s, time on page when the visitor leaves.
 */
let sent: Array<Record<string, unknown>>;
let scrollY = 0;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  localStorage.clear();
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (_url: string, data: Blob) => {
      // Blob.text() is async; the batches are read synchronously from the string the Blob was made of.
      const text = (data as Blob & { __text?: string }).__text;
      if (text) sent.push(...(JSON.parse(text) as { events: Array<Record<string, unknown>> }).events);
      return true;
    },
  });
  const RealBlob = Blob;
  vi.stubGlobal(
    'Blob',
    class extends RealBlob {
      __text: string;
      constructor(parts: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        this.__text = parts.map(String).join('');
      }
    },
  );
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  scrollY = 0;
});

const scrollTo = (y: number) => {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
};
const types = (type: string) => sent.filter((e) => e.type === type);

describe('landing measures', () => {
  it('reports the page view, then each scroll mark once, checking at most once a second', () => {
    const stop = trackLandingPage('/');
    flush();
    expect(sent).toEqual([{ type: 'page_view', path: '/' }]);
    scrollTo(400); // bottom of the viewport at 30 %
    vi.advanceTimersByTime(0);
    flush();
    expect(types('scroll')).toEqual([{ type: 'scroll', depth: 25 }]);
    scrollTo(1300); // 52 %: within the second, so checked only when it has passed
    scrollTo(2000); // 70 %
    vi.advanceTimersByTime(500);
    flush();
    expect(types('scroll')).toHaveLength(1);
    vi.advanceTimersByTime(500);
    flush();
    expect(types('scroll').map((e) => e.depth)).toEqual([25, 50]);
    scrollTo(3200); // the bottom: 75, 90 and 100 at once
    vi.advanceTimersByTime(1000);
    scrollTo(0);
    vi.advanceTimersByTime(1000);
    scrollTo(3200);
    vi.advanceTimersByTime(1000);
    flush();
    expect(types('scroll').map((e) => e.depth)).toEqual([25, 50, 75, 90, 100]);
    stop();
  });

  it('reports engagement after 30 s and the time on the page when the visitor leaves', () => {
    const stop = trackLandingPage('/');
    vi.advanceTimersByTime(29_000);
    flush();
    expect(types('engaged')).toEqual([]);
    vi.advanceTimersByTime(1_000);
    flush();
    expect(types('engaged')).toEqual([{ type: 'engaged', seconds: 30 }]);
    vi.advanceTimersByTime(12_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(types('time_on_page')).toEqual([{ type: 'time_on_page', seconds: 42 }]);
    stop(); // leaving twice reports once
    expect(types('time_on_page')).toHaveLength(1);
  });

  it('a short visit is not engaged', () => {
    const stop = trackLandingPage('/');
    vi.advanceTimersByTime(10_000);
    stop();
    vi.advanceTimersByTime(60_000);
    flush();
    expect(types('engaged')).toEqual([]);
    expect(types('time_on_page')).toEqual([{ type: 'time_on_page', seconds: 10 }]);
  });
});
