import { describe, expect, it } from 'vitest';
import { invitationLink, invitationMail } from '../../../functions/services/invitations';

/** The invitation e-mail: who invites them to which family, the link, how long it works; names as typed. */
describe('invitation e-mail', () => {
  const link = invitationLink('https://app.example.co.uk/', 'abc_DEF-123');
  const expiresAt = new Date('2026-03-17T12:00:00Z');

  it('links to /invite?token=… on the app', () => {
    expect(link).toBe('https://app.example.co.uk/invite?token=abc_DEF-123');
  });

  it('names the inviter and the family, and says it works once for 7 days, with the UK date', () => {
    const mail = invitationMail({
      to: 'bob@example.com',
      inviter: 'Ada Lovelace',
      familyName: 'Lovelace',
      link,
      expiresAt,
    });
    expect(mail).toMatchObject({ to: 'bob@example.com', link });
    expect(mail.subject).toBe('Ada Lovelace invited you to join Lovelace on Family Finance');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('works once and expires in 7 days (on 17 March 2026)');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("escapes what people type in a family's name in the HTML (Smith & Jones, O'Brien, even markup)", () => {
    const mail = invitationMail({
      to: 'bob@example.com',
      inviter: "Pat O'Brien",
      familyName: 'Smith & Jones <b>',
      link,
      expiresAt,
    });
    expect(mail.subject).toBe("Pat O'Brien invited you to join Smith & Jones <b> on Family Finance");
    expect(mail.html).toContain('Smith &amp; Jones &lt;b&gt;');
    expect(mail.html).toContain('Pat O&#39;Brien');
    expect(mail.html).not.toContain('<b>');
  });
});
