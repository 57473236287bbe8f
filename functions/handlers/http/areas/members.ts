import { areaRouter } from '../../../app/http';
import { handler as acceptInvitation } from '../accept-invitation';
import { handler as addMember } from '../add-member';
import { handler as checkInvitation } from '../check-invitation';
import { handler as declineInvitation } from '../decline-invitation';
import { handler as listFamilies } from '../list-families';
import { handler as listMembers } from '../list-members';
import { handler as removeMember } from '../remove-member';
import { handler as switchFamily } from '../switch-family';
import { handler as updateMember } from '../update-member';

/** The members area's function: family members, invitations and the caller's families. */
export const handler = areaRouter('members', [
  listMembers,
  addMember,
  updateMember,
  removeMember,
  checkInvitation,
  acceptInvitation,
  declineInvitation,
  listFamilies,
  switchFamily,
]);
