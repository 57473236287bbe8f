import { overviewQuerySchema } from '../../contracts/insights';
import { familyOverview } from '../../services/insights';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/insights/overview?period: the Family Overview's figures for one quick period. */
export const handler = httpHandler(
  ROUTES.GetOverview,
  { query: overviewQuerySchema },
  async ({ family, query }) => json(200, await familyOverview(family, query.period)),
);
