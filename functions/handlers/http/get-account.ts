import { httpHandler, json } from '../../app/http';
import { accountIdParamsSchema } from '../../contracts/accounts';
import { familyAccount } from '../../services/accounts';
import { ROUTES } from '../manifest';

/** GET /api/accounts/{id}: one of the caller's family's accounts; any other id (another family's) is 404. */
export const handler = httpHandler(
  ROUTES.GetAccount,
  { params: accountIdParamsSchema, own: (params) => ({ kind: 'account', id: params.id }) },
  async ({ family, params, along }) => json(200, await familyAccount(family, params.id, along)),
);
