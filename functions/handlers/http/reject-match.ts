import { matchIdParamsSchema, rejectMatchRequestSchema } from '../../contracts/matches';
import { rejectMatch } from '../../services/matches';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/matches/{id}/reject { note? }: the pair is remembered and never proposed again. */
export const handler = httpHandler(
  ROUTES.RejectMatch,
  { params: matchIdParamsSchema, body: rejectMatchRequestSchema },
  async ({ family, params, body }) => json(200, await rejectMatch(family, params.id, body?.note)),
);
