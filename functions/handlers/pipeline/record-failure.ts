import { pipelineFailureSchema } from '../../contracts/pipeline';
import { recordFailureStep } from '../../services/pipeline/record-failure';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'RecordFailure': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/record-failure.ts. */
export const handler = eventHandler('pipeline.RecordFailure', async (event: unknown) =>
  recordFailureStep(pipelineFailureSchema.parse(event)),
);
