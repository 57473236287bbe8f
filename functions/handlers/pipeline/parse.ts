import { pipelineStateSchema } from '../../contracts/pipeline';
import { parseStep } from '../../services/pipeline/parse';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Parse': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/parse.ts. */
export const handler = eventHandler('pipeline.Parse', async (event: unknown) =>
  parseStep(pipelineStateSchema.parse(event)),
);
