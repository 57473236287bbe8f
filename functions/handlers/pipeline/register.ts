import { pipelineInputSchema } from '../../contracts/pipeline';
import { registerStep } from '../../services/statement-pipeline';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Register': see functions/services/pipeline/state-machine.ts and functions/services/statement-pipeline.ts. */
export const handler = eventHandler('pipeline.Register', async (event: unknown) =>
  registerStep(pipelineInputSchema.parse(event)),
);
