import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { removeStatement } from '../../services/statements';
import { ROUTES } from '../manifest';

/** DELETE /api/uploads/{id}: remove the statement and exactly the rows only it holds; says how many went. */
export const handler = httpHandler(
  ROUTES.RemoveStatement,
  { params: uploadIdParamsSchema },
  async ({ family, params }) => json(200, await removeStatement(services(), family, params.id)),
);
