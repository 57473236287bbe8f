import * as z from 'zod/mini';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineFailureSchema } from '../../contracts/pipeline';
import { recordFailureStep } from '../../services/pipeline/record-failure';

/**
 * The least a failure needs to be recorded: the object's key (it names the family and the upload) and the error.
 * A state that does not parse whole (a step's output the contract refuses) must still fail its upload for the
 * family to see, not fail this step too and leave the upload 'reading' until its link expires.
 */
const keyOnlyFailure = z.pick(pipelineFailureSchema, { bucket: true, key: true, error: true });

/** Pipeline task 'RecordFailure': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/record-failure.ts. */
export const handler = eventHandler('pipeline.RecordFailure', async (event: unknown) => {
  const whole = pipelineFailureSchema.safeParse(event);
  return recordFailureStep(services(), whole.success ? whole.data : keyOnlyFailure.parse(event));
});
