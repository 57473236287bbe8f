/**
 * Identity rules (spec 1 §2 App shell, §3 families, §8 login errors).
 */

/** Local part of an e-mail address (before the last '@'), trimmed; the whole text when there is no '@'. */
export function emailLocalPart(email: string | null | undefined): string {
  const e = (email ?? '').trim();
  const at = e.lastIndexOf('@');
  return (at >= 0 ? e.slice(0, at) : e).trim();
}

/**
 * Default family name (spec 1 §3, spec 2 §3): the part of the e-mail before the @ plus "'s Family".
 * With no usable e-mail the name is 'My Family' (spec silent; a family always needs a name).
 */
export function defaultFamilyName(email: string | null | undefined): string {
  const local = emailLocalPart(email);
  return local ? `${local}'s Family` : 'My Family';
}

export interface DisplayNameProfile {
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * Name shown in the header (spec 1 §2): display_name, else first and last name, else the local part of the
 * e-mail, else 'User'. Blank values count as missing; one of first/last name alone is used as it is.
 */
export function displayName(profile: DisplayNameProfile | null | undefined, email?: string | null): string {
  const display = profile?.display_name?.trim();
  if (display) return display;
  const full = [profile?.first_name?.trim(), profile?.last_name?.trim()].filter(Boolean).join(' ');
  if (full) return full;
  return emailLocalPart(email) || 'User';
}

/**
 * Up to two initials for a name's badge (the header's account button on a phone): the first letters of the
 * first and last words ('Ada Lovelace' → 'AL', 'Ada Lovelace-Byron' → 'AL', 'Cher' → 'C'); a name without
 * spaces (an e-mail's local part) splits at dots, hyphens and underscores ('ada.lovelace' → 'AL'); '?' for a
 * name with no letters or digits.
 */
export function initials(name: string): string {
  const separator = /\s/u.test(name.trim()) ? /\s+/u : /[._-]+/u;
  const words = name.split(separator).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (w: string) => (w.match(/[\p{L}\p{N}]/u)?.[0] ?? '').toLocaleUpperCase('en-GB');
  return letter(first) + (last ? letter(last) : '');
}

export const LOGIN_ERRORS = {
  rateLimit: 'Too many requests. Please wait a moment before trying again.',
  invalidEmail: 'This email address is not valid',
  other: 'Unable to send magic link. Please check your internet connection and try again.',
} as const;

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const o = error as Record<string, unknown>;
    return ['name', 'code', 'error', 'message', '__type']
      .map((k) => o[k])
      .filter((v): v is string => typeof v === 'string')
      .join(' ');
  }
  return '';
}

/**
 * Login error message (spec 1 §8): text containing rate_limit → too many requests; invalid_email → not
 * valid; anything else → the generic message. Addition: Cognito's throttling errors (TooManyRequestsException,
 * LimitExceededException) count as rate limits too, since our auth service never says "rate_limit".
 */
export function loginErrorMessage(error: unknown): string {
  const text = errorText(error);
  if (/rate_limit|TooManyRequestsException|LimitExceededException/i.test(text)) return LOGIN_ERRORS.rateLimit;
  if (/invalid_email/i.test(text)) return LOGIN_ERRORS.invalidEmail;
  return LOGIN_ERRORS.other;
}

/** A family member's role; 'member' when missing (spec 1 §3). */
export function memberRole(role: string | null | undefined): string {
  return role?.trim() || 'member';
}
