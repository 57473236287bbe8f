import { pipelineStateSchema } from '../../contracts/pipeline';
import { matchStep } from '../../services/statement-pipeline';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Match': see functions/services/pipeline/state-machine.ts and functions/services/statement-pipeline.ts. */
export const handler = eventHandler('pipeline.Match', async (event: unknown) =>
  matchStep(pipelineStateSchema.parse(event)),
);
