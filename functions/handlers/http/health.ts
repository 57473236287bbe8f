import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { ROUTES } from '../manifest';

/** GET /api/health (public): each part's state; 503 when any part is not ok. No internals in details. */
export const handler = httpHandler(ROUTES.Health, {}, async () => {
  const parts: Record<string, { state: string; detail?: string }> = {};
  await Promise.all(
    services().probes.map(async (probe) => {
      try {
        parts[probe.name] = await probe.check();
      } catch {
        parts[probe.name] = { state: 'error' };
      }
    }),
  );
  const ok = Object.values(parts).every((p) => p.state === 'ok');
  return json(ok ? 200 : 503, { status: ok ? 'ok' : 'degraded', parts });
});
