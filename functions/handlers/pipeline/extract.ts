import { pipelineStateSchema } from '../../contracts/pipeline';
import { extractStep } from '../../services/pipeline/extract';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Extract': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/extract.ts. */
export const handler = eventHandler('pipeline.Extract', async (event: unknown) =>
  extractStep(pipelineStateSchema.parse(event)),
);
