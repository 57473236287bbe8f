import { conversation } from '../../services/assistant';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** GET /api/assistant/conversations: the caller's own last 10 messages with the assistant. */
export const handler = httpHandler(ROUTES.GetConversation, {}, async ({ family }) =>
  json(200, await conversation(family)),
);
