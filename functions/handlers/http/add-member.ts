import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { addMemberRequestSchema } from '../../contracts/members';
import { addFamilyMember } from '../../services/members';
import { ROUTES } from '../manifest';

/**
 * POST /api/family/members { email, name } (spec 1 §7 Add member; admin only): a pending member and an
 * invitation e-mail (201); the same address again sends a new link (200).
 */
export const handler = httpHandler(
  ROUTES.AddMember,
  { body: addMemberRequestSchema },
  async ({ family, body }) => {
    const result = await addFamilyMember(services(), family, body);
    return json(result.resent ? 200 : 201, result);
  },
);
