import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { cleanupDeleteRequestSchema } from '../../contracts/review';
import { deleteBadTransactions } from '../../services/cleanup';
import { ROUTES } from '../manifest';

/**
 * POST /api/transactions/cleanup: one deletion batch of up to 100 bad rows of the caller's family; a row is
 * deleted only while it is still bad. Says how many were deleted and how many not.
 */
export const handler = httpHandler(
  ROUTES.DeleteBadTransactions,
  { body: cleanupDeleteRequestSchema },
  async ({ family, body }) => json(200, await deleteBadTransactions(services(), family, body)),
);
