import { httpHandler, json } from '../../app/http';
import { listMatches } from '../../services/matches';
import { ROUTES } from '../manifest';

/** GET /api/matches: the proposed transfers between the family's own accounts, most confident first. */
export const handler = httpHandler(ROUTES.ListMatches, {}, async ({ family }) =>
  json(200, await listMatches(family)),
);
