import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { checkEditRequestSchema } from '../../contracts/statement-check';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { editCheck } from '../../services/statement-checks';
import { ROUTES } from '../manifest';

/** POST /api/uploads/{id}/check/edits: one fix to a held statement; answers the check run again. */
export const handler = httpHandler(
  ROUTES.EditStatementCheck,
  { params: uploadIdParamsSchema, body: checkEditRequestSchema },
  async ({ family, params, body }) => json(200, await editCheck(family, params.id, body, services())),
);
