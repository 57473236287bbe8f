import { familyAccounts } from '../../services/accounts';
import { httpHandler, json } from '../../shared/http';

/** GET /api/accounts: the caller's family's active accounts with institution name, type and services. */
export const handler = httpHandler({}, async ({ auth }) =>
  json(200, { accounts: await familyAccounts(auth) }),
);
