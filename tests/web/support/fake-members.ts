import {
  addMemberRequestSchema,
  type FamilyMembership,
  type InvitationDetails,
  type Member,
} from '../../../functions/contracts/members';
import { MEMBER_MESSAGES, wouldLeaveNoAdmin } from '../../../functions/domain/members';

/**
 * The members routes of the fake API (component tests): the family's members with the real add-member
 * contract and last-admin rule, and invitations by token. The signed-in user is 'u1', the family's creator.
 */
type Invitation = {
  details: InvitationDetails;
  status: number;
  message?: string;
};

const error = (code: string, message: string) => ({ error: { code, message } });

export function member(fields: Partial<Member> & Pick<Member, 'id' | 'email'>): Member {
  return {
    user_id: fields.status === 'pending' ? null : fields.id,
    name: null,
    role: 'member',
    status: 'active',
    joined_at: fields.status === 'pending' ? null : '2026-02-03T10:00:00.000Z',
    invited_at: null,
    invitation_expires_at: null,
    display_name: null,
    first_name: null,
    last_name: null,
    phone: null,
    is_owner: false,
    is_you: false,
    ...fields,
  };
}

export function membersRoutes({ json }: { json(status: number, body: unknown): Response }) {
  const members: Member[] = [
    member({
      id: 'u1',
      email: 'ada@example.co.uk',
      name: 'Ada Lovelace',
      role: 'admin',
      is_owner: true,
      is_you: true,
    }),
  ];
  const invitations = new Map<string, Invitation>();
  const families: FamilyMembership[] = [];
  const accepted: string[] = [];
  const declined: string[] = [];

  function handle(route: string, body: unknown): Response | null {
    if (route === 'GET /api/family/members') return json(200, { members });
    if (route === 'GET /api/families') return json(200, { families });
    if (route === 'POST /api/families/current') {
      const chosen = families.find((f) => f.family_id === (body as { family_id?: string }).family_id);
      if (!chosen) return json(400, error('validation_error', MEMBER_MESSAGES.notAMember));
      for (const f of families) f.current = f === chosen;
      return json(200, { families });
    }
    if (route === 'POST /api/family/members') {
      const parsed = addMemberRequestSchema.safeParse(body);
      if (!parsed.success)
        return json(400, error('validation_error', parsed.error.issues[0]?.message ?? 'Invalid'));
      const { email } = parsed.data;
      const name = parsed.data.name?.trim() || null;
      if (members.some((m) => m.status === 'active' && m.email === email))
        return json(409, error('conflict', `${email} ${MEMBER_MESSAGES.alreadyMember}`));
      const existing = members.find((m) => m.email === email);
      const pending =
        existing ??
        member({
          id: `P${members.length + 1}`,
          email,
          name,
          status: 'pending',
          invited_at: new Date().toISOString(),
        });
      if (!existing) members.push(pending);
      return json(existing ? 200 : 201, {
        success: true,
        resent: Boolean(existing),
        message: existing ? `Invitation sent again to ${email}` : `Invitation sent to ${email}`,
        member: pending,
      });
    }
    const target = /^(PATCH|DELETE) \/api\/family\/members\/([^/]+)$/.exec(route);
    if (target) {
      const index = members.findIndex((m) => m.id === decodeURIComponent(target[2]!));
      const found = members[index];
      if (!found) return json(404, error('not_found', MEMBER_MESSAGES.notFound));
      if (target[1] === 'DELETE') {
        if (found.is_owner) return json(409, error('conflict', MEMBER_MESSAGES.ownerStays));
        members.splice(index, 1);
        return json(200, { removed: true, kind: found.status === 'pending' ? 'invitation' : 'member' });
      }
      const role = (body as { role: 'admin' | 'member' }).role;
      if (role === 'member' && found.is_owner)
        return json(409, error('conflict', MEMBER_MESSAGES.ownerAlwaysAdmin));
      if (
        role === 'member' &&
        wouldLeaveNoAdmin(
          members.map((m) => ({ ...m, user_id: m.id })),
          found.id,
        )
      )
        return json(409, error('conflict', MEMBER_MESSAGES.lastAdmin));
      members[index] = { ...found, role };
      return json(200, { member: members[index] });
    }
    const invitation = /^POST \/api\/invitations\/(check|accept|decline)$/.exec(route)?.[1];
    if (invitation) {
      const token = (body as { token?: string } | undefined)?.token ?? '';
      if (!token) return json(400, error('validation_error', MEMBER_MESSAGES.noToken));
      const found = invitations.get(token);
      if (invitation === 'decline') {
        declined.push(token);
        return json(200, { declined: Boolean(found), left: false });
      }
      if (!found) return json(404, error('not_found', MEMBER_MESSAGES.invalid));
      if (found.status !== 200) return json(found.status, error('refused', found.message ?? 'Refused'));
      if (invitation === 'check') return json(200, found.details);
      accepted.push(token);
      return json(200, {
        success: true,
        message: `Welcome to ${found.details.family_name}!`,
        family_id: found.details.family_id,
        family_name: found.details.family_name,
      });
    }
    return null;
  }

  return {
    handle,
    controls: {
      list: members,
      /** The caller's families (GET /api/families): none by default, so no switcher shows. */
      families,
      accepted,
      declined,
      /** An invitation the token opens: its details, or a refusal (status and message). */
      invitation(
        token: string,
        details: Partial<Invitation['details']> = {},
        refusal?: { status: number; message: string },
      ) {
        invitations.set(token, {
          details: {
            family_id: '01JD8Z0000000000000000FAMA',
            family_name: 'Lovelace',
            inviter: 'Ada Lovelace',
            email: 'bob@example.com',
            expires_at: '2026-03-17T12:00:00.000Z',
            already_member: false,
            current_family: null,
            ...details,
          },
          status: refusal?.status ?? 200,
          message: refusal?.message,
        });
      },
    },
  };
}
