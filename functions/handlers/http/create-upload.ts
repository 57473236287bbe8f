import { createUploadRequestSchema } from '../../contracts/uploads';
import { startUpload } from '../../services/uploads';
import { httpHandler, json } from '../../shared/http';

/** POST /api/uploads: an upload record and a presigned PUT for `{familyId}/{uploadId}_{file}.pdf`. */
export const handler = httpHandler({ body: createUploadRequestSchema }, async ({ auth, body }) =>
  json(201, await startUpload(auth, body)),
);
