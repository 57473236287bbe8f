import { httpHandler, json } from '../../app/http';
import { familyAccountNumbers } from '../../services/account-numbers';
import { ROUTES } from '../manifest';

/** GET /api/account-numbers: the family's accounts with the numbers that name them in descriptions. */
export const handler = httpHandler(ROUTES.ListAccountNumbers, {}, async ({ family }) =>
  json(200, await familyAccountNumbers(family)),
);
