import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { askSchema } from '../../contracts/assistant';
import { ask } from '../../services/assistant';
import { requirePaidAccess } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * POST /api/assistant/messages: a question to the assistant, answered from the family's own rows. The AI is
 * paid access: a family whose trial ended without an upgrade gets 402 (its kept messages stay readable).
 */
export const handler = httpHandler(ROUTES.AskAssistant, { body: askSchema }, async ({ family, body }) => {
  await requirePaidAccess(services(), family);
  return json(200, await ask(services(), family, body.question));
});
