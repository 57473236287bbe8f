import { services } from '../../app/container';
import { httpHandler, noContent, requestFacts } from '../../app/http';
import { analyticsBatchSchema } from '../../contracts/analytics';
import { recordEvents } from '../../services/analytics';
import { ROUTES } from '../manifest';

/** POST /api/events (public): the landing page's analytics events, sent with sendBeacon (spec 3 §9). */
export const handler = httpHandler(
  ROUTES.RecordEvents,
  { body: analyticsBatchSchema },
  async ({ event, body }) => {
    await recordEvents(services(), requestFacts(event), body);
    return noContent();
  },
);
