import { feedbackResponseSchema } from '../../../../functions/contracts/feedback';
import { apiRequest } from '../../api/client';
import type { SendFeedback } from './api';

/** Feedback from the app: the signed-in route, so the user is recorded with it. Rejects on failure. */
export const sendSignedInFeedback: SendFeedback = async (input) => {
  await apiRequest('/feedback/signed-in', feedbackResponseSchema, { method: 'POST', body: input });
};
