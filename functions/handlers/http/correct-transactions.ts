import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { correctionRequestSchema } from '../../contracts/corrections';
import { correctFlowType } from '../../services/corrections';
import { ROUTES } from '../manifest';

/**
 * POST /api/transactions/corrections { mode, transactions: [{ id, account_id, transaction_date }], flow_type,
 * reason? }: correct the flow type of one row (single) or several (bulk); answers what changed.
 */
export const handler = httpHandler(
  ROUTES.CorrectTransactions,
  { body: correctionRequestSchema },
  async ({ family, body }) => json(200, await correctFlowType(services(), family, body)),
);
