/**
 * The local browser flags of spec 1 §3 by name (the onboarding draft, onboardingComplete, currentFamilyId,
 * forceOnboardingTest), apart from the draft's schema (storage.ts): the landing page's code reads and clears
 * these without loading the schema library.
 */
export const STORAGE_KEYS = {
  progress: 'onboardingProgress',
  complete: 'onboardingComplete',
  familyId: 'currentFamilyId',
  forceTest: 'forceOnboardingTest',
} as const;

export const ONBOARDING_COMPLETE_EVENT = 'onboardingComplete';
