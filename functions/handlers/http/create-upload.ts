import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { createUploadRequestSchema } from '../../contracts/uploads';
import { requirePaidAccess } from '../../services/subscription';
import { startUpload } from '../../services/uploads';
import { ROUTES } from '../manifest';

/**
 * POST /api/uploads: an upload record and a presigned PUT for `{familyId}/{uploadId}_{file}.pdf`. A family
 * whose trial ended without an upgrade gets 402 (reading and exporting stay open).
 */
export const handler = httpHandler(
  ROUTES.CreateUpload,
  { body: createUploadRequestSchema },
  async ({ family, body }) => {
    await requirePaidAccess(services(), family);
    return json(201, await startUpload(services(), family, body));
  },
);
