import type { FeedbackRequest } from '../../../../functions/contracts/feedback';
import { apiUrl } from '../../api/client';

/**
 * Sending feedback from the landing page: a plain fetch to the public route (no sign-in code is loaded
 * there). The app sends through the signed-in client instead (app-api.ts). Rejects on failure.
 */
export type SendFeedback = (input: FeedbackRequest) => Promise<void>;

export const sendPublicFeedback: SendFeedback = async (input) => {
  const response = await fetch(apiUrl('/feedback'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`Feedback was not accepted (${response.status})`);
};
