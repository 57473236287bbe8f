import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { matchIdParamsSchema } from '../../contracts/matches';
import { acceptMatch } from '../../services/matches';
import { ROUTES } from '../manifest';

/** POST /api/matches/{id}/accept: both legs (those not already corrected) become internal transfers. */
export const handler = httpHandler(
  ROUTES.AcceptMatch,
  { params: matchIdParamsSchema },
  async ({ family, params }) => json(200, await acceptMatch(services(), family, params.id)),
);
