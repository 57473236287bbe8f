import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { memberIdParamsSchema } from '../../contracts/members';
import { removeFamilyMember } from '../../services/members';
import { ROUTES } from '../manifest';

/**
 * DELETE /api/family/members/{id} (admin only): remove an active member (their access ends with this call) or
 * revoke a pending invitation.
 */
export const handler = httpHandler(
  ROUTES.RemoveMember,
  { params: memberIdParamsSchema },
  async ({ family, params }) => json(200, await removeFamilyMember(services(), family, params.id)),
);
