import { pipelineStateSchema } from '../../contracts/pipeline';
import { pollTextractStep } from '../../services/statement-text';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'PollTextract': see functions/services/pipeline/state-machine.ts and functions/services/statement-text.ts. */
export const handler = eventHandler('pipeline.PollTextract', async (event: unknown) =>
  pollTextractStep(pipelineStateSchema.parse(event)),
);
