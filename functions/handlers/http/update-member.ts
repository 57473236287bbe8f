import { httpHandler, json } from '../../app/http';
import { memberIdParamsSchema, updateMemberRequestSchema } from '../../contracts/members';
import { changeMemberRole } from '../../services/members';
import { ROUTES } from '../manifest';

/** PATCH /api/family/members/{id} { role } (admin only): make a member admin, or a plain member again. */
export const handler = httpHandler(
  ROUTES.UpdateMember,
  { params: memberIdParamsSchema, body: updateMemberRequestSchema },
  async ({ family, params, body }) =>
    json(200, { member: await changeMemberRole(family, params.id, body.role) }),
);
