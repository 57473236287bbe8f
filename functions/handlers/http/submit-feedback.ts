import { feedbackRequestSchema } from '../../contracts/feedback';
import { submitFeedback } from '../../services/feedback';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/feedback (public): feedback from the landing page's widget (spec 1 §2, §3, §5). */
export const handler = httpHandler(
  ROUTES.SubmitFeedback,
  { body: feedbackRequestSchema },
  async ({ event, body }) =>
    json(201, await submitFeedback(event, body, { source: 'landing_page', auth: null })),
);
