import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { initialiseFamilyRequestSchema } from '../../contracts/family';
import { initialiseFamily } from '../../services/family';
import { ROUTES } from '../manifest';

/**
 * POST /api/family (spec 1 §7 initialize_user_family): the caller's family, created on first call with the
 * given name or "{local part}'s Family". Idempotent: later calls return the same family (201 then 200).
 */
export const handler = httpHandler(
  ROUTES.InitialiseFamily,
  { body: initialiseFamilyRequestSchema },
  async ({ auth, family, body }) => {
    const result = await initialiseFamily(services(), auth, family, body);
    return json(result.created ? 201 : 200, result);
  },
);
