import { describe, expect, it } from 'vitest';
import {
  addMemberInput,
  INVITATION_TTL_MS,
  invitationExpiry,
  invitationProblem,
  memberName,
  wouldLeaveNoAdmin,
} from '../../../functions/domain/members';

const now = new Date('2026-03-10T12:00:00Z');
const invitation = { email: 'bob@example.com', expires_at: '2026-03-17T12:00:00.000Z', used_at: null };

describe('invitations (spec 1 §4 Invitation, §5)', () => {
  it('expire 7 days after they are sent', () => {
    expect(invitationExpiry(now).toISOString()).toBe('2026-03-17T12:00:00.000Z');
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('are accepted only by the invited address (any case, surrounding spaces), before expiry, once', () => {
    expect(invitationProblem(invitation, ' Bob@Example.com ', now)).toBeNull();
    expect(invitationProblem(null, 'bob@example.com', now)).toBe('invalid');
    expect(invitationProblem(invitation, 'eve@example.com', now)).toBe('wrongEmail');
    expect(invitationProblem({ ...invitation, used_at: now.toISOString() }, 'bob@example.com', now)).toBe(
      'used',
    );
    expect(invitationProblem(invitation, 'bob@example.com', new Date('2026-03-17T12:00:00Z'))).toBe(
      'expired',
    );
    expect(invitationProblem(invitation, 'bob@example.com', new Date('2026-03-17T11:59:59Z'))).toBeNull();
  });

  it('tell another address nothing more than that it is the wrong one (not used, not expired)', () => {
    const usedAndExpired = { ...invitation, used_at: now.toISOString(), expires_at: '2020-01-01T00:00:00Z' };
    expect(invitationProblem(usedAndExpired, 'eve@example.com', now)).toBe('wrongEmail');
  });
});

describe('add member input (spec 1 §5)', () => {
  it('trims and lower-cases the e-mail; an empty name is null', () => {
    expect(addMemberInput({ email: '  Bob@Example.COM ', name: '   ' })).toEqual({
      email: 'bob@example.com',
      name: null,
    });
    expect(addMemberInput({ email: 'a@b.co', name: ' Bob ' })).toEqual({ email: 'a@b.co', name: 'Bob' });
    expect(addMemberInput({ email: 'a@b.co' })).toEqual({ email: 'a@b.co', name: null });
  });
});

describe('the last-admin rule', () => {
  const ada = { user_id: 'ada', role: 'admin', status: 'active' };
  const bob = { user_id: 'bob', role: 'member', status: 'active' };
  const finn = { user_id: 'finn', role: 'admin', status: 'active' };

  it('refuses removing or demoting the only admin; allows it when another admin remains', () => {
    expect(wouldLeaveNoAdmin([ada, bob], 'ada')).toBe(true);
    expect(wouldLeaveNoAdmin([ada, bob], 'bob')).toBe(false);
    expect(wouldLeaveNoAdmin([ada, bob, finn], 'ada')).toBe(false);
  });
});

describe('member names', () => {
  it("use the profile's display name, else first and last name, else the name given when invited", () => {
    expect(memberName({ display_name: ' Ada ', first_name: 'A', last_name: 'L' }, 'x')).toBe('Ada');
    expect(memberName({ first_name: 'Ada', last_name: 'Lovelace' }, 'x')).toBe('Ada Lovelace');
    expect(memberName(null, ' Bob ')).toBe('Bob');
    expect(memberName({ display_name: '  ' }, null)).toBeNull();
  });
});
