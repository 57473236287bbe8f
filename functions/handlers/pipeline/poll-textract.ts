import { pipelineStateSchema } from '../../contracts/pipeline';
import { pollTextractStep } from '../../services/statement-text';
import { eventHandler } from '../../shared/http';

/** Pipeline task 'PollTextract': see infra/shared/statement-pipeline.ts and functions/services/statement-text.ts. */
export const handler = eventHandler('pipeline.PollTextract', async (event: unknown) =>
  pollTextractStep(pipelineStateSchema.parse(event)),
);
