import { preloadable } from './preloadable';

/** The Family Overview's code (/app): its own chunk, which a page load at /app starts loading at once. */
export const overviewPage = preloadable(() =>
  import('../features/overview/FamilyOverview').then((m) => m.FamilyOverview),
);
