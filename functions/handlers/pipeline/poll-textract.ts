import { pipelineStateSchema } from '../../contracts/pipeline';
import { pollTextractStep } from '../../services/pipeline/poll-textract';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'PollTextract': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/poll-textract.ts. */
export const handler = eventHandler('pipeline.PollTextract', async (event: unknown) =>
  pollTextractStep(pipelineStateSchema.parse(event)),
);
