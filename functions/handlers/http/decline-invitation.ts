import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { invitationTokenRequestSchema } from '../../contracts/members';
import { declineInvitation } from '../../services/invitations';
import { ROUTES } from '../manifest';

/** POST /api/invitations/decline { token }: the invitation is removed and its link stops working. */
export const handler = httpHandler(
  ROUTES.DeclineInvitation,
  { body: invitationTokenRequestSchema },
  async ({ auth, body }) => json(200, await declineInvitation(services(), auth, body.token)),
);
