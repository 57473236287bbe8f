import { describe, expect, it } from 'vitest';
import { emailFromToken, LINK_FRAGMENT_PARAM } from '../../../functions/contracts/auth';
import { hashToken, linkUrl, readToken, signInMail, signToken } from '../../../functions/services/magic-link';

/** The link's crypto and the e-mail (spec 1 §4 login; §9 15-minute links). */
const KEY = 'k'.repeat(64);
const payload = { e: 'ada@example.co.uk', c: 'client', x: 1_900_000_000, n: 'nonce' };

describe('spec 1 §4 login: signed magic-link tokens', () => {
  it('round-trips a payload signed with the key', () => {
    const token = signToken(KEY, payload);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readToken(KEY, token)).toEqual(payload);
    expect(emailFromToken(token)).toBe('ada@example.co.uk');
  });

  it('refuses another key, a changed payload, a changed signature and junk', () => {
    const token = signToken(KEY, payload);
    const [body, sig] = token.split('.') as [string, string];
    expect(readToken('x'.repeat(64), token)).toBe('bad_signature');
    const other = Buffer.from(JSON.stringify({ ...payload, e: 'eve@example.com' })).toString('base64url');
    expect(readToken(KEY, `${other}.${sig}`)).toBe('bad_signature');
    expect(readToken(KEY, `${body}.${sig.slice(0, -2)}`)).toBe('bad_signature');
    for (const junk of ['', '.', 'a.b.c', 'abc', `${body}.`]) expect(readToken(KEY, junk)).toBe('malformed');
    expect(emailFromToken('%%%.x')).toBeNull();
  });

  it('stores only a SHA-256 hash of the token', () => {
    const token = signToken(KEY, payload);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token.split('.')[1]);
  });

  it('builds the link to /app with the token in the fragment', () => {
    expect(linkUrl('https://ff.example.com/', 'a.b')).toBe(
      `https://ff.example.com/app#${LINK_FRAGMENT_PARAM}=a.b`,
    );
  });

  it("writes the e-mail: 'Your sign-in link', button, link and expiry (UK time)", () => {
    const link = 'https://ff.example.com/app#magic_link=a.b';
    const mail = signInMail('ada@example.co.uk', link, new Date('2026-07-01T13:15:00Z'));
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.link).toBe(link);
    expect(mail.to).toBe('ada@example.co.uk');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('expires in 15 minutes (at 14:15 UK time)');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain('>Sign in to Family Finance</a>');
    expect(mail.html).toContain('at 14:15 UK time');
  });
});
