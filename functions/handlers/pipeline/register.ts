import { pipelineInputSchema } from '../../contracts/pipeline';
import { registerStep } from '../../services/pipeline/register';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Register': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/register.ts. */
export const handler = eventHandler('pipeline.Register', async (event: unknown) =>
  registerStep(pipelineInputSchema.parse(event)),
);
