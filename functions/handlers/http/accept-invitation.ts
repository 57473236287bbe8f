import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { invitationTokenRequestSchema } from '../../contracts/members';
import { acceptInvitation } from '../../services/invitations';
import { ROUTES } from '../manifest';

/**
 * POST /api/invitations/accept { token } (spec 1 §7 accept_family_invitation): the caller joins the family,
 * which becomes their current one; answers success, message, family_id, family_name.
 */
export const handler = httpHandler(
  ROUTES.AcceptInvitation,
  { body: invitationTokenRequestSchema },
  async ({ auth, body }) => json(200, await acceptInvitation(services(), auth, body.token)),
);
