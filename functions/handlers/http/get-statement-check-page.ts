import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { checkPageParamsSchema } from '../../contracts/statement-check';
import { statementCheckPage } from '../../services/statement-checks';
import { ROUTES } from '../manifest';

/** GET /api/uploads/{id}/check/pages/{page}: one page of a held statement drawn as an image. */
export const handler = httpHandler(
  ROUTES.GetStatementCheckPage,
  { params: checkPageParamsSchema },
  async ({ family, params }) =>
    json(200, await statementCheckPage(family, params.id, params.page, services())),
);
