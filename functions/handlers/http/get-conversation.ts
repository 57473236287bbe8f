import { httpHandler, json } from '../../app/http';
import { conversation } from '../../services/assistant';
import { ROUTES } from '../manifest';

/** GET /api/assistant/conversations: the caller's own last 10 messages with the assistant. */
export const handler = httpHandler(ROUTES.GetConversation, {}, async ({ family }) =>
  json(200, await conversation(family)),
);
