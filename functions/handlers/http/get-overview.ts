import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { overviewQuerySchema } from '../../contracts/insights';
import { familyOverview } from '../../services/insights';
import { ROUTES } from '../manifest';

/** GET /api/insights/overview?period: the Family Overview's figures for one quick period. */
export const handler = httpHandler(
  ROUTES.GetOverview,
  { query: overviewQuerySchema },
  async ({ family, query }) => json(200, await familyOverview(services(), family, query.period)),
);
