import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * True once the frame that showed `when` has been painted and the browser is idle: stays true. A frame's
 * animation callback runs before that frame is painted, and on a slow phone the paint reaches the screen a
 * frame or more later, so the deferred work (the charts' and tables' code, Recent Activity's rows) waits for
 * the next frame's callback, then for the browser's first idle moment (at most half a second; a browser
 * without idle callbacks: the next task). Work started sooner competes with the figures' own paint on a slow
 * connection.
 */
export function useAfterPaint(when: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!when || painted) return;
    let frame = 0;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(done, { timeout: 500 });
        else timer = setTimeout(done, 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [when, painted]);
  return painted;
}

/**
 * Whether the page's first content has been painted (on the Family Overview: its figures, or what stands in
 * for them when they failed), once for the page's lifetime. What the shell shows beside every page but no
 * first paint needs (the family switcher's list, the phone's account menu code) waits for it, so that on a
 * slow phone none of it competes with the figures.
 */
let firstContentPainted = false;
const listeners = new Set<() => void>();

export function markFirstContentPainted(): void {
  if (firstContentPainted) return;
  firstContentPainted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFirstContentPainted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => firstContentPainted,
    () => firstContentPainted,
  );
}

/** Back to a page load's start (tests). */
export function resetFirstContentPainted(): void {
  firstContentPainted = false;
}
