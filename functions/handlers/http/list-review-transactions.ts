import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { reviewList } from '../../services/classification-job';
import { ROUTES } from '../manifest';

/** GET /api/transactions/unclassified: Smart Transaction Review's tiles and up to 20 rows needing review. */
export const handler = httpHandler(ROUTES.ListReviewTransactions, {}, async ({ family }) =>
  json(200, await reviewList(services(), family)),
);
