import { periodStatsQuerySchema } from '../../contracts/insights';
import { familyPeriodStats } from '../../services/insights';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/insights/period-stats?period or ?from&to: a period's summary against the previous one. */
export const handler = httpHandler(
  ROUTES.GetPeriodStats,
  { query: periodStatsQuerySchema },
  async ({ family, query }) => json(200, await familyPeriodStats(family, query)),
);
