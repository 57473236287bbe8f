import type { MessagePort } from 'node:worker_threads';

/**
 * The messages between the twin's thread and its API workers (./api-workers.ts, ./api-worker.ts). One port per
 * worker, whose messages keep their order: a test clock's change posted before an invocation is seen by it.
 */

/** What the twin's thread tells a worker. */
export type ToWorker =
  | { type: 'invoke'; id: number; functionId: string; event: unknown }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: SentError }
  | { type: 'clock'; familyId: string; offsetMs: number }
  /** The worker's heap, in bytes (after a full collection when `gc` and the process runs with --expose-gc). */
  | { type: 'memory'; id: number; gc: boolean }
  /** The twin is closing: the worker writes its CPU profile, if it keeps one (./thread-profile.ts). */
  | { type: 'closing' };

/** What a worker tells the twin's thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: SentError }
  | { type: 'call'; id: number; port: ForwardedPort; method: string; args: unknown[] }
  | { type: 'memory'; id: number; heapUsed: number; heapTotal: number }
  | { type: 'closed' };

/** The ports the twin registers in its own thread, which a worker reaches through its thread. */
export const FORWARDED_PORTS = [
  'pipeline',
  'mailer',
  'secrets',
  'probes',
  'textRecognition',
  'textLayer',
  'keptText',
  'jobs',
  'pageImages',
  'billing',
] as const;
export type ForwardedPort = (typeof FORWARDED_PORTS)[number];

/** The methods of each forwarded object port that a worker may call (functions: 'call'). */
export const FORWARDED_METHODS: Record<ForwardedPort, readonly string[]> = {
  pipeline: ['start'],
  mailer: ['send'],
  secrets: ['magicLinkKey'],
  /**
   * A probe by its index in the list: 'check'; every probe the twin's thread runs, at once: 'checkAll' (one
   * answer per index, null for the worker's own).
   */
  probes: ['check', 'checkAll'],
  textRecognition: ['start', 'result'],
  textLayer: ['call'],
  keptText: ['call'],
  jobs: ['startClassification'],
  pageImages: ['render'],
  /** 'kind' reads the provider's kind; the rest are Billing's methods. */
  billing: ['kind', 'createCheckoutSession', 'createPortalSession', 'readWebhook'],
};

/** How the twin's thread describes its ports to a worker as it starts. */
export interface ApiWorkerData {
  /** The ports registered (true) or null (false) in the twin's thread. */
  present: Record<ForwardedPort, boolean>;
  /** The health probes by name; 'table' runs in the worker (its own DynamoDB client), the rest are forwarded. */
  probes: Array<{ name: string; local: boolean }>;
  /** The test clock's offsets when the worker starts (family id, ms). */
  clock: Array<[string, number]>;
  /** The worker's own channel to the twin's DynamoDB thread (./dynamo-channel.ts); none: its loopback port. */
  dynamoPort?: MessagePort;
}

/** An error as it crosses between threads: its class's name, message, stack and own fields. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
  /** The prototype's constructor name (an AppError's subclass sets `name` from it). */
  className: string;
}

export function sendError(error: unknown): SentError {
  if (!(error instanceof Error))
    return { name: 'Error', message: String(error), fields: {}, className: 'Error' };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'name' || key === 'message' || key === 'stack') continue;
    try {
      structuredClone(value);
      fields[key] = value;
    } catch {
      // A field that cannot cross (a function, a socket) is left behind.
    }
  }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
    className: error.constructor?.name ?? 'Error',
  };
}

/**
 * The error again on this side: an instance of the same class when `classes` knows it (so `instanceof` checks
 * and the HTTP mapping see what the thrower threw), else an Error with its name and message.
 */
export function receiveError(sent: SentError, classes: ReadonlyMap<string, unknown>): Error {
  const known = classes.get(sent.className) as { prototype: object } | undefined;
  const error = (known ? Object.create(known.prototype) : new Error(sent.message)) as Error;
  Object.defineProperty(error, 'message', { value: sent.message, writable: true, configurable: true });
  if (sent.stack !== undefined)
    Object.defineProperty(error, 'stack', { value: sent.stack, writable: true, configurable: true });
  Object.assign(error, sent.fields);
  if (error.name !== sent.name)
    Object.defineProperty(error, 'name', { value: sent.name, writable: true, configurable: true });
  return error;
}
