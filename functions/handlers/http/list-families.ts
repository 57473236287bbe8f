import { familiesOf } from '../../services/members';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/families: the families the caller belongs to, the current one marked (the header's switcher). */
export const handler = httpHandler(ROUTES.ListFamilies, {}, async ({ auth, family }) =>
  json(200, await familiesOf(auth, family)),
);
