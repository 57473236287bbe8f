import { waitingChecks } from '../../services/statement-checks';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/statement-checks: the family's statements waiting for their check, newest first. */
export const handler = httpHandler(ROUTES.ListStatementChecks, {}, async ({ family }) =>
  json(200, await waitingChecks(family)),
);
