import { httpHandler, json } from '../../app/http';
import { familyTransactionsQuerySchema } from '../../contracts/transactions';
import { familyTransactions } from '../../services/transactions';
import { ROUTES } from '../manifest';

/** GET /api/transactions?accounts&limit&cursor&from&to&flow_type: a page of the family's rows, newest first. */
export const handler = httpHandler(
  ROUTES.ListFamilyTransactions,
  { query: familyTransactionsQuerySchema },
  async ({ family, query }) => json(200, await familyTransactions(family, query)),
);
