import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { billsOverview } from '../../services/bills';
import { ROUTES } from '../manifest';

/**
 * GET /api/bills: the family's regular payments, incomes and savings plans found from its rows, the coming
 * 30 days against each account's latest balance, and the month-end forecast of its current accounts.
 */
export const handler = httpHandler(ROUTES.GetBills, {}, async ({ family }) =>
  json(200, await billsOverview(services(), family)),
);
