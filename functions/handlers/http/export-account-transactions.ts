import { services } from '../../app/container';
import { httpHandler } from '../../app/http';
import { accountTransactionsParamsSchema, transactionsCsvQuerySchema } from '../../contracts/transactions';
import { accountTransactionsCsv } from '../../services/transactions';
import { ROUTES } from '../manifest';

/** GET /api/accounts/{id}/transactions/csv?from&to&flow_type: the account's rows as a CSV attachment. */
export const handler = httpHandler(
  ROUTES.ExportAccountTransactions,
  { params: accountTransactionsParamsSchema, query: transactionsCsvQuerySchema },
  async ({ family, params, query }) => {
    const { fileName, csv } = await accountTransactionsCsv(services(), family, params.id, query);
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
      },
      body: csv,
    };
  },
);
