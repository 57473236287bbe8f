import { httpHandler, json } from '../../app/http';
import { institutionsQuerySchema } from '../../contracts/institutions';
import { findInstitutions } from '../../services/institutions';
import { ROUTES } from '../manifest';

/** GET /api/institutions?q=&type=&service=: active institutions by display name (spec 2 §5 picker search). */
export const handler = httpHandler(
  ROUTES.ListInstitutions,
  { query: institutionsQuerySchema },
  async ({ query }) => json(200, { institutions: await findInstitutions(query) }),
);
