import * as z from 'zod/mini';
import { isIsoDate } from '../domain/dates';
import { lazy } from './lazy';

/**
 * Profile API (spec 1 §3 user_profiles, §5 validation, §7 own profile / save profile). The shape is checked
 * here; the rules with their messages (names required, phone and UK postcode formats, postcode normalised,
 * blanks and an empty date of birth saved as null) are the domain's (functions/domain/validation.ts).
 * `currency` is an addition: onboarding collects it with the profile (spec 1 §2 step 1).
 */
export const profileCountries = ['UK', 'IE', 'US', 'CA', 'AU'] as const;
export const profileTimezones = [
  'Europe/London',
  'Europe/Dublin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Toronto',
  'Australia/Sydney',
] as const;
export const profileCurrencies = ['GBP', 'USD', 'EUR', 'AUD', 'CAD'] as const;

const nullableText = lazy(() => z.nullable(z.string()));

export const profileSchema = lazy(() =>
  z.object({
    user_id: z.string(),
    first_name: nullableText,
    last_name: nullableText,
    display_name: nullableText,
    phone: nullableText,
    address_line_1: nullableText,
    address_line_2: nullableText,
    city: nullableText,
    postcode: nullableText,
    country: nullableText,
    date_of_birth: nullableText,
    timezone: nullableText,
    currency: nullableText,
    updated_at: nullableText,
  }),
);
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.maxLength(max, `At most ${max} characters, please`))));
const blankOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.optional(z.nullable(z.union([z.literal(''), z.enum(values, message)])));

/** PUT /api/profile: first and last name always; every other field optional (absent = unchanged). */
export const profileUpdateSchema = lazy(() =>
  z.object({
    first_name: z.string('First name is required').check(z.maxLength(100, 'At most 100 characters, please')),
    last_name: z.string('Last name is required').check(z.maxLength(100, 'At most 100 characters, please')),
    display_name: optionalText(100),
    phone: optionalText(30),
    address_line_1: optionalText(200),
    address_line_2: optionalText(200),
    city: optionalText(100),
    postcode: optionalText(10),
    country: blankOr(profileCountries, 'Choose a country from the list'),
    date_of_birth: z.optional(
      z.nullable(
        z.string().check(
          z.regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD'),
          z.refine(
            (v) => v === '' || isIsoDate(v),
            'That date does not exist: enter the date of birth as YYYY-MM-DD',
          ),
        ),
      ),
    ),
    timezone: blankOr(profileTimezones, 'Choose a timezone from the list'),
    currency: blankOr(profileCurrencies, 'Choose a currency from the list'),
    /** Sent by onboarding step 1, whose phone field has no format check (spec 1 §5): the phone is kept as typed. */
    from_onboarding: z.optional(z.boolean()),
  }),
);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
