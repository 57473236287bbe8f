import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { uploadIdParamsSchema } from '../../contracts/uploads';
import { uploadStatus } from '../../services/uploads';
import { ROUTES } from '../manifest';

/** GET /api/uploads/{id}: the pipeline stage, counts, reconciliation and a message for the family. */
export const handler = httpHandler(
  ROUTES.GetUpload,
  { params: uploadIdParamsSchema, own: (params) => ({ kind: 'upload', id: params.id }) },
  async ({ family, params, along }) => json(200, await uploadStatus(services(), family, params.id, along)),
);
