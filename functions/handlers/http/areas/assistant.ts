import { areaRouter } from '../../../app/http';
import { handler as askAssistant } from '../ask-assistant';
import { handler as getConversation } from '../get-conversation';

/** The assistant area's function: its routes (manifest area 'assistant'), dispatched on the event's routeKey. */
export const handler = areaRouter('assistant', [askAssistant, getConversation]);
