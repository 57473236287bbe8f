import { httpHandler, json } from '../../app/http';
import { analyseFamilyCleanup } from '../../services/cleanup';
import { ROUTES } from '../manifest';

/** GET /api/transactions/cleanup ('Analyze Data Issues'): the family's bad rows, counted and by account. */
export const handler = httpHandler(ROUTES.AnalyseCleanup, {}, async ({ family }) =>
  json(200, await analyseFamilyCleanup(family)),
);
