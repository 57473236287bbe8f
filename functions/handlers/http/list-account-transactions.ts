import { accountTransactionsParamsSchema, accountTransactionsQuerySchema } from '../../contracts/transactions';
import { latestAccountTransactions } from '../../services/transactions';
import { httpHandler, json } from '../../shared/http';

/** GET /api/accounts/{id}/transactions?limit=50: newest first. */
export const handler = httpHandler(
  { params: accountTransactionsParamsSchema, query: accountTransactionsQuerySchema },
  async ({ auth, params, query }) => json(200, await latestAccountTransactions(auth, params.id, query.limit)),
);
