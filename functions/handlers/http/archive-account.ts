import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { accountIdParamsSchema } from '../../contracts/accounts';
import { archiveAccount } from '../../services/accounts';
import { ROUTES } from '../manifest';

/** POST /api/accounts/{id}/archive: hide the account, keeping its data (spec 2 §4); answers { account }. */
export const handler = httpHandler(
  ROUTES.ArchiveAccount,
  { params: accountIdParamsSchema },
  async ({ family, params }) => json(200, { account: await archiveAccount(services(), family, params.id) }),
);
