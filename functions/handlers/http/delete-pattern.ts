import { httpHandler, json } from '../../app/http';
import { patternIdParamsSchema } from '../../contracts/corrections';
import { forgetPattern } from '../../services/corrections';
import { ROUTES } from '../manifest';

/** DELETE /api/patterns/{id}: forget a learned pattern (later uploads no longer apply it). */
export const handler = httpHandler(
  ROUTES.DeletePattern,
  { params: patternIdParamsSchema },
  async ({ family, params }) => json(200, await forgetPattern(family, params.id)),
);
