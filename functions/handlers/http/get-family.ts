import { httpHandler, json } from '../../app/http';
import { ownFamily } from '../../services/family';
import { ROUTES } from '../manifest';

/** GET /api/family: the caller's own family (found through their membership), or 404. */
export const handler = httpHandler(
  ROUTES.GetFamily,
  { own: () => ({ kind: 'family' }) },
  async ({ family, along }) => json(200, await ownFamily(family, along)),
);
