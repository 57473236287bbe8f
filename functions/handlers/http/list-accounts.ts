import { httpHandler, json } from '../../app/http';
import { listAccountsQuerySchema } from '../../contracts/accounts';
import { familyAccounts } from '../../services/accounts';
import { ROUTES } from '../manifest';

/**
 * GET /api/accounts?status=active|archived: the caller's family's accounts with institution name, type,
 * services and the derived fields (spec 2 §3); active ones by default.
 */
export const handler = httpHandler(
  ROUTES.ListAccounts,
  { query: listAccountsQuerySchema },
  async ({ family, query }) => json(200, { accounts: await familyAccounts(family, query.status) }),
);
