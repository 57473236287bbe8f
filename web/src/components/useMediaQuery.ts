import { useCallback, useSyncExternalStore } from 'react';

/** The kit's phone width: below it tables become lists of rows (kit.css uses the same query). */
export const PHONE_QUERY = '(max-width: 40rem)';

/** Whether a CSS media query matches now, following it as the window changes (false where there is no layout). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
