import { httpHandler, json } from '../../app/http';
import { accountTransactionsParamsSchema, transactionPageQuerySchema } from '../../contracts/transactions';
import { accountTransactions } from '../../services/transactions';
import { ROUTES } from '../manifest';

/** GET /api/accounts/{id}/transactions?limit&cursor&from&to&flow_type: a page, newest first. */
export const handler = httpHandler(
  ROUTES.ListAccountTransactions,
  {
    params: accountTransactionsParamsSchema,
    query: transactionPageQuerySchema,
    own: (params) => ({ kind: 'account', id: params.id }),
  },
  async ({ family, params, query, along }) =>
    json(200, await accountTransactions(family, params.id, query, along)),
);
