import { httpHandler, json } from '../../app/http';
import { analytics } from '../../services/assistant';
import { ROUTES } from '../manifest';

/** GET /api/insights/analytics: the Analytics & Insights page's proactive insights and example questions. */
export const handler = httpHandler(ROUTES.GetAnalytics, {}, async ({ family }) =>
  json(200, await analytics(family)),
);
