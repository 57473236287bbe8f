import { httpHandler, json } from '../../app/http';
import { listFamilyMembers } from '../../services/members';
import { ROUTES } from '../manifest';

/** GET /api/family/members (spec 1 §7 Members): the family's active and pending members, with profile names. */
export const handler = httpHandler(ROUTES.ListMembers, {}, async ({ family }) =>
  json(200, await listFamilyMembers(family)),
);
