import * as z from 'zod/mini';
import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { confirmMapping } from '../../services/export-mappings';
import { requirePaidAccess } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * POST /api/uploads/{id}/mapping: how to read an export the reader could not (its columns, or its date
 * order), kept for the account, and the file read with it. The family's admin's; after the trial, a paid
 * plan's (as adding a statement is).
 */
export const handler = httpHandler(
  ROUTES.ConfirmExportMapping,
  // The answer is read against its contract once the upload is found in the family (confirmMapping).
  { params: uploadIdParamsSchema, body: z.unknown() },
  async ({ family, params, body }) => {
    await requirePaidAccess(services(), family);
    return json(200, await confirmMapping(family, params.id, body, services()));
  },
);
