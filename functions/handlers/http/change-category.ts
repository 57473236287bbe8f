import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import {
  CATEGORY_MESSAGES,
  singleCategoryChangeSchema,
  transactionIdParamsSchema,
} from '../../contracts/spending';
import { changeCategory } from '../../services/spending';
import { NotFoundError } from '../../shared/errors';
import { ROUTES } from '../manifest';

/**
 * PATCH /api/transactions/{id}/category { account_id, transaction_date, category_id }: change one row's
 * category; audited and learned for the row's merchant (0.8). A row not found by id, account and date (or
 * without them) answers 404 before the category is judged.
 */
export const handler = httpHandler(
  ROUTES.ChangeCategory,
  { params: transactionIdParamsSchema, body: singleCategoryChangeSchema },
  async ({ family, params, body }) => {
    if (!body?.account_id || !body.transaction_date) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
    const transactions = [
      { id: params.id, account_id: body.account_id, transaction_date: body.transaction_date },
    ];
    return json(
      200,
      await changeCategory(services(), family, { transactions, category_id: body.category_id ?? '' }, false),
    );
  },
);
