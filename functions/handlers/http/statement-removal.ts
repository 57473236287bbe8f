import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { statementRemoval } from '../../services/statements';
import { ROUTES } from '../manifest';

/** GET /api/uploads/{id}/removal: how many rows removing the statement would delete, and how many stay. */
export const handler = httpHandler(
  ROUTES.StatementRemoval,
  { params: uploadIdParamsSchema },
  async ({ family, params }) => json(200, await statementRemoval(family, params.id)),
);
