import './polyfills';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { PIPELINE_TASKS, type PipelineTask, TEXTRACT_WAIT_STATE } from '../contracts/pipeline-states';
import { FUNCTIONS } from '../handlers/manifest';
import { statementPipelineDefinition } from '../services/pipeline/state-machine';
import type { PipelineStarter } from '../shared/ports';
import { invoke } from './lambda-runtime';
import { threadCpuMs } from './thread-cpu';

/**
 * The twin's Step Functions: runs the ONE statement-pipeline definition with aws-local-stepfunctions, each
 * task state bound by name to the same handler module AWS runs. Execution names are unique, as in Step
 * Functions, so a duplicated S3 event starts nothing. Executions are recorded in .data/ so they stay visible
 * after a restart, and any that were running when the twin stopped are run again (every step is idempotent).
 */
export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
export interface ExecutionRecord {
  name: string;
  status: ExecutionStatus;
  input: unknown;
  output?: unknown;
  error?: { name: string; message: string };
  /**
   * Each task state run, in order, with how long its handler took and the twin process's CPU time meanwhile
   * (every thread's: the DynamoDB thread's work for the step included, and anything else the twin did at the
   * time), and the requests the twin's DynamoDB received meanwhile (for /local/status and benchmarks).
   */
  steps?: Array<{
    task: PipelineTask;
    ms: number;
    cpuMs?: number;
    /** Of `cpuMs`, the twin's own thread's (the handler, the SDK) and the DynamoDB thread's (Linux only). */
    twinThreadCpuMs?: number;
    dynamoThreadCpuMs?: number;
    dynamoCalls?: number;
    atMs?: number;
  }>;
  startedAt: string;
  stoppedAt?: string;
}

const MAX_KEPT = 200;
type Json = Parameters<StateMachine['run']>[0];

const VALIDATED_DIR = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'family-finance');

/**
 * The state machine for a definition, checked against the Amazon States Language (as Step Functions checks it on
 * deployment) once per definition: the library's check compiles its JSON schemas afresh every time (a second or
 * more of CPU, at every twin start), so a definition found valid is remembered by its hash in `dir` and later
 * machines of the same definition skip it. An invalid definition is never remembered: it fails every start.
 */
export function validatedMachine(
  definition: ConstructorParameters<typeof StateMachine>[0],
  dir: string,
): StateMachine {
  const validationOptions = { checkPaths: false };
  const hash = createHash('sha256')
    .update(JSON.stringify({ definition, validationOptions }))
    .digest('hex')
    .slice(0, 16);
  const marker = join(dir, `state-machine-valid-${hash}`);
  if (existsSync(marker)) return new StateMachine(definition, { validationOptions: { noValidate: true } });
  const machine = new StateMachine(definition, { validationOptions });
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(marker, '');
  } catch {
    // Not remembered (a read-only folder): the next start checks the definition again.
  }
  return machine;
}

export class LocalPipelineRunner implements PipelineStarter {
  private readonly executions = new Map<string, ExecutionRecord>();
  private readonly running = new Map<string, { promise: Promise<void>; abort: () => void }>();
  private readonly machine: StateMachine;
  private closed = false;

  constructor(
    private readonly options: {
      statePath?: string;
      log?: (line: string) => void;
      waitMs?: number;
      /** Where the hashes of definitions found valid are kept; default node_modules/.cache/family-finance. */
      validatedDir?: string;
      /** The requests the twin's DynamoDB has received so far, by operation (each step's are recorded). */
      dynamoCalls?: () => Partial<Record<string, number>>;
      /** The DynamoDB thread's CPU time so far, in ms (null when it cannot be read). */
      dynamoThreadCpuMs?: () => number | null;
    },
  ) {
    const resources = Object.fromEntries(
      PIPELINE_TASKS.map((task) => [
        task,
        `arn:aws:lambda:eu-west-2:000000000000:function:local-Pipeline${task}`,
      ]),
    ) as Record<PipelineTask, string>;
    // The library's definition type is narrower than plain JSON.
    type Definition = ConstructorParameters<typeof StateMachine>[0];
    const definition = statementPipelineDefinition(resources) as unknown as Definition;
    this.machine = validatedMachine(definition, options.validatedDir ?? VALIDATED_DIR);
    if (options.statePath && existsSync(options.statePath)) {
      const saved = JSON.parse(readFileSync(options.statePath, 'utf8')) as ExecutionRecord[];
      for (const record of saved) this.executions.set(record.name, record);
    }
  }

  /** Re-run executions a previous twin left RUNNING (it stopped mid-way). */
  resumeInterrupted(): number {
    const interrupted = [...this.executions.values()].filter((e) => e.status === 'RUNNING');
    for (const record of interrupted) this.run(record);
    return interrupted.length;
  }

  async start(name: string, input: unknown) {
    if (this.closed) throw new Error('The pipeline runner is stopping');
    if (this.executions.has(name)) return { executionId: name, started: false };
    const record: ExecutionRecord = { name, status: 'RUNNING', input, startedAt: new Date().toISOString() };
    this.executions.set(name, record);
    this.trim();
    this.save();
    this.run(record);
    return { executionId: name, started: true };
  }

  /** Every request the twin's DynamoDB has received so far (undefined when not counted). */
  private dynamoCallCount(): number | undefined {
    const calls = this.options.dynamoCalls?.();
    return calls && Object.values(calls).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  }

  private run(record: ExecutionRecord) {
    record.steps = [];
    const began = performance.now();
    const handlers = Object.fromEntries(
      PIPELINE_TASKS.map((task) => {
        const spec = FUNCTIONS.find((f) => f.trigger.type === 'pipeline' && f.trigger.task === task);
        if (!spec) throw new Error(`No handler for pipeline task ${task}`);
        // Task results are the JSON pipeline state (functions/contracts/pipeline.ts).
        return [
          task,
          async (input: unknown) => {
            const started = performance.now();
            const cpu = process.cpuUsage();
            const calls = this.dynamoCallCount();
            const twinThread = threadCpuMs();
            const dynamoThread = this.options.dynamoThreadCpuMs?.() ?? null;
            try {
              return (await invoke(spec, input)) as Json;
            } finally {
              const used = process.cpuUsage(cpu);
              const twinThreadNow = twinThread === null ? null : threadCpuMs();
              const dynamoThreadNow = dynamoThread === null ? null : this.options.dynamoThreadCpuMs?.();
              record.steps = [
                ...(record.steps ?? []),
                {
                  task,
                  ms: Math.round(performance.now() - started),
                  atMs: Math.round(started - began),
                  cpuMs: Math.round((used.user + used.system) / 1000),
                  ...(twinThread !== null && twinThreadNow != null
                    ? { twinThreadCpuMs: Math.round(twinThreadNow - twinThread) }
                    : {}),
                  ...(dynamoThread !== null && dynamoThreadNow != null
                    ? { dynamoThreadCpuMs: Math.round(dynamoThreadNow - dynamoThread) }
                    : {}),
                  ...(calls === undefined ? {} : { dynamoCalls: (this.dynamoCallCount() ?? 0) - calls }),
                },
              ];
            }
          },
        ];
      }),
    );
    // Retry pauses shortened: 20 ms for a platform error; a Persist waiting for its account's turn 200 ms (60
    // tries: 12 s, longer than any Persist on the twin takes).
    const retryIntervalOverrides: Record<string, number | number[]> = Object.fromEntries(
      PIPELINE_TASKS.map((task) => [task, 20]),
    );
    retryIntervalOverrides.Persist = [20, 200];
    const execution = this.machine.run(record.input as Json, {
      overrides: {
        taskResourceLocalHandlers: handlers,
        waitTimeOverrides: { [TEXTRACT_WAIT_STATE]: this.options.waitMs ?? 200 },
        retryIntervalOverrides,
      },
      noThrowOnAbort: true,
    });
    const promise = execution.result
      .then((output: unknown) => {
        if (record.status === 'RUNNING') {
          record.status = output === null && this.closed ? 'RUNNING' : 'SUCCEEDED';
          record.output = output;
        }
      })
      .catch((error: Error) => {
        record.status = 'FAILED';
        record.error = { name: error.name, message: error.message };
      })
      .finally(() => {
        if (record.status !== 'RUNNING') record.stoppedAt = new Date().toISOString();
        this.running.delete(record.name);
        this.save();
        this.options.log?.(`pipeline ${record.name}: ${record.status}`);
      });
    this.running.set(record.name, { promise, abort: execution.abort });
  }

  list(limit = 20): ExecutionRecord[] {
    return [...this.executions.values()]
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
      .slice(0, limit);
  }

  get(name: string): ExecutionRecord | undefined {
    return this.executions.get(name);
  }

  runningCount(): number {
    return this.running.size;
  }

  /** Resolves when no execution is running (tests, and a clean shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()].map((r) => r.promise));
  }

  /** Stop: give running executions a moment to finish, abort the rest (they resume on next start). */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([this.idle(), timer]);
    for (const { abort } of this.running.values()) abort();
    await Promise.allSettled([...this.running.values()].map((r) => r.promise));
    this.save();
  }

  private trim() {
    if (this.executions.size <= MAX_KEPT) return;
    const done = this.list(Number.MAX_SAFE_INTEGER).filter((e) => e.status !== 'RUNNING');
    for (const record of done.slice(MAX_KEPT / 2)) this.executions.delete(record.name);
  }

  private save() {
    if (!this.options.statePath) return;
    const tmp = `${this.options.statePath}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.executions.values()], null, 1), { mode: 0o600 });
    renameSync(tmp, this.options.statePath);
  }
}
