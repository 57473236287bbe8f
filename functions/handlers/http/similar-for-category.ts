import { httpHandler, json } from '../../app/http';
import {
  CATEGORY_MESSAGES,
  similarRowsQuerySchema,
  transactionIdParamsSchema,
} from '../../contracts/spending';
import { similarForCategory } from '../../services/spending';
import { NotFoundError } from '../../shared/errors';
import { ROUTES } from '../manifest';

/**
 * GET /api/transactions/{id}/category/similar?account_id=&transaction_date=: the family's rows identical or
 * similar to this one, for a category change to be applied to them too ("Apply to N similar transactions").
 */
export const handler = httpHandler(
  ROUTES.SimilarForCategory,
  { params: transactionIdParamsSchema, query: similarRowsQuerySchema },
  async ({ family, params, query }) => {
    if (!query?.account_id || !query.transaction_date) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
    const ref = { id: params.id, account_id: query.account_id, transaction_date: query.transaction_date };
    return json(200, await similarForCategory(family, ref));
  },
);
