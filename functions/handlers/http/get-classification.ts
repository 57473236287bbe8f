import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { classificationStatus } from '../../services/classification-job';
import { ROUTES } from '../manifest';

/** GET /api/transactions/classify: the family's classification job and its progress (polled by the screen). */
export const handler = httpHandler(ROUTES.GetClassification, {}, async ({ family }) =>
  json(200, await classificationStatus(services(), family)),
);
