import { httpHandler, json } from '../../app/http';
import { drawingServices } from '../../app/page-drawing';
import { checkPageParamsSchema } from '../../contracts/statement-check';
import { statementCheckPage } from '../../services/statement-checks';
import { ROUTES } from '../manifest';

/** GET /api/uploads/{id}/check/pages/{page}: one page of a held statement drawn as an image. */
export const handler = httpHandler(
  ROUTES.GetStatementCheckPage,
  { params: checkPageParamsSchema },
  async ({ family, params }) =>
    json(200, await statementCheckPage(family, params.id, params.page, drawingServices())),
);
