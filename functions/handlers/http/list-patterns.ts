import { httpHandler, json } from '../../app/http';
import { familyPatterns } from '../../services/corrections';
import { ROUTES } from '../manifest';

/** GET /api/patterns: what the family's corrections taught, newest first. */
export const handler = httpHandler(ROUTES.ListPatterns, {}, async ({ family }) =>
  json(200, await familyPatterns(family)),
);
