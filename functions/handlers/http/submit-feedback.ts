import { services } from '../../app/container';
import { httpHandler, json, requestFacts } from '../../app/http';
import { feedbackRequestSchema } from '../../contracts/feedback';
import { submitFeedback } from '../../services/feedback';
import { ROUTES } from '../manifest';

/** POST /api/feedback (public): feedback from the landing page's widget (spec 1 §2, §3, §5). */
export const handler = httpHandler(
  ROUTES.SubmitFeedback,
  { body: feedbackRequestSchema },
  async ({ event, body }) =>
    json(
      201,
      await submitFeedback(services(), requestFacts(event), body, { source: 'landing_page', auth: null }),
    ),
);
