import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { finishStep } from '../../services/pipeline/finish';

/** Pipeline task 'Finish': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/finish.ts. */
export const handler = eventHandler('pipeline.Finish', async (event: unknown) =>
  finishStep(services(), pipelineStateSchema.parse(event)),
);
