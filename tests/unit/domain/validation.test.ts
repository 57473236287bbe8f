import { describe, expect, it } from 'vitest';
import {
  canSendMagicLink,
  canSubmitFeedback,
  clearFieldError,
  isOnboardingAccountComplete,
  isValidEmail,
  isValidPhone,
  isValidPostcode,
  normalisePostcode,
  prepareAddMember,
  prepareFeedback,
  prepareProfileForSave,
  profileCompleteness,
  VALIDATION_MESSAGES,
  validateEmail,
  validateOnboardingAccounts,
  validateOnboardingProfile,
  validatePhone,
  validatePostcode,
  validateProfile,
} from '../../../functions/domain/validation';

describe("spec 1 §5 e-mail: simple pattern, 'Please enter a valid email address'", () => {
  it.each([
    ['jane@example.com', true],
    ['  jane.doe+x@mail.example.co.uk ', true],
    ['jane@example', false],
    ['jane example@x.com', false],
    ['@example.com', false],
    ['', false],
    [null, false],
  ])('%s → %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
    expect(canSendMagicLink(email)).toBe(ok);
    expect(validateEmail(email)).toBe(ok ? null : 'Please enter a valid email address');
  });
});

describe("spec 1 §5 phone: international (+, 2–15 digits, not from 0) or UK local (0 + 9–11 digits); 'Please enter a valid phone number'", () => {
  it.each([
    ['+447911123456', true],
    ['447911123456', true],
    ['12', true],
    ['1', false],
    ['+123456789012345', true],
    ['+1234567890123456', false],
    ['+07911123456', false],
    ['0791112345', true],
    ['079111234567', true],
    ['0791112345678', false],
    ['079111234', false],
    ['07911 123 456', true],
    ['(020) 7946-0018', true],
    ['phone', false],
  ])('%s → %s', (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });
  it.each([
    ['', null],
    [null, null],
    ['  ', null],
    ['abc', 'Please enter a valid phone number'],
    ['07911123456', null],
  ])('validatePhone(%s) = %s (optional)', (phone, message) => {
    expect(validatePhone(phone)).toBe(message);
  });
});

describe("spec 1 §5 UK postcode, normalised uppercase with a space before the last three; 'Please enter a valid UK postcode'", () => {
  it.each([
    ['SW1A 1AA', true, 'SW1A 1AA'],
    ['sw1a1aa', true, 'SW1A 1AA'],
    ['M1 1AE', true, 'M1 1AE'],
    ['m11ae', true, 'M1 1AE'],
    ['B33 8TH', true, 'B33 8TH'],
    ['EC1A  1BB', true, 'EC1A 1BB'],
    ['W1A 0AX', true, 'W1A 0AX'],
    ['gir 0aa', true, 'GIR 0AA'],
    ['12345', false, '12 345'],
    ['SW1A', false, 'S W1A'],
    ['Q1 1AA', false, 'Q1 1AA'],
    ['AB', false, 'AB'],
  ])('%s → valid %s, saved as %s', (postcode, ok, normalised) => {
    expect(isValidPostcode(postcode)).toBe(ok);
    expect(normalisePostcode(postcode)).toBe(normalised);
    expect(validatePostcode(postcode)).toBe(ok ? null : 'Please enter a valid UK postcode');
  });
  it('is optional', () => {
    expect(validatePostcode('')).toBeNull();
    expect(validatePostcode(undefined)).toBeNull();
  });
});

describe('spec 1 §5 profile: required names, field errors, completeness, saved form', () => {
  it('reports every field error with the spec message', () => {
    expect(validateProfile({ first_name: ' ', last_name: null, phone: 'x', postcode: 'nope' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      phone: 'Please enter a valid phone number',
      postcode: 'Please enter a valid UK postcode',
    });
    expect(validateProfile({ first_name: 'Jane', last_name: 'Doe' })).toEqual({});
  });

  it('a field error clears when that field is edited', () => {
    expect(clearFieldError({ first_name: 'x', phone: 'y' }, 'first_name')).toEqual({ phone: 'y' });
  });

  it.each([
    [{}, 0],
    [{ first_name: 'Jane' }, 14],
    [{ first_name: 'Jane', last_name: 'Doe' }, 29],
    [{ first_name: 'Jane', last_name: 'Doe', phone: '07911123456', city: 'Leeds' }, 57],
    [
      {
        first_name: 'Jane',
        last_name: 'Doe',
        phone: '0',
        address_line_1: '1 Road',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        country: 'UK',
      },
      100,
    ],
    [
      {
        first_name: 'Jane',
        last_name: 'Doe',
        address_line_2: 'ignored',
        date_of_birth: '2000-01-01',
        display_name: 'JD',
      },
      29,
    ],
    [{ first_name: '  ', last_name: 'Doe' }, 14],
  ])('completeness of %o is %s%%', (profile, pct) => {
    expect(profileCompleteness(profile)).toBe(pct);
  });

  it('prepares the profile for saving', () => {
    expect(
      prepareProfileForSave({
        first_name: ' Jane ',
        last_name: 'Doe',
        postcode: 'ls11aa',
        date_of_birth: '',
        phone: '  ',
      }),
    ).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      display_name: null,
      phone: null,
      address_line_1: null,
      address_line_2: null,
      city: null,
      postcode: 'LS1 1AA',
      country: null,
      date_of_birth: null,
      timezone: null,
    });
  });
});

describe('spec 1 §5 onboarding step 1', () => {
  it.each([
    [{ familyName: '', firstName: 'Jane', lastName: 'Doe' }, 'Please enter a family name'],
    [{ familyName: '  ', firstName: '', lastName: '' }, 'Please enter a family name'],
    [{ familyName: 'Does', firstName: '', lastName: 'Doe' }, 'Please enter your first and last name'],
    [{ familyName: 'Does', firstName: 'Jane', lastName: ' ' }, 'Please enter your first and last name'],
    [{ familyName: 'Does', firstName: 'Jane', lastName: 'Doe' }, null],
  ])('%o → %s', (profile, message) => {
    expect(validateOnboardingProfile(profile)).toBe(message);
  });
});

describe('spec 1 §5 onboarding step 2', () => {
  const bank = {
    institutionId: 'inst',
    availableServices: ['current_accounts'],
    services: ['current_accounts'],
    accountType: 'current',
  };
  it.each([
    [bank, true],
    [{ ...bank, services: [] }, false],
    [{ ...bank, services: [], name: 'Main' }, true],
    [{ ...bank, availableServices: [], services: [], name: 'Main' }, true],
    [{ institutionId: null, bankName: 'Local CU', name: 'Main', accountType: 'current' }, true],
    [{ institutionId: null, bankName: '  ', name: 'Main', accountType: 'current' }, false],
    [{ institutionId: null, bankName: 'Local CU', name: '', accountType: 'current' }, false],
    [{ institutionId: null, bankName: 'Local CU', name: 'Main', accountType: '' }, false],
  ])('%o complete: %s', (account, ok) => {
    expect(isOnboardingAccountComplete(account)).toBe(ok);
  });
  it.each([
    [[], 'Please add at least one account'],
    [[bank, { ...bank, services: [] }], 'Please fill in all account details and select or enter a bank name'],
    [[bank], null],
  ])('%o → %s', (accounts, message) => {
    expect(validateOnboardingAccounts(accounts)).toBe(message);
  });
  it('messages', () => {
    expect(VALIDATION_MESSAGES.noAccounts).toBe('Please add at least one account');
  });
});

describe('spec 1 §5 feedback: trimmed, blank disables, e-mail null if empty', () => {
  const ctx = { now: new Date('2024-05-31T12:00:00Z'), userAgent: 'UA', url: 'https://x/' };
  it.each([
    ['  great app ', true],
    ['   ', false],
    [null, false],
  ])('%s can be sent: %s', (message, ok) => {
    expect(canSubmitFeedback(message)).toBe(ok);
    expect(prepareFeedback({ message }, ctx) !== null).toBe(ok);
  });
  it('builds the record', () => {
    expect(prepareFeedback({ message: ' great ', email: '  ' }, ctx)).toEqual({
      message: 'great',
      contact_email: null,
      source: 'landing_page',
      submitted_at: '2024-05-31T12:00:00.000Z',
      user_agent: 'UA',
      url: 'https://x/',
    });
    expect(prepareFeedback({ message: 'x', email: ' a@b.co ' }, { now: ctx.now })).toMatchObject({
      contact_email: 'a@b.co',
      user_agent: null,
      url: null,
    });
  });
});

describe('spec 1 §5 add member: e-mail trimmed and required, name null if empty', () => {
  it.each([
    [
      { email: ' a@b.co ', name: ' Sam ' },
      { email: 'a@b.co', name: 'Sam' },
    ],
    [
      { email: 'a@b.co', name: '  ' },
      { email: 'a@b.co', name: null },
    ],
    [{ email: 'a@b.co' }, { email: 'a@b.co', name: null }],
    [{ email: '   ', name: 'Sam' }, null],
    [{ email: null }, null],
  ])('%o → %o', (input, out) => {
    expect(prepareAddMember(input)).toEqual(out);
  });
});
