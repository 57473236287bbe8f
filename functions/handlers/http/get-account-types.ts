import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { familyAccountTypes } from '../../services/insights';
import { ROUTES } from '../manifest';

/** GET /api/insights/account-types: each tab's figures over the 12 months up to the latest transaction. */
export const handler = httpHandler(ROUTES.GetAccountTypes, {}, async ({ family }) =>
  json(200, await familyAccountTypes(services(), family)),
);
