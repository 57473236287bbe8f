import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { accountIdParamsSchema } from '../../contracts/accounts';
import { accountStatements } from '../../services/statements';
import { ROUTES } from '../manifest';

/** GET /api/accounts/{id}/statements: the account's uploaded statements, newest first. */
export const handler = httpHandler(
  ROUTES.ListAccountStatements,
  { params: accountIdParamsSchema },
  async ({ family, params }) => json(200, await accountStatements(services(), family, params.id)),
);
