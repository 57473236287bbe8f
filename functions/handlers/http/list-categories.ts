import { httpHandler, json } from '../../app/http';
import { listCategories } from '../../services/spending';
import { ROUTES } from '../manifest';

/** GET /api/categories: the spending categories, parents and children, by display_order (spec 3 §7). */
export const handler = httpHandler(ROUTES.ListCategories, {}, async () =>
  json(200, { categories: await listCategories() }),
);
