import { pipelineStateSchema } from '../../contracts/pipeline';
import { persistStep } from '../../services/pipeline/persist';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Persist': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/persist.ts. */
export const handler = eventHandler('pipeline.Persist', async (event: unknown) =>
  persistStep(pipelineStateSchema.parse(event)),
);
