import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { exportMapping } from '../../services/export-mappings';
import { ROUTES } from '../manifest';

/** GET /api/uploads/{id}/mapping: an export waiting to be mapped: its columns, first rows and a first guess. */
export const handler = httpHandler(
  ROUTES.GetExportMapping,
  { params: uploadIdParamsSchema },
  async ({ family, params }) => json(200, await exportMapping(family, params.id, services())),
);
