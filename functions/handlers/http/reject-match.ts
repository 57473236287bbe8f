import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { matchIdParamsSchema, rejectMatchRequestSchema } from '../../contracts/matches';
import { rejectMatch } from '../../services/matches';
import { ROUTES } from '../manifest';

/** POST /api/matches/{id}/reject { note? }: the pair is remembered and never proposed again. */
export const handler = httpHandler(
  ROUTES.RejectMatch,
  { params: matchIdParamsSchema, body: rejectMatchRequestSchema },
  async ({ family, params, body }) => json(200, await rejectMatch(services(), family, params.id, body?.note)),
);
