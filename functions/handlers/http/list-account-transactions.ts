import {
  accountTransactionsParamsSchema,
  accountTransactionsQuerySchema,
} from '../../contracts/transactions';
import { latestAccountTransactions } from '../../services/transactions';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/accounts/{id}/transactions?limit=50: newest first. */
export const handler = httpHandler(
  ROUTES.ListAccountTransactions,
  { params: accountTransactionsParamsSchema, query: accountTransactionsQuerySchema },
  async ({ family, params, query }) =>
    json(200, await latestAccountTransactions(family, params.id, query.limit)),
);
