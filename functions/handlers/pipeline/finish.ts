import { pipelineStateSchema } from '../../contracts/pipeline';
import { finishStep } from '../../services/statement-pipeline';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Finish': see functions/services/pipeline/state-machine.ts and functions/services/statement-pipeline.ts. */
export const handler = eventHandler('pipeline.Finish', async (event: unknown) =>
  finishStep(pipelineStateSchema.parse(event)),
);
