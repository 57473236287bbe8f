import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { dismissNotificationRequestSchema } from '../../contracts/subscription';
import { dismissNotification } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * POST /api/subscription/notifications (spec 1 §7 mark_notification_sent): the calling member dismissed a
 * trial banner; it stops for them. Answers the subscription info as they now see it.
 */
export const handler = httpHandler(
  ROUTES.DismissNotification,
  { body: dismissNotificationRequestSchema },
  async ({ family, body }) =>
    json(200, await dismissNotification(services(), family, body.notification_type)),
);
