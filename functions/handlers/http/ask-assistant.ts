import { askSchema } from '../../contracts/assistant';
import { ask } from '../../services/assistant';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/assistant/messages: a question to the assistant, answered from the family's own rows. */
export const handler = httpHandler(ROUTES.AskAssistant, { body: askSchema }, async ({ family, body }) =>
  json(200, await ask(family, body.question)),
);
