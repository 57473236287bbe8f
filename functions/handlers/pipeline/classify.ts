import { pipelineStateSchema } from '../../contracts/pipeline';
import { classifyStep } from '../../services/pipeline/classify';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Classify': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/classify.ts. */
export const handler = eventHandler('pipeline.Classify', async (event: unknown) =>
  classifyStep(pipelineStateSchema.parse(event)),
);
