import { institutionsQuerySchema } from '../../contracts/institutions';
import { findInstitutions } from '../../services/institutions';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/institutions?q=&type=&service=: active institutions by display name (spec 2 §5 picker search). */
export const handler = httpHandler(
  ROUTES.ListInstitutions,
  { query: institutionsQuerySchema },
  async ({ query }) => json(200, { institutions: await findInstitutions(query) }),
);
