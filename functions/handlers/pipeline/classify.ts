import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { classifyStep } from '../../services/pipeline/classify';

/** Pipeline task 'Classify': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/classify.ts. */
export const handler = eventHandler('pipeline.Classify', async (event: unknown) =>
  classifyStep(services(), pipelineStateSchema.parse(event)),
);
