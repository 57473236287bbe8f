import { describe, expect, it } from 'vitest';
import {
  defaultFamilyName,
  displayName,
  emailLocalPart,
  initials,
  LOGIN_ERRORS,
  loginErrorMessage,
  memberRole,
} from '../../../functions/domain/identity';

describe('spec 1 §3 default family name: local part + "\'s Family"', () => {
  it.each([
    ['jane.doe@example.com', "jane.doe's Family"],
    ['  sam@example.co.uk ', "sam's Family"],
    ['odd@name@example.com', "odd@name's Family"],
    ['no-at-sign', "no-at-sign's Family"],
    ['@example.com', 'My Family'],
    ['', 'My Family'],
    [null, 'My Family'],
    [undefined, 'My Family'],
  ])('%s → %s', (email, expected) => {
    expect(defaultFamilyName(email)).toBe(expected);
  });
});

describe('spec 1 §2 display name chain: display_name, first + last, e-mail local part, User', () => {
  it.each([
    [{ display_name: 'JD', first_name: 'Jane', last_name: 'Doe' }, 'jane@x.com', 'JD'],
    [{ display_name: '  ', first_name: 'Jane', last_name: 'Doe' }, 'jane@x.com', 'Jane Doe'],
    [{ first_name: 'Jane', last_name: null }, 'jane@x.com', 'Jane'],
    [{ first_name: null, last_name: 'Doe' }, 'jane@x.com', 'Doe'],
    [{ first_name: ' ', last_name: '' }, 'jane@x.com', 'jane'],
    [null, 'jane@x.com', 'jane'],
    [null, null, 'User'],
    [{}, '', 'User'],
  ])('%o with %s → %s', (profile, email, expected) => {
    expect(displayName(profile, email)).toBe(expected);
  });

  it('local part helper', () => {
    expect(emailLocalPart(' a.b@c.d ')).toBe('a.b');
  });
});

describe("initials for the header's account button", () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Alexandra Montgomery-Fairweather', 'AM'],
    ['  jane   van der berg ', 'JB'],
    ['ada.lovelace', 'AL'],
    ['mary-jane_watson', 'MW'],
    ['Cher', 'C'],
    ['élodie durand', 'ÉD'],
    ['User', 'U'],
    ['J2 Smith', 'JS'],
    ['...', '?'],
    ['', '?'],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('spec 1 §8 login error mapping', () => {
  it.each([
    ['over_email_send_rate_limit', LOGIN_ERRORS.rateLimit],
    [new Error('AuthApiError: rate_limit exceeded'), LOGIN_ERRORS.rateLimit],
    [{ name: 'TooManyRequestsException', message: 'Too many' }, LOGIN_ERRORS.rateLimit],
    [{ code: 'LimitExceededException' }, LOGIN_ERRORS.rateLimit],
    ['invalid_email', LOGIN_ERRORS.invalidEmail],
    [{ error: 'invalid_email', message: 'bad address' }, LOGIN_ERRORS.invalidEmail],
    [new Error('Failed to fetch'), LOGIN_ERRORS.other],
    [null, LOGIN_ERRORS.other],
    [42, LOGIN_ERRORS.other],
  ])('%o → %s', (error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });

  it('uses the exact spec strings', () => {
    expect(LOGIN_ERRORS).toEqual({
      rateLimit: 'Too many requests. Please wait a moment before trying again.',
      invalidEmail: 'This email address is not valid',
      other: 'Unable to send magic link. Please check your internet connection and try again.',
    });
  });
});

describe('spec 1 §3 member role defaults to member', () => {
  it.each([
    [undefined, 'member'],
    [null, 'member'],
    ['', 'member'],
    ['admin', 'admin'],
  ])('%s → %s', (role, expected) => {
    expect(memberRole(role)).toBe(expected);
  });
});
