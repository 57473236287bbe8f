import * as z from 'zod/mini';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { CLASSIFICATION_JOB_RUN_MS, runClassificationJob } from '../../services/classification-job';

/** What the classification job's state machine passes to each run of the worker. */
export const classificationJobEventSchema = z.object({ familyId: z.string(), jobId: z.string() });

/**
 * The classification job's worker in AWS: one run reviews rows until none is left or its time is nearly up
 * (CLASSIFICATION_JOB_RUN_MS, well inside the function's 300 s), then gives the job's lease back; the state
 * machine (functions/services/classification-job-machine.ts) runs it again while `more` is true. A run that
 * finds another worker holding the job ends.
 */
export const handler = eventHandler('job.Classification', async (event: unknown, context) => {
  const { familyId, jobId } = classificationJobEventSchema.parse(event);
  const remaining = context?.getRemainingTimeInMillis?.() ?? CLASSIFICATION_JOB_RUN_MS + 60_000;
  const signal = AbortSignal.timeout(
    Math.max(1_000, Math.min(CLASSIFICATION_JOB_RUN_MS, remaining - 60_000)),
  );
  const outcome = await runClassificationJob(services(), familyId, jobId, { signal, handOver: true });
  return { familyId, jobId, outcome, more: outcome === 'stopped' };
});
