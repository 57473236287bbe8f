import './polyfills';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { adjustDynamoClient } from '../adapters/dynamodb/client';
import { tableProbe } from '../adapters/dynamodb/health';
import { LocalTextRecognition } from '../adapters/ocr/local-text-recognition';
import { getObjectBytes, resetStorageClients } from '../adapters/s3/storage';
import { clearRegisteredServices, registerServices, services } from '../app/container';
import { seedCatalogue } from '../services/seed';
import { resetConfig } from '../shared/config';
import type { HealthProbe } from '../shared/ports';
import { createApiRouter, MAX_BODY_BYTES } from './api-router';
import { type ApiWorkers, startApiWorkers } from './api-workers';
import { sendOverChannel } from './dynamo-channel';
import { type RunningDynamo, type RunningS3, startDynamo, startS3 } from './emulators';
import { LocalJobRunner } from './job-runner';
import { createLocalSigner, LOCAL_CLIENT_ID, LOCAL_USER_POOL_ID, type LocalSigner } from './jwt';
import { functionSpec, invoke, repoRoot } from './lambda-runtime';
import { checkLocalRequest } from './local-guard';
import { operatorRoute } from './operator';
import { LocalOutbox } from './outbox';
import { PdfProcess } from './pdf-process';
import { LocalPipelineRunner } from './pipeline-runner';
import { ownerOnlyDataFolder } from './private-data';
import { readLimitedBody } from './request-body';
import { securityHeaders } from './security-headers';
import { startupGate } from './startup-gate';
import { serveStatic } from './static-files';
import { type LocalStripe, localStripe } from './stripe-standin';
import { testClock } from './test-clock';
import { sendUnsigned, sendWithoutUnreadHeaders } from './unsigned-dynamo';

/**
 * The local twin: the whole product on one port. `/api/*` goes through the API Gateway stand-in to the same
 * handlers AWS runs; `/local/*` are twin-only endpoints; everything else is the SPA (Vite dev server with hot
 * reload, or the built files in web/dist as CloudFront would serve them).
 */
export interface TwinOptions {
  port: number;
  host?: string;
  dataDir: string;
  /** 'vite': dev server with hot reload; 'dist': the built SPA; 'none': API only (tests). */
  web: 'vite' | 'dist' | 'none';
  log?: (line: string) => void;
  /** Deliver S3 object-created events to the trigger (default true; tests of single steps turn it off). */
  s3Events?: boolean;
  /** Start the PDF process at once, so the first statement is not kept waiting for it (npm start). */
  warmPdfProcess?: boolean;
  /**
   * The PDF process's nice value (0 to 19; default 0). `npm start` runs it at 19, so that the API keeps a core
   * while a heavy PDF is read; tests leave it at 0, as their twins share the machine with each other.
   */
  pdfPriority?: number;
  /**
   * Worker threads the API's invocations run in, each with its own modules and SDK clients as Lambda's
   * execution environments have (./api-workers.ts); 0 (the default): in the twin's own thread, where a test's
   * registerServices reaches every port (in a worker, only the ports the twin forwards). `npm start` takes it
   * from API_WORKERS.
   */
  apiWorkers?: number;
  /** Extra routes (e.g. the Cognito stand-in) mounted under /local/. Return false when not handled. */
  localRoutes?: Array<
    (req: IncomingMessage, res: ServerResponse, body: Buffer, twin: Twin) => Promise<boolean>
  >;
}

export interface Twin {
  url: string;
  port: number;
  tableName: string;
  bucket: string;
  signer: LocalSigner;
  runner: LocalPipelineRunner;
  outbox: LocalOutbox;
  dynamo: RunningDynamo;
  s3: RunningS3;
  /** The threads the API's invocations run in (null: the twin's own thread). */
  apiWorkers: ApiWorkers | null;
  /** The Stripe stand-in (null when the twin was given a Stripe key and uses real Stripe). */
  stripe: LocalStripe | null;
  /** The process PDFs are read in (./pdf-process.ts). */
  pdfProcess: PdfProcess;
  close(): Promise<void>;
}

export const TABLE_NAME = 'family-finance-local';
export const UPLOAD_BUCKET = 'pdf-uploads-local';

export class PortInUseError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit + 1) chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body, null, 1));
}

/**
 * The twin's own memory, in MiB (for /local/status and the load benchmark): its thread's heap and its API
 * workers' together (the DynamoDB thread's is not counted), and each worker's.
 */
async function memoryFigures(dynamo: RunningDynamo, workers: ApiWorkers | null, gc: boolean) {
  const workerHeaps = workers ? await workers.memory(gc) : [];
  const m = process.memoryUsage();
  const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const sum = (pick: (heap: { heapUsed: number; heapTotal: number }) => number) =>
    workerHeaps.reduce((total, heap) => total + pick(heap), 0);
  return {
    rssMiB: mib(m.rss),
    heapUsedMiB: mib(m.heapUsed + sum((heap) => heap.heapUsed)),
    heapTotalMiB: mib(m.heapTotal + sum((heap) => heap.heapTotal)),
    ...(workers ? { apiWorkersHeapUsedMiB: workerHeaps.map((heap) => mib(heap.heapUsed)) } : {}),
    openLevelIterators: dynamo.openLevelIterators(),
  };
}

/** CPU time of the twin's process (every thread: the API's, DynamoDB's, S3's), in ms. */
function cpuFigures() {
  const { user, system } = process.cpuUsage();
  return { userMs: Math.round(user / 1000), systemMs: Math.round(system / 1000) };
}

const INVOKE_USAGE = 'Send a JSON body: { "id": "<handler id or file name>", "event": { ... } }.';

/** `POST /local/invoke`'s body: a handler's id and the event object; anything else is null (a 400). */
export function parseInvokeRequest(body: Buffer): { id: string; event: unknown } | null {
  let input: unknown;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { id, event } = input as { id?: unknown; event?: unknown };
  if (typeof id !== 'string' || id === '' || id.length > 200) return null;
  if (typeof event !== 'object' || event === null) return null;
  return { id, event };
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolveListen, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(`Port ${port} is already in use.`) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolveListen();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

export async function startTwin(options: TwinOptions): Promise<Twin> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  ownerOnlyDataFolder(dataDir);
  const host = options.host ?? '127.0.0.1';

  // Bind the port first: a port in use is the most common start-up failure, so report it before anything else.
  // Keep-alive longer than clients' (as load balancers do): while the twin is busy (drawing a scan's pages),
  // a client must not reuse a connection the server is just closing.
  const http = createServer({ keepAliveTimeout: 65_000 });
  // Requests arriving before the twin is ready wait for it (bounded) or get a 503: never a hang.
  const gate = startupGate();
  http.on('request', gate.listener);
  const port = await listen(http, options.port, host);
  const url = `http://localhost:${port}`;
  const cleanups: Array<() => Promise<void>> = [
    () =>
      new Promise<void>((r) => {
        http.closeAllConnections();
        http.close(() => r());
      }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => log(`shutdown: ${String(e)}`));
  };

  try {
    const signer = await createLocalSigner({
      keyPath: join(dataDir, 'keys', 'signing-key.json'),
      origin: url,
    });
    const dynamo = await startDynamo({ directory: join(dataDir, 'dynamodb'), tableName: TABLE_NAME });
    cleanups.push(() => dynamo.close());

    const runner = new LocalPipelineRunner({
      statePath: join(dataDir, 'executions.json'),
      log,
      dynamoCalls: () => dynamo.calls(),
      dynamoThreadCpuMs: () => dynamo.threadCpuMs(),
    });
    const s3TriggerSpec = functionSpec('S3ObjectCreated');
    const onObjectCreated = (event: S3Event) => {
      if (options.s3Events === false) return;
      invoke(s3TriggerSpec, event).catch((error) => log(`s3-object-created failed: ${String(error)}`));
    };
    const s3 = await startS3({
      directory: join(dataDir, 's3'),
      bucket: UPLOAD_BUCKET,
      corsOrigins: [url, `http://127.0.0.1:${port}`],
      onObjectCreated,
    });
    cleanups.push(() => s3.close());
    // PDFs are read in a child process (text layers, and scans for the local stand-in for Textract), so a
    // long or hostile PDF never stalls the API; ended after the pipeline runner stops.
    const pdfProcess = new PdfProcess({ priority: options.pdfPriority });
    cleanups.push(() => pdfProcess.close());
    if (options.warmPdfProcess) pdfProcess.warm();
    const textRecognition = new LocalTextRecognition({
      readObject: (bucket, key) => getObjectBytes(key, bucket),
      reader: { read: pdfProcess.readScan, describe: () => pdfProcess.describe() },
    });
    cleanups.push(() => textRecognition.close());
    cleanups.push(() => runner.close());
    // Background jobs (transaction review), stopped before the table they write to.
    const jobs = new LocalJobRunner({ log, statePath: join(dataDir, 'jobs.json') });
    cleanups.push(() => jobs.close());

    Object.assign(process.env, {
      APP_MODE: 'local',
      STAGE: 'local',
      AWS_REGION: 'eu-west-2',
      TABLE_NAME,
      UPLOAD_BUCKET,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      S3_PUBLIC_ENDPOINT: s3.endpoint.replace('127.0.0.1', 'localhost'),
      USER_POOL_ID: LOCAL_USER_POOL_ID,
      USER_POOL_CLIENT_ID: LOCAL_CLIENT_ID,
      APP_URL: url,
      MAIL_FROM: 'Family Finance <no-reply@localhost>',
    });
    resetConfig();
    // dynalite never checks a signature (./unsigned-dynamo.ts), and this thread's requests reach it over a
    // channel of their own, not its loopback port (./dynamo-channel.ts); this also builds the next client afresh.
    const overChannel = sendOverChannel(dynamo.channel());
    adjustDynamoClient((client) => {
      sendUnsigned(client);
      sendWithoutUnreadHeaders(client);
      overChannel(client);
    });
    resetStorageClients();
    // The institution catalogue, as the deployment's Seed custom resource loads it in AWS (idempotent).
    const seeded = await seedCatalogue(services().now());
    if (seeded.changed)
      log(`seeded ${seeded.institutions} institutions and ${seeded.serviceTypes} service types`);

    const outbox = new LocalOutbox({ path: join(dataDir, 'outbox.json'), print: log });
    const s3Client = new S3Client({
      endpoint: s3.endpoint,
      region: 'eu-west-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    cleanups.push(async () => s3Client.destroy());

    let webState: { state: 'ok' | 'starting' | 'error'; detail?: string } = { state: 'starting' };
    const probes: HealthProbe[] = [
      { name: 'api', check: async () => ({ state: 'ok' }) },
      tableProbe,
      {
        name: 's3',
        check: async () => {
          await s3Client.send(new HeadBucketCommand({ Bucket: UPLOAD_BUCKET }));
          return { state: 'ok' };
        },
      },
      {
        name: 'pipeline',
        check: async () => ({ state: 'ok', detail: `${runner.runningCount()} running` }),
      },
      { name: 'auth', check: async () => ({ state: signer.jwks.keys.length ? 'ok' : 'error' }) },
      { name: 'web', check: async () => webState },
      { name: 'ocr', check: async () => ({ state: 'ok', detail: textRecognition.describe() }) },
    ];
    registerServices({
      pipeline: runner,
      mailer: outbox,
      probes,
      textRecognition,
      textLayer: pdfProcess.textLayer,
      keptText: pdfProcess.keptText,
      jobs,
      pageImages: pdfProcess.pageImages,
    });
    cleanups.push(async () => clearRegisteredServices());
    // Payments: the Stripe stand-in unless a Stripe key is set; the test clock for subscription rules.
    const clock = testClock(() => services().now());
    const stripe = process.env.STRIPE_SECRET_KEY ? null : localStripe({ dataDir, url, log });
    registerServices({
      subscriptionClock: clock.now,
      ...(stripe ? { billing: async () => stripe.billing } : {}),
    });
    const localRoutes = [
      ...(options.localRoutes ?? []),
      clock.route,
      operatorRoute,
      ...(stripe ? [stripe.route] : []),
    ];

    // The API's execution environments, once every port they reach here is registered.
    const workers = options.apiWorkers
      ? await startApiWorkers({
          size: options.apiWorkers,
          clock: clock.offsets,
          dynamoChannel: () => dynamo.channel(),
          log,
        })
      : null;
    if (workers) {
      cleanups.push(() => workers.close());
      clock.onChange(workers.clockChanged);
    }
    const api = createApiRouter({ signer, log, ...(workers ? { invoke: workers.invoke } : {}) });
    const twin: Twin = {
      url,
      port,
      tableName: TABLE_NAME,
      bucket: UPLOAD_BUCKET,
      signer,
      runner,
      outbox,
      dynamo,
      s3,
      apiWorkers: workers,
      stripe,
      pdfProcess,
      close,
    };

    // The SPA.
    let web: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
    let viteNonce: string | undefined;
    const webRoot = join(repoRoot(), 'web');
    if (options.web === 'dist') {
      const dist = join(webRoot, 'dist');
      if (!existsSync(join(dist, 'index.html'))) {
        webState = { state: 'error', detail: 'web/dist is missing: run npm run build:web' };
      } else {
        web = serveStatic(dist);
        webState = { state: 'ok', detail: 'built files' };
      }
    } else if (options.web === 'vite') {
      viteNonce = randomBytes(16).toString('base64');
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        configFile: join(webRoot, 'vite.config.ts'),
        // Vite's inline scripts carry this nonce, which the twin's Content-Security-Policy allows.
        html: { cspNonce: viteNonce },
        server: { middlewareMode: true, ws: { server: http } },
        appType: 'spa',
        logLevel: 'warn',
      });
      cleanups.push(() => vite.close());
      web = (req, res) => vite.middlewares(req, res);
      webState = { state: 'ok', detail: 'vite dev server' };
    } else {
      webState = { state: 'ok', detail: 'not served (API only)' };
    }

    const runtimeConfig = {
      stage: 'local',
      region: 'eu-west-2',
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId: LOCAL_CLIENT_ID,
      userPoolEndpoint: `${url}/local/cognito`,
      apiBaseUrl: '/api',
    };

    // As CloudFront's response headers policy in AWS: on every response the twin serves.
    const securityHeaderList = Object.entries(
      securityHeaders({
        port,
        s3Endpoint: s3.endpoint.replace('127.0.0.1', 'localhost'),
        ...(viteNonce ? { viteNonce } : {}),
      }),
    );

    gate.ready((req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      for (const [name, value] of securityHeaderList) res.setHeader(name, value);
      const handle = async () => {
        if (path.startsWith('/api/') || path === '/api') {
          const read = await readLimitedBody(req, MAX_BODY_BYTES);
          const result = await api({
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: req.headers,
            body: read.tooLarge ? Buffer.alloc(0) : read.body,
            bodyTooLarge: read.tooLarge,
            sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          });
          const headers: Record<string, string | string[]> = {
            ...(result.headers as Record<string, string>),
          };
          if (result.cookies?.length) headers['set-cookie'] = result.cookies;
          res.writeHead(result.statusCode ?? 200, headers);
          res.end(
            result.body === undefined
              ? undefined
              : result.isBase64Encoded
                ? Buffer.from(result.body, 'base64')
                : result.body,
          );
          return;
        }
        if (path === '/config.json') return sendJson(res, 200, runtimeConfig);
        if (path.startsWith('/local/')) {
          const refused = checkLocalRequest(req, port);
          if (refused) {
            req.resume();
            return sendJson(res, refused.status, { message: refused.message });
          }
          const body = await readBody(req, 1024 * 1024);
          for (const route of localRoutes) if (await route(req, res, body, twin)) return;
          if (path === `/local/cognito/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`)
            return sendJson(res, 200, signer.jwks);
          if (path === '/local/outbox') return sendJson(res, 200, outbox.list());
          if (path === '/local/invoke' && req.method === 'POST') {
            // `npm run invoke` while the twin runs: invoke inside this process, with its services.
            const request = parseInvokeRequest(body);
            if (!request) return sendJson(res, 400, { message: INVOKE_USAGE });
            let spec: ReturnType<typeof functionSpec>;
            try {
              spec = functionSpec(request.id);
            } catch (error) {
              return sendJson(res, 400, { message: (error as Error).message });
            }
            try {
              return sendJson(res, 200, { result: (await invoke(spec, request.event)) ?? null });
            } catch (error) {
              return sendJson(res, 200, {
                error: { name: (error as Error).name, message: (error as Error).message },
              });
            }
          }
          if (path === '/local/status') {
            // ?gc=1 measures after a full collection when the twin runs with --expose-gc (the load benchmark).
            const gc = (globalThis as { gc?: () => void }).gc;
            const collect = gc !== undefined && new URL(req.url ?? '/', url).searchParams.get('gc') === '1';
            if (collect) gc();
            return sendJson(res, 200, {
              url,
              executions: runner.list(50),
              // The table's endpoint on this machine, for tools that read it while the twin runs (npm run analytics).
              dynamodb: dynamo.endpoint,
              outbox: outbox.list().length,
              memory: await memoryFigures(dynamo, workers, collect),
              // The process's CPU time so far (all its threads), in ms: the load benchmark's CPU per request.
              cpu: cpuFigures(),
              // Requests the table has received so far, by operation: the load benchmark's calls per request.
              dynamoCalls: dynamo.calls(),
            });
          }
          return sendJson(res, 404, { message: 'Not Found' });
        }
        if (web) return web(req, res);
        sendJson(res, 404, { message: 'Not Found' });
      };
      handle().catch((error) => {
        log(`request failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
        else res.end();
      });
    });

    const resumed = runner.resumeInterrupted();
    if (resumed) log(`resumed ${resumed} interrupted pipeline execution(s)`);
    const resumedJobs = await jobs.resumeUnfinished();
    if (resumedJobs) log(`resumed ${resumedJobs} unfinished classification job(s)`);
    return twin;
  } catch (error) {
    gate.refuse();
    await close();
    throw error;
  }
}
