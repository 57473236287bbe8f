import { httpHandler, json } from '../../app/http';
import { similarRowsQuerySchema, transactionIdParamsSchema } from '../../contracts/spending';
import { similarForCategory } from '../../services/spending';
import { ROUTES } from '../manifest';

/**
 * GET /api/transactions/{id}/category/similar?account_id=&transaction_date=: the family's rows identical or
 * similar to this one, for a category change to be applied to them too ("Apply to N similar transactions").
 */
export const handler = httpHandler(
  ROUTES.SimilarForCategory,
  { params: transactionIdParamsSchema, query: similarRowsQuerySchema },
  async ({ family, params, query }) =>
    json(200, await similarForCategory(family, { id: params.id, ...query })),
);
