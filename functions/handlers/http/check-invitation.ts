import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { invitationTokenRequestSchema } from '../../contracts/members';
import { checkInvitation } from '../../services/invitations';
import { ROUTES } from '../manifest';

/** POST /api/invitations/check { token }: what the invitation screen shows before the caller decides. */
export const handler = httpHandler(
  ROUTES.CheckInvitation,
  { body: invitationTokenRequestSchema },
  async ({ auth, family, body }) => json(200, await checkInvitation(services(), auth, family, body.token)),
);
