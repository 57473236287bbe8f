import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineInputSchema } from '../../contracts/pipeline';
import { registerStep } from '../../services/pipeline/register';

/** Pipeline task 'Register': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/register.ts. */
export const handler = eventHandler('pipeline.Register', async (event: unknown) =>
  registerStep(services(), pipelineInputSchema.parse(event)),
);
