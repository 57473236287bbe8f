import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { statementCheck } from '../../services/statement-checks';
import { ROUTES } from '../manifest';

/** GET /api/uploads/{id}/check: a held statement's rows, sums, where they break, and the family's edits. */
export const handler = httpHandler(
  ROUTES.GetStatementCheck,
  { params: uploadIdParamsSchema },
  async ({ family, params }) => json(200, await statementCheck(family, params.id, services())),
);
