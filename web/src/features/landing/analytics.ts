import type { AnalyticsEvent } from '../../../../functions/contracts/analytics';
import {
  ENGAGEMENT_SECONDS,
  newScrollMarks,
  SCROLL_THROTTLE_MS,
  scrollPercent,
} from '../../../../functions/domain/ab-testing';
import { apiUrl } from '../../api/client';

/**
 * First-party analytics (spec 3 §9), no third party: events go in small batches with navigator.sendBeacon to
 * POST /api/events. The visitor is a random id kept in localStorage; nothing else about the visitor is sent.
 * A conversion is a call to action followed by a sign-in: the click is remembered here and the app reports
 * the sign-in once (reportSignIn).
 */
export const VISITOR_KEY = 'ffVisitorId';
export const CTA_CLICKED_KEY = 'ffCtaClicked';
export const SIGN_IN_REPORTED_KEY = 'ffSignInReported';
const BATCH = 20;
const FLUSH_AFTER_MS = 2000;

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function visitorId(): string {
  const s = store();
  const kept = s?.getItem(VISITOR_KEY);
  if (kept && /^[A-Za-z0-9-]{8,64}$/.test(kept)) return kept;
  const id = randomId();
  try {
    s?.setItem(VISITOR_KEY, id);
  } catch {
    // no storage: a new id per page load
  }
  return id;
}

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Send what is queued now (also on leaving the page). sendBeacon survives the page closing. */
export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const id = visitorId();
  while (queue.length) {
    const events = queue.slice(0, BATCH);
    queue = queue.slice(BATCH);
    const body = JSON.stringify({ visitor_id: id, events });
    const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
    const sent = typeof navigator !== 'undefined' && navigator.sendBeacon?.(apiUrl('/events'), blob);
    if (!sent)
      void fetch(apiUrl('/events'), { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

export function track(event: AnalyticsEvent): void {
  queue.push(event);
  if (queue.length >= BATCH) flush();
  else if (!timer) timer = setTimeout(flush, FLUSH_AFTER_MS);
}

/** A click on a call to action: reported, and remembered so the sign-in that follows counts as a conversion. */
export function trackCta(cta: string): void {
  track({ type: 'cta_click', cta });
  try {
    store()?.setItem(CTA_CLICKED_KEY, new Date().toISOString());
  } catch {
    // no storage: the conversion cannot be joined up
  }
  flush();
}

/** Called once the app has a signed-in user: a sign-in after a landing call to action, reported once. */
export function reportSignIn(): void {
  const s = store();
  if (!s?.getItem(CTA_CLICKED_KEY) || s.getItem(SIGN_IN_REPORTED_KEY)) return;
  s.setItem(SIGN_IN_REPORTED_KEY, new Date().toISOString());
  track({ type: 'sign_in' });
  flush();
}

/**
 * The landing page's own measures: the page view, scroll depth marks (throttled to one check a second),
 * engagement after 30 s and time on page when the visitor leaves. Returns the clean-up.
 */
export function trackLandingPage(path: string): () => void {
  track({ type: 'page_view', path });
  const started = Date.now();
  const reported = new Set<number>();
  let lastCheck = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    lastCheck = Date.now();
    pending = undefined;
    const doc = document.documentElement;
    const percent = scrollPercent(window.scrollY, window.innerHeight, doc.scrollHeight);
    for (const depth of newScrollMarks(percent, reported)) {
      reported.add(depth);
      track({ type: 'scroll', depth });
    }
  };
  const onScroll = () => {
    if (pending) return;
    const wait = Math.max(0, SCROLL_THROTTLE_MS - (Date.now() - lastCheck));
    pending = setTimeout(check, wait);
  };
  const engaged = setTimeout(
    () => track({ type: 'engaged', seconds: ENGAGEMENT_SECONDS }),
    ENGAGEMENT_SECONDS * 1000,
  );
  let left = false;
  const onLeave = () => {
    if (left) return;
    left = true;
    track({ type: 'time_on_page', seconds: Math.min(86_400, Math.round((Date.now() - started) / 1000)) });
    flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pagehide', onLeave);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('pagehide', onLeave);
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(engaged);
    clearTimeout(pending);
    onLeave();
  };
}
