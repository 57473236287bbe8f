import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { extractStep } from '../../services/pipeline/extract';

/** Pipeline task 'Extract': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/extract.ts. */
export const handler = eventHandler('pipeline.Extract', async (event: unknown) =>
  extractStep(services(), pipelineStateSchema.parse(event)),
);
