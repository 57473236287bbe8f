import { httpHandler, json } from '../../app/http';
import { verificationQuerySchema } from '../../contracts/review';
import { verifyAccount, verifyFamily } from '../../services/verification';
import { ROUTES } from '../manifest';

/**
 * GET /api/transactions/verification?account={id}: one account's checks (the panel asks account by account,
 * showing its progress); without `account`, the family's own checks and its number of accounts.
 */
export const handler = httpHandler(
  ROUTES.RunVerification,
  { query: verificationQuerySchema },
  async ({ family, query }) =>
    json(200, query.account ? await verifyAccount(family, query.account) : await verifyFamily(family)),
);
