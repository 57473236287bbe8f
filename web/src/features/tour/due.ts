/**
 * Whether the welcome tour is due, and its end recorded: read from localStorage alone, so the app shell asks
 * it without loading the tour's code (WelcomeTourWhenDue loads that only when the tour is due).
 */
export const TOUR_COMPLETED_KEY = 'welcomeTourCompleted';
export const ONBOARDING_COMPLETE_KEY = 'onboardingComplete';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Shown only when onboarding is complete and the tour has not been finished, skipped or closed. */
export function shouldShowTour(): boolean {
  const s = store();
  return s?.getItem(ONBOARDING_COMPLETE_KEY) === 'true' && !s.getItem(TOUR_COMPLETED_KEY);
}

export function markTourCompleted(): void {
  try {
    store()?.setItem(TOUR_COMPLETED_KEY, 'true');
  } catch {
    // storage disabled: the tour may show again next time
  }
}
