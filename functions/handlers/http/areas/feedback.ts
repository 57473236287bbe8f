import { areaRouter } from '../../../app/http';
import { handler as recordEvents } from '../record-events';
import { handler as submitAppFeedback } from '../submit-app-feedback';
import { handler as submitFeedback } from '../submit-feedback';

/** The feedback area's function: feedback (landing and app) and the landing page's analytics events. */
export const handler = areaRouter('feedback', [submitFeedback, submitAppFeedback, recordEvents]);
