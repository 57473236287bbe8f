import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { accountNumbersRequestSchema } from '../../contracts/account-numbers';
import { accountIdParamsSchema } from '../../contracts/accounts';
import { setAccountNumbers } from '../../services/account-numbers';
import { ROUTES } from '../manifest';

/** PUT /api/accounts/{id}/numbers { sort_code?, account_number?, card_last4? }: the account's own numbers. */
export const handler = httpHandler(
  ROUTES.SetAccountNumbers,
  { params: accountIdParamsSchema, body: accountNumbersRequestSchema },
  async ({ family, params, body }) =>
    json(200, await setAccountNumbers(services(), family, params.id, body ?? {})),
);
