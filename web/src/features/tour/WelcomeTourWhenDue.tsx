import { lazy, Suspense, useState } from 'react';
import { shouldShowTour } from './due';

const WelcomeTour = lazy(() => import('./WelcomeTour').then((m) => ({ default: m.WelcomeTour })));

/**
 * The welcome tour in the app shell: its code (the tour and its Radix dialog) loads only when the tour is due
 * as the shell opens (onboarding complete, the tour not yet finished, skipped or closed); a family that has
 * done it never loads it. The tour then waits its own start delay, as it always has.
 */
export function WelcomeTourWhenDue() {
  const [due] = useState(shouldShowTour);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeTour />
    </Suspense>
  );
}
