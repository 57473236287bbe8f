import { services } from '../../app/container';
import { httpHandler, json, requestFacts } from '../../app/http';
import { feedbackRequestSchema } from '../../contracts/feedback';
import { submitFeedback } from '../../services/feedback';
import { ROUTES } from '../manifest';

/** POST /api/feedback/signed-in: feedback from the widget in the app, with the signed-in user recorded. */
export const handler = httpHandler(
  ROUTES.SubmitAppFeedback,
  { body: feedbackRequestSchema },
  async ({ event, body, auth }) =>
    json(201, await submitFeedback(services(), requestFacts(event), body, { source: 'app', auth })),
);
