import * as z from 'zod/mini';
import { selectableAccountTypes } from '../../../../functions/contracts/accounts';
import { ONBOARDING_COMPLETE_EVENT, STORAGE_KEYS } from './keys';

/**
 * The onboarding draft and the local browser flags of spec 1 §3: the draft (currentStep, profileData,
 * accounts) is kept in localStorage under onboardingProgress and restored on reload; onboardingComplete,
 * currentFamilyId and forceOnboardingTest are plain flags.
 */
export { ONBOARDING_COMPLETE_EVENT, STORAGE_KEYS } from './keys';

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD', 'CAD'] as const;
export const COUNTRIES = [
  { code: 'UK', label: 'United Kingdom' },
  { code: 'US', label: 'United States' },
  { code: 'IE', label: 'Ireland' },
  { code: 'AU', label: 'Australia' },
  { code: 'CA', label: 'Canada' },
] as const;
export const TIMEZONES = [
  { code: 'Europe/London', label: 'London (GMT/BST)' },
  { code: 'America/New_York', label: 'New York (Eastern)' },
  { code: 'America/Los_Angeles', label: 'Los Angeles (Pacific)' },
  { code: 'Australia/Sydney', label: 'Sydney (AEST)' },
] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof selectableAccountTypes)[number], string> = {
  current: 'Current account',
  savings: 'Savings account',
  credit: 'Credit card',
  isa: 'ISA',
  investment: 'Investment',
};

const profileDataSchema = z.object({
  currency: z.catch(z.enum(CURRENCIES), 'GBP'),
  country: z.catch(z.enum(COUNTRIES.map((c) => c.code) as ['UK', 'US', 'IE', 'AU', 'CA']), 'UK'),
  timezone: z.catch(z.string(), 'Europe/London'),
  familyName: z.catch(z.string(), ''),
  firstName: z.catch(z.string(), ''),
  lastName: z.catch(z.string(), ''),
  phone: z.catch(z.string(), ''),
});
export type ProfileData = z.infer<typeof profileDataSchema>;

const accountDraftSchema = z.object({
  /** One request id per card: re-sending the card after an error never creates its accounts twice. */
  clientId: z.string(),
  name: z.catch(z.string(), ''),
  bankName: z.catch(z.string(), ''),
  accountType: z.catch(z.enum(selectableAccountTypes), 'current'),
  services: z.catch(z.array(z.string()), []),
  availableServices: z.catch(z.array(z.string()), []),
  institutionId: z.catch(z.nullable(z.string()), null),
  /** The chosen institution's display name, so a restored card shows it before the catalogue loads. */
  institutionName: z.catch(z.nullable(z.string()), null),
});
export type AccountDraft = z.infer<typeof accountDraftSchema>;

export const DEFAULT_PROFILE: ProfileData = {
  currency: 'GBP',
  country: 'UK',
  timezone: 'Europe/London',
  familyName: '',
  firstName: '',
  lastName: '',
  phone: '',
};

const draftSchema = z.object({
  currentStep: z.catch(z.union([z.literal(1), z.literal(2), z.literal(3)]), 1),
  profileData: z.catch(profileDataSchema, DEFAULT_PROFILE),
  accounts: z.catch(z.array(accountDraftSchema), []),
});
export type OnboardingDraft = z.infer<typeof draftSchema>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadDraft(): OnboardingDraft | null {
  const raw = storage()?.getItem(STORAGE_KEYS.progress);
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: OnboardingDraft): void {
  try {
    storage()?.setItem(STORAGE_KEYS.progress, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the wizard still works, it just will not survive a reload
  }
}

export function setFamilyId(familyId: string): void {
  storage()?.setItem(STORAGE_KEYS.familyId, familyId);
}

export function isMarkedComplete(): boolean {
  const s = storage();
  return s?.getItem(STORAGE_KEYS.complete) === 'true' && s.getItem(STORAGE_KEYS.forceTest) !== 'true';
}

/**
 * A draft left at step 3 (a reload on 'You're all set!': the family and its accounts exist) completes
 * onboarding as Go to Dashboard would, without the event: no half state with the draft kept and the flag unset.
 * True when it did.
 */
export function settleFinishedDraft(): boolean {
  if (loadDraft()?.currentStep !== 3) return false;
  const s = storage();
  s?.removeItem(STORAGE_KEYS.progress);
  s?.setItem(STORAGE_KEYS.complete, 'true');
  s?.removeItem(STORAGE_KEYS.forceTest);
  return true;
}

/** Completion (spec 1 §4): clear the draft, set onboardingComplete, clear the test flag, tell the app. */
export function markOnboardingComplete(): void {
  const s = storage();
  s?.removeItem(STORAGE_KEYS.progress);
  s?.setItem(STORAGE_KEYS.complete, 'true');
  s?.removeItem(STORAGE_KEYS.forceTest);
  window.dispatchEvent(new Event(ONBOARDING_COMPLETE_EVENT));
}
