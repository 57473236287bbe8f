import { createUploadRequestSchema } from '../../contracts/uploads';
import { startUpload } from '../../services/uploads';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/uploads: an upload record and a presigned PUT for `{familyId}/{uploadId}_{file}.pdf`. */
export const handler = httpHandler(
  ROUTES.CreateUpload,
  { body: createUploadRequestSchema },
  async ({ family, body }) => json(201, await startUpload(family, body)),
);
