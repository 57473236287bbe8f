import { areaRouter } from '../../../app/http';
import { handler as archiveAccount } from '../archive-account';
import { handler as createAccounts } from '../create-accounts';
import { handler as getAccount } from '../get-account';
import { handler as listAccounts } from '../list-accounts';
import { handler as restoreAccount } from '../restore-account';
import { handler as updateAccount } from '../update-account';

/** The accounts area's function: its routes (manifest area 'accounts'), dispatched on the event's routeKey. */
export const handler = areaRouter('accounts', [
  listAccounts,
  createAccounts,
  getAccount,
  updateAccount,
  archiveAccount,
  restoreAccount,
]);
