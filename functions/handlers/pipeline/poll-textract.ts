import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { pollTextractStep } from '../../services/pipeline/poll-textract';

/** Pipeline task 'PollTextract': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/poll-textract.ts. */
export const handler = eventHandler('pipeline.PollTextract', async (event: unknown) =>
  pollTextractStep(services(), pipelineStateSchema.parse(event)),
);
