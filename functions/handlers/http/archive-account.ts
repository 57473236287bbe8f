import { accountIdParamsSchema } from '../../contracts/accounts';
import { archiveAccount } from '../../services/accounts';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/accounts/{id}/archive: hide the account, keeping its data (spec 2 §4); answers { account }. */
export const handler = httpHandler(
  ROUTES.ArchiveAccount,
  { params: accountIdParamsSchema },
  async ({ family, params }) => json(200, { account: await archiveAccount(family, params.id) }),
);
