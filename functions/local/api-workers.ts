import { type MessagePort, Worker } from 'node:worker_threads';
import type { Plugin } from 'esbuild';
import { tableProbe } from '../adapters/dynamodb/health';
import { services } from '../app/container';
import type { FunctionSpec } from '../handlers/manifest';
import * as errors from '../shared/errors';
import {
  type ApiWorkerData,
  FORWARDED_METHODS,
  FORWARDED_PORTS,
  type ForwardedPort,
  type FromWorker,
  receiveError,
  sendError,
  type ToWorker,
} from './api-worker-protocol';
import { bundledCode } from './bundled-code';
import { LambdaTimeoutError } from './lambda-runtime';

/**
 * The API's execution environments: a few worker threads (./api-worker.ts), each with its own modules and SDK
 * clients, as Lambda runs a function's invocations in environments of their own. The twin's thread keeps HTTP,
 * routing and the JWT check, and hands each invocation to the worker with the fewest under way; the AWS SDK's
 * work for the API's DynamoDB calls (middleware, serialising, signing, the loopback write) then uses the
 * machine's other cores. A worker reaches the ports registered in the twin's thread (the pipeline runner, the
 * outbox, the health probes, the PDF process, jobs, the Stripe stand-in) by a message answered here.
 */
export interface ApiWorkers {
  invoke(spec: FunctionSpec, event: unknown): Promise<unknown>;
  /** A family's test clock moved: posted to every worker before any invocation that follows. */
  clockChanged(familyId: string, offsetMs: number): void;
  /** Each worker's heap, in bytes (after a full collection when `gc` and the process runs with --expose-gc). */
  memory(gc: boolean): Promise<Array<{ heapUsed: number; heapTotal: number }>>;
  /** Invocations each worker has been given so far. */
  invocations(): number[];
  close(): Promise<void>;
}

/** Error classes a worker's invocation may end with, rebuilt here (a timeout is API Gateway's 503). */
const ERROR_CLASSES = new Map<string, unknown>([
  ...Object.entries(errors).filter(([, value]) => typeof value === 'function'),
  ['LambdaTimeoutError', LambdaTimeoutError],
]);

/**
 * The pages area draws with the PDF process the twin registers (`pageImages`, forwarded), so a worker carries
 * neither pdf.js nor the native canvas: their adapter is left out of its bundle.
 */
const pagesDrawnElsewhere: Plugin = {
  name: 'pages-drawn-in-the-pdf-process',
  setup(build) {
    build.onResolve({ filter: /adapters\/ocr\/page-images$/ }, (args) => ({
      path: args.path,
      namespace: 'pages-drawn-elsewhere',
    }));
    build.onLoad({ filter: /.*/, namespace: 'pages-drawn-elsewhere' }, () => ({
      contents:
        "export const pdfPageImages = { render() { throw new Error('The twin draws pages in its PDF process'); } };",
      loader: 'js',
    }));
  },
};

/** Runs a forwarded port's method in this thread, with the ports registered here. */
async function serveCall(port: ForwardedPort, method: string, args: unknown[]): Promise<unknown> {
  if (!FORWARDED_PORTS.includes(port) || !FORWARDED_METHODS[port].includes(method))
    throw new Error(`${port}.${method} is not forwarded to the API workers`);
  const ports = services();
  if (port === 'probes' && method === 'checkAll') {
    // One message for every forwarded probe of a health check (each probe's answer, or that it failed).
    return Promise.all(
      ports.probes.map((probe) =>
        probe === tableProbe
          ? null
          : probe.check().then(
              (value) => ({ value }),
              () => ({ failed: true }),
            ),
      ),
    );
  }
  if (port === 'probes') {
    const probe = ports.probes[args[0] as number];
    if (!probe) throw new Error(`No health probe ${String(args[0])}`);
    return probe.check();
  }
  if (port === 'billing') {
    const billing = ports.billing ? await ports.billing() : null;
    if (method === 'kind') return billing ? billing.kind : null;
    if (!billing) throw new Error('Billing is not registered in the twin');
    const fn = billing[method as 'createCheckoutSession'] as (...a: unknown[]) => Promise<unknown>;
    return fn.apply(billing, args);
  }
  const target = ports[port] as unknown;
  if (!target) throw new Error(`The port ${port} is not registered in the twin`);
  if (method === 'call') return (target as (...a: unknown[]) => Promise<unknown>)(...args);
  const object = target as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return object[method]!.apply(object, args);
}

export async function startApiWorkers(options: {
  size: number;
  /** The test clock's offsets now (family id, ms). */
  clock: () => Array<[string, number]>;
  /** A new channel to the twin's DynamoDB thread, for each worker started (./dynamo-channel.ts). */
  dynamoChannel?: () => MessagePort;
  log: (line: string) => void;
}): Promise<ApiWorkers> {
  const file = await bundledCode('api-worker', "The twin's API worker", { plugins: [pagesDrawnElsewhere] });
  const ports = services();
  const workerData: ApiWorkerData = {
    present: Object.fromEntries(FORWARDED_PORTS.map((name) => [name, ports[name] !== null])) as Record<
      ForwardedPort,
      boolean
    >,
    probes: ports.probes.map((probe) => ({ name: probe.name, local: probe === tableProbe })),
    clock: options.clock(),
  };

  interface Running {
    worker: Worker;
    ready: boolean;
    invoked: number;
    underWay: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
    memory: Map<number, (figures: { heapUsed: number; heapTotal: number }) => void>;
  }
  let nextId = 1;
  let closing = false;
  const pool: Running[] = [];

  /** A worker, in the pool at once (messages posted before it is ready wait for it); invoked once ready. */
  const start = (index: number): Promise<void> => {
    const dynamoPort = options.dynamoChannel?.();
    const worker = new Worker(file, {
      // Plain JavaScript: none of the parent's flags (a TypeScript loader, a test runner's).
      execArgv: [],
      workerData: {
        ...workerData,
        clock: options.clock(),
        ...(dynamoPort ? { dynamoPort } : {}),
      } satisfies ApiWorkerData,
      transferList: dynamoPort ? [dynamoPort] : [],
    });
    const running: Running = { worker, ready: false, invoked: 0, underWay: new Map(), memory: new Map() };
    pool[index] = running;
    const replyError = (id: number, error: unknown) =>
      worker.postMessage({ type: 'reply', id, ok: false, error: sendError(error) } satisfies ToWorker);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'call') {
        serveCall(message.port, message.method, message.args).then(
          (value) => {
            try {
              worker.postMessage({ type: 'reply', id: message.id, ok: true, value } satisfies ToWorker);
            } catch (error) {
              replyError(message.id, error); // an answer that cannot cross to the worker
            }
          },
          (error: unknown) => replyError(message.id, error),
        );
        return;
      }
      if (message.type === 'memory') {
        running.memory.get(message.id)?.({ heapUsed: message.heapUsed, heapTotal: message.heapTotal });
        running.memory.delete(message.id);
        return;
      }
      if (message.type !== 'result') return;
      const pending = running.underWay.get(message.id);
      if (!pending) return;
      running.underWay.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(receiveError(message.error, ERROR_CLASSES));
    });
    worker.on('error', (error) => options.log(`an API worker failed: ${error.stack ?? String(error)}`));
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => {
        running.ready = true;
        resolve();
      });
      worker.once('exit', (code) => {
        running.ready = false;
        reject(new Error(`An API worker ended (exit code ${code}) as it started`));
        for (const pending of running.underWay.values())
          pending.reject(new Error(`The API worker ended (exit code ${code}) during the invocation`));
        running.underWay.clear();
        for (const answer of running.memory.values()) answer({ heapUsed: 0, heapTotal: 0 });
        running.memory.clear();
        if (closing || pool[index] !== running) return;
        options.log(`an API worker ended (exit code ${code}); starting another`);
        start(index).catch((error: unknown) =>
          options.log(`an API worker could not start: ${String(error)}`),
        );
      });
    });
    return ready;
  };

  try {
    await Promise.all(Array.from({ length: options.size }, (_, index) => start(index)));
  } catch (error) {
    closing = true;
    await Promise.all(pool.map((running) => running.worker.terminate()));
    throw error;
  }

  return {
    invoke(spec, event) {
      let chosen: Running | undefined;
      for (const running of pool) {
        if (!running.ready) continue;
        if (!chosen || running.underWay.size < chosen.underWay.size) chosen = running;
      }
      if (!chosen) return Promise.reject(new Error('No API worker is running'));
      const target = chosen;
      const id = nextId++;
      target.invoked++;
      return new Promise((resolve, reject) => {
        target.underWay.set(id, { resolve, reject });
        target.worker.postMessage({ type: 'invoke', id, functionId: spec.id, event } satisfies ToWorker);
      });
    },
    clockChanged(familyId, offsetMs) {
      for (const running of pool)
        running.worker.postMessage({ type: 'clock', familyId, offsetMs } satisfies ToWorker);
    },
    memory: (gc) =>
      Promise.all(
        pool
          .filter((running) => running.ready)
          .map(
            (running) =>
              new Promise<{ heapUsed: number; heapTotal: number }>((resolve) => {
                const id = nextId++;
                running.memory.set(id, resolve);
                running.worker.postMessage({ type: 'memory', id, gc } satisfies ToWorker);
              }),
          ),
      ),
    invocations: () => pool.map((running) => running.invoked),
    async close() {
      closing = true;
      if (process.env.TWIN_CPU_PROF) {
        // Each worker writes its CPU profile first (bounded: a worker that does not answer is stopped anyway).
        await Promise.all(
          pool.map(
            (running) =>
              new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, 10_000);
                running.worker.on('message', (message: FromWorker) => {
                  if (message.type !== 'closed') return;
                  clearTimeout(timer);
                  resolve();
                });
                running.worker.postMessage({ type: 'closing' } satisfies ToWorker);
              }),
          ),
        );
      }
      await Promise.all(pool.map((running) => running.worker.terminate()));
    },
  };
}
