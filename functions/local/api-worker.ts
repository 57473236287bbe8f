import './polyfills';
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { adjustDynamoClient } from '../adapters/dynamodb/client';
import { tableProbe } from '../adapters/dynamodb/health';
import { WebhookEventError, WebhookSignatureError } from '../adapters/stripe/stripe-billing';
import { registerServices } from '../app/container';
import { type ApiArea, apiFunctions, type FunctionSpec } from '../handlers/manifest';
import * as errors from '../shared/errors';
import type { Billing, HealthProbe, Ports } from '../shared/ports';
import {
  type ApiWorkerData,
  type ForwardedPort,
  type FromWorker,
  receiveError,
  sendError,
  type ToWorker,
} from './api-worker-protocol';
import { sendOverChannel } from './dynamo-channel';
import { invokeHandler, type LambdaHandler, LambdaTimeoutError } from './lambda-runtime';
import { startThreadProfile } from './thread-profile';
import { sendUnsigned, sendWithoutUnreadHeaders } from './unsigned-dynamo';

/**
 * One of the twin's API workers (./api-workers.ts): a thread with its own modules and SDK clients, as a Lambda
 * execution environment has, running the API's area functions. The ports the twin registers in its own thread
 * (pipeline runner, outbox, health probes, PDF process, jobs, Stripe stand-in, sign-in secret) are reached by
 * a message to it; the test clock's offsets are copied here, each change posted before the invocations after
 * it. Bundled by esbuild (./bundled-code.ts) with every area's handlers, so it runs under plain Node.
 */
// biome-ignore lint/suspicious/noExplicitAny: each area's handler takes its own event type; Lambda passes any.
const AREAS: Record<ApiArea, () => Promise<{ handler: (event: any, context: Context) => Promise<unknown> }>> =
  {
    health: () => import('../handlers/http/areas/health'),
    accounts: () => import('../handlers/http/areas/accounts'),
    transactions: () => import('../handlers/http/areas/transactions'),
    uploads: () => import('../handlers/http/areas/uploads'),
    pages: () => import('../handlers/http/areas/pages'),
    family: () => import('../handlers/http/areas/family'),
    members: () => import('../handlers/http/areas/members'),
    profile: () => import('../handlers/http/areas/profile'),
    institutions: () => import('../handlers/http/areas/institutions'),
    subscription: () => import('../handlers/http/areas/subscription'),
    insights: () => import('../handlers/http/areas/insights'),
    assistant: () => import('../handlers/http/areas/assistant'),
    feedback: () => import('../handlers/http/areas/feedback'),
  };

const port = parentPort;
if (!port) throw new Error('api-worker runs as a worker thread');
const data = workerData as ApiWorkerData;

/** Error classes a forwarded port may throw, rebuilt here as the same classes. */
const ERROR_CLASSES = new Map<string, unknown>([
  ...Object.entries(errors).filter(([, value]) => typeof value === 'function'),
  ['WebhookSignatureError', WebhookSignatureError],
  ['WebhookEventError', WebhookEventError],
  ['LambdaTimeoutError', LambdaTimeoutError],
]);

const send = (message: FromWorker) => port.postMessage(message);

// `TWIN_CPU_PROF=DIR`: a CPU profile of this worker, written when the twin closes (./thread-profile.ts).
const profile = await startThreadProfile('api-worker');

let nextCall = 1;
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
function call(forwarded: ForwardedPort, method: string, args: unknown[]): Promise<never> {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
    send({ type: 'call', id, port: forwarded, method, args });
  });
}

const offsets = new Map<string, number>(data.clock);
const present = (name: ForwardedPort) => data.present[name];

/** The probes of one health check that run in the twin's thread, asked for in one message. */
type ForwardedAnswer = { value: Awaited<ReturnType<HealthProbe['check']>> } | { failed: true } | null;
let forwardedRound: Promise<ForwardedAnswer[]> | null = null;
function forwardedAnswers(): Promise<ForwardedAnswer[]> {
  if (!forwardedRound) {
    const round = (call('probes', 'checkAll', []) as Promise<ForwardedAnswer[]>).finally(() => {
      if (forwardedRound === round) forwardedRound = null;
    });
    forwardedRound = round;
  }
  return forwardedRound;
}
const probes: HealthProbe[] = data.probes.map((probe, index) =>
  probe.local
    ? tableProbe
    : {
        name: probe.name,
        async check() {
          const answer = (await forwardedAnswers())[index];
          if (!answer || 'failed' in answer) throw new Error(`The ${probe.name} probe failed`);
          return answer.value;
        },
      },
);

const ports: Partial<Ports> = {
  pipeline: { start: (...args) => call('pipeline', 'start', args) },
  mailer: { send: (...args) => call('mailer', 'send', args) },
  secrets: { magicLinkKey: () => call('secrets', 'magicLinkKey', []) },
  probes,
  jobs: { startClassification: (...args) => call('jobs', 'startClassification', args) },
  textRecognition: present('textRecognition')
    ? {
        start: (...args) => call('textRecognition', 'start', args),
        result: (...args) => call('textRecognition', 'result', args),
      }
    : null,
  textLayer: present('textLayer') ? (...args) => call('textLayer', 'call', args) : null,
  keptText: present('keptText') ? (...args) => call('keptText', 'call', args) : null,
  pageImages: present('pageImages') ? { render: (...args) => call('pageImages', 'render', args) } : null,
  billing: present('billing')
    ? async (): Promise<Billing | null> => {
        // The provider registered in the twin's thread now (null: none), as the twin's thread would ask it.
        const kind = (await call('billing', 'kind', [])) as string | null;
        if (kind === null) return null;
        return {
          kind,
          createCheckoutSession: (...args) => call('billing', 'createCheckoutSession', args),
          createPortalSession: (...args) => call('billing', 'createPortalSession', args),
          readWebhook: (...args) => call('billing', 'readWebhook', args),
        };
      }
    : null,
  subscriptionClock: (familyId) => new Date(Date.now() + (offsets.get(familyId) ?? 0)),
};
// A port the twin's thread does not register keeps the composition root's default here too.
for (const name of ['pipeline', 'mailer', 'secrets', 'jobs'] as const) if (!present(name)) delete ports[name];
registerServices(ports);
// As in the twin's thread: its DynamoDB never checks a signature (./unsigned-dynamo.ts), and is reached over
// this worker's own channel to the DynamoDB thread when it was given one (./dynamo-channel.ts).
const overChannel = data.dynamoPort ? sendOverChannel(data.dynamoPort) : undefined;
adjustDynamoClient((client) => {
  sendUnsigned(client);
  sendWithoutUnreadHeaders(client);
  overChannel?.(client);
});

const specs = new Map<string, FunctionSpec>(apiFunctions().map((spec) => [spec.id, spec]));
const handlers = new Map<string, Promise<LambdaHandler>>();
function handlerOf(area: ApiArea): Promise<LambdaHandler> {
  let handler = handlers.get(area);
  if (!handler) {
    handler = AREAS[area]().then((mod) => mod.handler as LambdaHandler);
    handlers.set(area, handler);
    handler.catch(() => handlers.delete(area));
  }
  return handler;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'clock') {
    if (message.offsetMs === 0) offsets.delete(message.familyId);
    else offsets.set(message.familyId, message.offsetMs);
    return;
  }
  if (message.type === 'memory') {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (message.gc && gc) gc();
    const { heapUsed, heapTotal } = process.memoryUsage();
    send({ type: 'memory', id: message.id, heapUsed, heapTotal });
    return;
  }
  if (message.type === 'closing') {
    profile.stop().then(
      () => send({ type: 'closed' }),
      () => send({ type: 'closed' }),
    );
    return;
  }
  if (message.type === 'reply') {
    const pending = calls.get(message.id);
    if (!pending) return;
    calls.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else pending.reject(receiveError(message.error, ERROR_CLASSES));
    return;
  }
  const { id, functionId, event } = message;
  (async () => {
    const spec = specs.get(functionId);
    if (spec?.trigger.type !== 'http') throw new Error(`${functionId} is not an API function`);
    const handler = await handlerOf(spec.trigger.area);
    return invokeHandler(spec, handler, event);
  })().then(
    (value) => send({ type: 'result', id, ok: true, value }),
    (error: unknown) => send({ type: 'result', id, ok: false, error: sendError(error) }),
  );
});

// As the twin's own thread (bin/local.ts): a stray rejection is logged, and the environment goes on serving.
process.on('unhandledRejection', (reason) =>
  console.error('Unhandled rejection in an API worker (it keeps running):', reason),
);

send({ type: 'ready' });
