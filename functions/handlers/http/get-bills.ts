import { billsOverview } from '../../services/bills';
import { services } from '../../shared/container';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/**
 * GET /api/bills: the family's regular payments, incomes and savings plans found from its rows, the coming
 * 30 days against each account's latest balance, and the month-end forecast of its current accounts.
 */
export const handler = httpHandler(ROUTES.GetBills, {}, async ({ family }) =>
  json(200, await billsOverview(family, services())),
);
