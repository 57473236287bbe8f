import { httpHandler, json } from '../../app/http';
import { accountIdParamsSchema } from '../../contracts/accounts';
import { restoreAccount } from '../../services/accounts';
import { ROUTES } from '../manifest';

/** POST /api/accounts/{id}/restore: an archived account back to active (spec 2 §4); answers { account }. */
export const handler = httpHandler(
  ROUTES.RestoreAccount,
  { params: accountIdParamsSchema },
  async ({ family, params }) => json(200, { account: await restoreAccount(family, params.id) }),
);
