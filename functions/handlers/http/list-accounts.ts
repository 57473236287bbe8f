import { familyAccounts } from '../../services/accounts';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/accounts: the caller's family's active accounts with institution name, type and services. */
export const handler = httpHandler(ROUTES.ListAccounts, {}, async ({ family }) =>
  json(200, { accounts: await familyAccounts(family) }),
);
