/**
 * Form validation (spec 1 §5): e-mail, phone, UK postcode, profile, onboarding steps, feedback and add member.
 * Validators return the spec's message, or null when the value is acceptable.
 */

export const VALIDATION_MESSAGES = {
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  postcode: 'Please enter a valid UK postcode',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  familyName: 'Please enter a family name',
  names: 'Please enter your first and last name',
  noAccounts: 'Please add at least one account',
  accountDetails: 'Please fill in all account details and select or enter a bank name',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A simple address pattern: something@something.tld, no spaces (spec 1 §5). Surrounding spaces are ignored. */
export function isValidEmail(email: string | null | undefined): boolean {
  return EMAIL.test((email ?? '').trim());
}

/** 'Please enter a valid email address' unless the e-mail is valid (empty is invalid: it is required). */
export function validateEmail(email: string | null | undefined): string | null {
  return isValidEmail(email) ? null : VALIDATION_MESSAGES.email;
}

/** The Send Magic Link button is disabled while the e-mail is empty or invalid (spec 1 §2). */
export const canSendMagicLink = isValidEmail;

const INTERNATIONAL_PHONE = /^\+?[1-9]\d{1,14}$/;
const UK_LOCAL_PHONE = /^0\d{9,11}$/;

/**
 * Phone (spec 1 §5), optional: international form (optional plus, 2 to 15 digits, not starting with 0) or
 * UK local form (0 then 9 to 11 digits). Spaces, hyphens, dots and brackets people type are ignored.
 */
export function isValidPhone(phone: string): boolean {
  const p = phone.replace(/[\s\-().]/g, '');
  return INTERNATIONAL_PHONE.test(p) || UK_LOCAL_PHONE.test(p);
}

export function validatePhone(phone: string | null | undefined): string | null {
  const p = (phone ?? '').trim();
  if (!p) return null;
  return isValidPhone(p) ? null : VALIDATION_MESSAGES.phone;
}

const UK_POSTCODE =
  /^(?:GIR0AA|[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?)[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** True for a UK postcode in any case and spacing (e.g. 'sw1a1aa', 'M1 1AE', 'GIR 0AA'). */
export function isValidPostcode(postcode: string): boolean {
  return UK_POSTCODE.test(postcode.replace(/\s+/g, '').toUpperCase());
}

/** Postcode as saved (spec 1 §5): upper case, one space before the last three characters. */
export function normalisePostcode(postcode: string): string {
  const p = postcode.replace(/\s+/g, '').toUpperCase();
  return p.length > 3 ? `${p.slice(0, -3)} ${p.slice(-3)}` : p;
}

export function validatePostcode(postcode: string | null | undefined): string | null {
  const p = (postcode ?? '').trim();
  if (!p) return null;
  return isValidPostcode(p) ? null : VALIDATION_MESSAGES.postcode;
}

export interface ProfileForm {
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string | null;
  phone?: string | null;
  address_line_1?: string | null;
  address_line_2?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
  date_of_birth?: string | null;
  timezone?: string | null;
}

export type ProfileErrors = Partial<Record<'first_name' | 'last_name' | 'phone' | 'postcode', string>>;

/** Field errors of the profile form (spec 1 §5); empty when valid. */
export function validateProfile(profile: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!profile.first_name?.trim()) errors.first_name = VALIDATION_MESSAGES.firstName;
  if (!profile.last_name?.trim()) errors.last_name = VALIDATION_MESSAGES.lastName;
  const phone = validatePhone(profile.phone);
  if (phone) errors.phone = phone;
  const postcode = validatePostcode(profile.postcode);
  if (postcode) errors.postcode = postcode;
  return errors;
}

/** A field's error clears when that field is edited (spec 1 §5). */
export function clearFieldError(errors: ProfileErrors, field: keyof ProfileErrors): ProfileErrors {
  const { [field]: _removed, ...rest } = errors;
  return rest;
}

const COMPLETENESS_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'address_line_1',
  'city',
  'postcode',
  'country',
] as const;

/**
 * Profile completeness in whole percent (spec 1 §2, §5): the share of 7 fields that are filled — the two
 * required ones (first_name, last_name) and the five optional contributors (phone, address_line_1, city,
 * postcode, country) — each weighing the same: round(filled / 7 × 100).
 */
export function profileCompleteness(profile: ProfileForm): number {
  const filled = COMPLETENESS_FIELDS.filter((f) => (profile[f] ?? '').trim() !== '').length;
  return Math.round((filled / COMPLETENESS_FIELDS.length) * 100);
}

/**
 * The profile as saved (spec 1 §5): text trimmed with blanks as null, postcode normalised, an empty
 * date_of_birth as null.
 */
export function prepareProfileForSave(profile: ProfileForm): Required<ProfileForm> {
  const clean = (v: string | null | undefined) => {
    const t = (v ?? '').trim();
    return t ? t : null;
  };
  const postcode = clean(profile.postcode);
  return {
    first_name: clean(profile.first_name),
    last_name: clean(profile.last_name),
    display_name: clean(profile.display_name),
    phone: clean(profile.phone),
    address_line_1: clean(profile.address_line_1),
    address_line_2: clean(profile.address_line_2),
    city: clean(profile.city),
    postcode: postcode ? normalisePostcode(postcode) : null,
    country: clean(profile.country),
    date_of_birth: clean(profile.date_of_birth),
    timezone: clean(profile.timezone),
  };
}

/** Onboarding step 1 (spec 1 §5): the family name first, then first and last name. */
export function validateOnboardingProfile(profile: {
  familyName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string | null {
  if (!profile.familyName?.trim()) return VALIDATION_MESSAGES.familyName;
  if (!profile.firstName?.trim() || !profile.lastName?.trim()) return VALIDATION_MESSAGES.names;
  return null;
}

export interface OnboardingAccountInput {
  name?: string | null;
  bankName?: string | null;
  accountType?: string | null;
  institutionId?: string | null;
  services?: readonly string[];
  availableServices?: readonly string[];
}

/**
 * One onboarding account card is complete (spec 1 §5): a bank is chosen from the catalogue or typed; an
 * account type is set; the account name is required unless a bank with services was chosen and at least
 * one service is ticked. A typed bank name counts only when no institution is chosen.
 */
export function isOnboardingAccountComplete(account: OnboardingAccountInput): boolean {
  if (!account.accountType) return false;
  const hasName = Boolean(account.name?.trim());
  if (account.institutionId) {
    const withServices = (account.availableServices?.length ?? 0) > 0 && (account.services?.length ?? 0) > 0;
    return withServices || hasName;
  }
  return Boolean(account.bankName?.trim()) && hasName;
}

/** Onboarding step 2 (spec 1 §5): at least one account, each complete. */
export function validateOnboardingAccounts(accounts: readonly OnboardingAccountInput[]): string | null {
  if (accounts.length === 0) return VALIDATION_MESSAGES.noAccounts;
  return accounts.every(isOnboardingAccountComplete) ? null : VALIDATION_MESSAGES.accountDetails;
}

export interface FeedbackContext {
  now: Date;
  userAgent?: string | null;
  url?: string | null;
}

export interface FeedbackRecord {
  message: string;
  contact_email: string | null;
  source: 'landing_page';
  submitted_at: string;
  user_agent: string | null;
  url: string | null;
}

/** The Send Feedback button is disabled while the message is blank after trimming (spec 1 §5). */
export function canSubmitFeedback(message: string | null | undefined): boolean {
  return (message ?? '').trim() !== '';
}

/** The feedback record to store (spec 1 §3, §5), or null when the message is blank. */
export function prepareFeedback(
  input: { message: string | null | undefined; email?: string | null },
  ctx: FeedbackContext,
): FeedbackRecord | null {
  const message = (input.message ?? '').trim();
  if (!message) return null;
  const email = (input.email ?? '').trim();
  return {
    message,
    contact_email: email ? email : null,
    source: 'landing_page',
    submitted_at: ctx.now.toISOString(),
    user_agent: ctx.userAgent ?? null,
    url: ctx.url ?? null,
  };
}

/** Add member (spec 1 §5): e-mail trimmed and required (null when empty), name optional (null when empty). */
export function prepareAddMember(input: {
  email: string | null | undefined;
  name?: string | null;
}): { email: string; name: string | null } | null {
  const email = (input.email ?? '').trim();
  if (!email) return null;
  const name = (input.name ?? '').trim();
  return { email, name: name ? name : null };
}
