import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { importCheckRequestSchema } from '../../contracts/statement-check';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { importCheck } from '../../services/statement-checks';
import { requirePaidAccess } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * POST /api/uploads/{id}/check/import: Import a held statement that adds up, or with `anyway` Import anyway
 * (marked not checked). The family's admin's; after the trial, a paid plan's (as adding a statement is).
 */
export const handler = httpHandler(
  ROUTES.ImportStatementCheck,
  { params: uploadIdParamsSchema, body: importCheckRequestSchema },
  async ({ family, params, body }) => {
    await requirePaidAccess(services(), family);
    return json(200, await importCheck(family, params.id, body, services()));
  },
);
