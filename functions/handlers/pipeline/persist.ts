import { pipelineStateSchema } from '../../contracts/pipeline';
import { persistStep } from '../../services/statement-pipeline';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'Persist': see functions/services/pipeline/state-machine.ts and functions/services/statement-pipeline.ts. */
export const handler = eventHandler('pipeline.Persist', async (event: unknown) =>
  persistStep(pipelineStateSchema.parse(event)),
);
