import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { persistStep } from '../../services/pipeline/persist';

/** Pipeline task 'Persist': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/persist.ts. */
export const handler = eventHandler('pipeline.Persist', async (event: unknown) =>
  persistStep(services(), pipelineStateSchema.parse(event)),
);
