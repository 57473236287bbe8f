import { matchIdParamsSchema } from '../../contracts/matches';
import { acceptMatch } from '../../services/matches';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/matches/{id}/accept: both legs (those not already corrected) become internal transfers. */
export const handler = httpHandler(
  ROUTES.AcceptMatch,
  { params: matchIdParamsSchema },
  async ({ family, params }) => json(200, await acceptMatch(family, params.id)),
);
