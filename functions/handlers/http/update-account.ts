import { httpHandler, json } from '../../app/http';
import { accountIdParamsSchema, updateAccountRequestSchema } from '../../contracts/accounts';
import { renameAccount } from '../../services/accounts';
import { ROUTES } from '../manifest';

/** PATCH /api/accounts/{id} { name }: rename the account (its nickname); answers { account }. */
export const handler = httpHandler(
  ROUTES.UpdateAccount,
  { params: accountIdParamsSchema, body: updateAccountRequestSchema },
  async ({ family, params, body }) =>
    json(200, { account: await renameAccount(family, params.id, body ?? {}) }),
);
