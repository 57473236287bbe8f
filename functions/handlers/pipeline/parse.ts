import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { pipelineStateSchema } from '../../contracts/pipeline';
import { parseStep } from '../../services/pipeline/parse';

/** Pipeline task 'Parse': see functions/services/pipeline/state-machine.ts and functions/services/pipeline/parse.ts. */
export const handler = eventHandler('pipeline.Parse', async (event: unknown) =>
  parseStep(services(), pipelineStateSchema.parse(event)),
);
