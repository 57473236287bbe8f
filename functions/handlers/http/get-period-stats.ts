import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { periodStatsQuerySchema } from '../../contracts/insights';
import { familyPeriodStats } from '../../services/insights';
import { ROUTES } from '../manifest';

/** GET /api/insights/period-stats?period or ?from&to: a period's summary against the previous one. */
export const handler = httpHandler(
  ROUTES.GetPeriodStats,
  { query: periodStatsQuerySchema },
  async ({ family, query }) => json(200, await familyPeriodStats(services(), family, query)),
);
