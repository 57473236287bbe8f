import { pipelineStateSchema } from '../../contracts/pipeline';
import { finishStep } from '../../services/pipeline/finish';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Finish': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/finish.ts. */
export const handler = eventHandler('pipeline.Finish', async (event: unknown) =>
  finishStep(pipelineStateSchema.parse(event)),
);
