import { familyPatterns } from '../../services/corrections';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/patterns: what the family's corrections taught, newest first. */
export const handler = httpHandler(ROUTES.ListPatterns, {}, async ({ family }) =>
  json(200, await familyPatterns(family)),
);
