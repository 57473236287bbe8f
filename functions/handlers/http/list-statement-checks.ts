import { httpHandler, json } from '../../app/http';
import { waitingChecks } from '../../services/statement-checks';
import { ROUTES } from '../manifest';

/** GET /api/statement-checks: the family's statements waiting for their check, newest first. */
export const handler = httpHandler(ROUTES.ListStatementChecks, {}, async ({ family }) =>
  json(200, await waitingChecks(family)),
);
