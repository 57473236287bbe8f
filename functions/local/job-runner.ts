import { ulid } from 'ulid';
import { runClassificationJob } from '../services/classification-job';
import type { JobStarter } from '../shared/ports';

/**
 * The twin's runner of background jobs (Smart Transaction Review's classification): the worker runs in the
 * twin's process, one per job at a time. Stopping the twin stops each worker between batches (it gives the
 * job's lease back and the job stays running); the next look at the job after a restart (the screen polls it)
 * starts a worker that carries on where it stopped. Never keeps the twin from stopping: a pause is cut short.
 */
export class LocalJobRunner implements JobStarter {
  private readonly running = new Map<string, { promise: Promise<unknown>; controller: AbortController }>();
  private closed = false;

  constructor(private readonly options: { log?: (line: string) => void } = {}) {}

  async startClassification(familyId: string, jobId: string): Promise<void> {
    if (this.closed) return;
    const key = `${familyId}#${jobId}`;
    if (this.running.has(key)) return;
    const controller = new AbortController();
    const promise = runClassificationJob(familyId, jobId, {
      signal: controller.signal,
      owner: `local-${ulid()}`,
    })
      .then((outcome) => this.options.log?.(`classification job ${jobId}: ${outcome}`))
      .catch((error) => this.options.log?.(`classification job ${jobId} failed: ${String(error)}`))
      .finally(() => this.running.delete(key));
    this.running.set(key, { promise, controller });
  }

  runningCount(): number {
    return this.running.size;
  }

  /** Stop every worker (each ends its batch, gives its lease back) and wait for them. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.running.values()];
    for (const w of workers) w.controller.abort();
    await Promise.allSettled(workers.map((w) => w.promise));
  }
}
