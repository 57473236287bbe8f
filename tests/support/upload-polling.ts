import type { ExecutionRecord } from '../../functions/local/pipeline-runner';

/**
 * How long the benchmarks wait between two reads of an upload's stage (GET /api/uploads/{id}) while it is
 * under way. The family's browser reads it once a second; a benchmark reads it more often to see 'done'
 * within a few milliseconds, but each read costs the twin some 10 ms of CPU (the API, its DynamoDB reads and
 * the client), on the cores the pipeline runs on: read every 10 ms throughout, the reads took about as much
 * CPU as the statement's own steps. So: every 100 ms while the rows are read and written, and every 10 ms
 * once they are (Classify, Match and Finish, 'done' next).
 */
export function pollIntervalMs(stage: string): number {
  return stage === 'classifying' || stage === 'matching' ? 10 : 100;
}

/**
 * The time an execution spent outside its task states' handlers: from its start to the first task's, and
 * between one task's end and the next one's start (the state machine runner's own work, its Choice and Pass
 * states, the Lambda invocation around each handler).
 */
export function betweenStepsMs(steps: ExecutionRecord['steps']): number {
  let gaps = 0;
  let end = 0;
  for (const step of steps ?? []) {
    if (step.atMs === undefined) return Number.NaN;
    gaps += Math.max(0, step.atMs - end);
    end = step.atMs + step.ms;
  }
  return gaps;
}
