import { httpHandler, json } from '../../app/http';
import { familiesOf } from '../../services/members';
import { ROUTES } from '../manifest';

/** GET /api/families: the families the caller belongs to, the current one marked (the header's switcher). */
export const handler = httpHandler(ROUTES.ListFamilies, {}, async ({ auth, family }) =>
  json(200, await familiesOf(auth, family)),
);
