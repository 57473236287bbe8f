import { feedbackRequestSchema } from '../../contracts/feedback';
import { submitFeedback } from '../../services/feedback';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/feedback/signed-in: feedback from the widget in the app, with the signed-in user recorded. */
export const handler = httpHandler(
  ROUTES.SubmitAppFeedback,
  { body: feedbackRequestSchema },
  async ({ event, body, auth }) => json(201, await submitFeedback(event, body, { source: 'app', auth })),
);
