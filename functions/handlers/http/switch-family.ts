import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { switchFamilyRequestSchema } from '../../contracts/members';
import { switchFamily } from '../../services/members';
import { ROUTES } from '../manifest';

/**
 * POST /api/families/current { family_id }: make another family the caller belongs to their current one. The
 * id is only ever a choice among the caller's own families: any other answers 404.
 */
export const handler = httpHandler(
  ROUTES.SwitchFamily,
  { body: switchFamilyRequestSchema },
  async ({ auth, body }) => json(200, await switchFamily(services(), auth, body.family_id)),
);
