import { analyseFamilyCleanup } from '../../services/cleanup';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/transactions/cleanup ('Analyze Data Issues'): the family's bad rows, counted and by account. */
export const handler = httpHandler(ROUTES.AnalyseCleanup, {}, async ({ family }) =>
  json(200, await analyseFamilyCleanup(family)),
);
