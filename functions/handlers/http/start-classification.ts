import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { startClassification } from '../../services/classification-job';
import { requirePaidAccess } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * POST /api/transactions/classify ('Review All Transactions'): starts the family's classification job in the
 * background (202), or joins the one running (200, joined: true). Runs the AI, so it needs paid access (402
 * after the trial without an upgrade); 503 without a classifier.
 */
export const handler = httpHandler(ROUTES.StartClassification, {}, async ({ family }) => {
  await requirePaidAccess(services(), family);
  const result = await startClassification(services(), family);
  return json(result.joined ? 200 : 202, result);
});
