import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { spendingQuerySchema } from '../../contracts/spending';
import { spendingSummary } from '../../services/spending';
import { ROUTES } from '../manifest';

/**
 * GET /api/insights/categories?from&to&accounts&type&uncategorized: Spend by Category for whole months
 * (spec 3 §2.4, §3), read from the spending roll-ups.
 */
export const handler = httpHandler(
  ROUTES.GetSpending,
  { query: spendingQuerySchema },
  async ({ family, query }) => json(200, await spendingSummary(services(), family, query)),
);
