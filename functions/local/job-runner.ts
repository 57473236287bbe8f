import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ulid } from 'ulid';
import { services } from '../app/container';
import { resumeClassificationJob, runClassificationJob } from '../services/classification-job';
import type { JobStarter } from '../shared/ports';

/** A job this runner started and that has not ended: kept on disk so that the next start resumes it. */
interface UnfinishedJob {
  familyId: string;
  jobId: string;
}

/** After a worker's lease on a job runs out, how long before looking at the job again. */
const AFTER_LEASE_MS = 250;

/**
 * The twin's runner of background jobs (Smart Transaction Review's classification): the worker runs in the
 * twin's process, one per job at a time. Stopping the twin stops each worker between batches (it gives the
 * job's lease back and the job stays running). The jobs it started and that have not ended are listed in
 * `statePath` (.data/jobs.json), and the twin's start resumes them (`resumeUnfinished`): a worker carries on
 * where the last one stopped, without waiting for the screen to look at the job. A job whose last worker died
 * (its lease still live) is looked at again when that lease runs out. Never keeps the twin from stopping: a
 * pause is cut short.
 */
export class LocalJobRunner implements JobStarter {
  private readonly running = new Map<string, { promise: Promise<unknown>; controller: AbortController }>();
  private readonly unfinished = new Map<string, UnfinishedJob>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: { log?: (line: string) => void; statePath?: string } = {}) {
    if (options.statePath && existsSync(options.statePath)) {
      try {
        const saved = JSON.parse(readFileSync(options.statePath, 'utf8')) as UnfinishedJob[];
        for (const job of saved) this.unfinished.set(`${job.familyId}#${job.jobId}`, job);
      } catch (error) {
        options.log?.(`${options.statePath} could not be read (${String(error)}): no job resumed`);
      }
    }
  }

  async startClassification(familyId: string, jobId: string): Promise<void> {
    if (this.closed) return;
    const key = `${familyId}#${jobId}`;
    if (this.running.has(key)) return;
    if (!this.unfinished.has(key)) {
      this.unfinished.set(key, { familyId, jobId });
      this.save();
    }
    const controller = new AbortController();
    const promise = runClassificationJob(services(), familyId, jobId, {
      signal: controller.signal,
      owner: `local-${ulid()}`,
    })
      .then((outcome) => {
        this.options.log?.(`classification job ${jobId}: ${outcome}`);
        // Stopped part-way, or another worker has it (which may die): looked at again at the next start.
        if (outcome === 'done' || outcome === 'failed') this.ended(key);
      })
      .catch((error) => this.options.log?.(`classification job ${jobId} failed: ${String(error)}`))
      .finally(() => this.running.delete(key));
    this.running.set(key, { promise, controller });
  }

  /**
   * At the twin's start: start a worker for every job left unfinished (the twin stopped, or its process
   * died, while it ran). Returns how many were started now; those a live lease still holds are tried again
   * when it runs out.
   */
  async resumeUnfinished(): Promise<number> {
    let started = 0;
    for (const [key, job] of [...this.unfinished]) {
      if (await this.resume(key, job)) started++;
    }
    return started;
  }

  private async resume(key: string, job: UnfinishedJob): Promise<boolean> {
    if (this.closed || this.running.has(key)) return false;
    try {
      const outcome = await resumeClassificationJob(services(), job.familyId, job.jobId);
      if (outcome.state === 'ended') this.ended(key);
      if (outcome.state === 'held') this.retryAt(key, job, outcome.until);
      return outcome.state === 'started';
    } catch (error) {
      this.options.log?.(`classification job ${job.jobId} not resumed: ${String(error)}`);
      return false;
    }
  }

  private retryAt(key: string, job: UnfinishedJob, until: string) {
    if (this.closed) return;
    const wait = Math.max(0, Date.parse(until) - Date.now()) + AFTER_LEASE_MS;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.resume(key, job);
    }, wait);
    timer.unref();
    this.retries.add(timer);
  }

  private ended(key: string) {
    if (this.unfinished.delete(key)) this.save();
  }

  private save() {
    if (!this.options.statePath || this.closed) return;
    const tmp = `${this.options.statePath}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.unfinished.values()], null, 1), { mode: 0o600 });
    renameSync(tmp, this.options.statePath);
  }

  runningCount(): number {
    return this.running.size;
  }

  /** Stop every worker (each ends its batch, gives its lease back) and wait for them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    const workers = [...this.running.values()];
    for (const w of workers) w.controller.abort();
    await Promise.allSettled(workers.map((w) => w.promise));
  }
}
