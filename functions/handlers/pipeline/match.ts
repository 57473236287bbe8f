import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { matchStep } from '../../services/pipeline/match';

/** Pipeline task 'Match': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/match.ts. */
export const handler = eventHandler('pipeline.Match', async (event: unknown) =>
  matchStep(services(), pipelineStateSchema.parse(event)),
);
