import { familyAccountTypes } from '../../services/insights';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/insights/account-types: each account type's figures over the last 12 months. */
export const handler = httpHandler(ROUTES.GetAccountTypes, {}, async ({ family }) =>
  json(200, await familyAccountTypes(family)),
);
