import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { createAccountsRequestSchema } from '../../contracts/accounts';
import { createAccounts } from '../../services/accounts';
import { ROUTES } from '../manifest';

/**
 * POST /api/accounts (spec 2 §5 creation rules): for each requested account, one account per selected
 * service of a catalogue institution, else one account; into the caller's family only. Idempotent per
 * client_id. 'Insufficient information provided for account creation' / 'Bank name is required for manual
 * entry' are 400s; 'Failed to create accounts for {bank}' when a bank's accounts cannot be created.
 */
export const handler = httpHandler(
  ROUTES.CreateAccounts,
  { body: createAccountsRequestSchema },
  async ({ family, body }) => {
    const result = await createAccounts(services(), family, body);
    return json(result.created > 0 ? 201 : 200, result);
  },
);
