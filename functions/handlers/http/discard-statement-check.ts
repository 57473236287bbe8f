import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { discardCheck } from '../../services/statement-checks';
import { ROUTES } from '../manifest';

/** POST /api/uploads/{id}/check/discard: the held statement goes; the family's admin's. */
export const handler = httpHandler(
  ROUTES.DiscardStatementCheck,
  { params: uploadIdParamsSchema },
  async ({ family, params }) => json(200, await discardCheck(family, params.id, services())),
);
