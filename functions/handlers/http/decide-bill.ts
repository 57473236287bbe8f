import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { billDecisionSchema } from '../../contracts/bills';
import { decideBill } from '../../services/bills';
import { ROUTES } from '../manifest';

/**
 * PUT /api/bills/decisions { series_id, status?, name?, category_id? }: the family confirms a regular
 * payment, renames it, gives it a category, says it is not regular or has ended; remembered, and it wins
 * over detection. A series the family's rows do not show answers 404.
 */
export const handler = httpHandler(
  ROUTES.DecideBill,
  { body: billDecisionSchema },
  async ({ family, body }) => json(200, await decideBill(services(), family, body)),
);
