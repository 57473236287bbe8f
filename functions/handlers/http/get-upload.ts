import { uploadIdParamsSchema } from '../../contracts/uploads';
import { uploadStatus } from '../../services/uploads';
import { httpHandler, json } from '../../shared/http';

/** GET /api/uploads/{id}: the pipeline stage, counts, reconciliation and a message for the family. */
export const handler = httpHandler({ params: uploadIdParamsSchema }, async ({ auth, params }) =>
  json(200, await uploadStatus(auth, params.id)),
);
