import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { bulkCategoryChangeSchema } from '../../contracts/spending';
import { changeCategory } from '../../services/spending';
import { ROUTES } from '../manifest';

/**
 * POST /api/transactions/categories { transactions: [{ id, account_id, transaction_date }], category_id }:
 * change many rows' category at once; audited and learned per merchant (0.9).
 */
export const handler = httpHandler(
  ROUTES.ChangeCategories,
  { body: bulkCategoryChangeSchema },
  async ({ family, body }) => json(200, await changeCategory(services(), family, body, true)),
);
