import { pipelineStateSchema } from '../../contracts/pipeline';
import { matchStep } from '../../services/pipeline/match';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Match': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/match.ts. */
export const handler = eventHandler('pipeline.Match', async (event: unknown) =>
  matchStep(pipelineStateSchema.parse(event)),
);
