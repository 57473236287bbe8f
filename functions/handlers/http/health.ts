import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { checkHealth } from '../../services/health';
import { ROUTES } from '../manifest';

/** GET /api/health (public): each part's state; 503 when any part is not ok. No internals in details. */
export const handler = httpHandler(ROUTES.Health, {}, async () => {
  const { ok, parts } = await checkHealth(services().probes);
  return json(ok ? 200 : 503, { status: ok ? 'ok' : 'degraded', parts });
});
