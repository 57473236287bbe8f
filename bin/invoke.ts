import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiFunctions, FUNCTIONS, type FunctionSpec } from '../functions/handlers/manifest';
import { checkEventShape } from '../functions/local/event-shapes';

/**
 * `npm run invoke -- <handler> <events/...json>`: run one Lambda handler with a sample event against the
 * local twin and print its result, as `sam local invoke` would. <handler> is a function id from
 * functions/handlers/manifest.ts (e.g. Health, S3ObjectCreated, PipelineRegister) or its file name, or an API
 * area's deployed function (e.g. AccountsApi, or `areas/accounts`), which routes the event by its routeKey.
 * If the twin is running (PORT, default 3000) the handler runs inside it; otherwise an API-only twin is
 * started on the same .data/ for the call.
 */
function fail(message: string): never {
  console.error(`invoke: ${message}`);
  process.exit(2);
}

const [name, file] = process.argv.slice(2);
if (!name || !file) {
  fail(
    `usage: npm run invoke -- <handler> <event.json>  (handlers: ${FUNCTIONS.map((f) => f.id).join(', ')})`,
  );
}
const wanted = name.toLowerCase().replace(/\.ts$/, '');
const known = [...FUNCTIONS, ...apiFunctions()];
const spec: FunctionSpec | undefined = known.find(
  (f) => f.id.toLowerCase() === wanted || f.entry.toLowerCase().endsWith(`/${wanted}.ts`),
);
if (!spec) fail(`unknown handler '${name}'. Known: ${known.map((f) => f.id).join(', ')}`);
const path = resolve(file);
if (!existsSync(path)) fail(`event file not found: ${file}`);
let event: unknown;
try {
  event = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  fail(`${file} is not valid JSON (${(error as Error).message})`);
}
const shapeProblem = checkEventShape(spec, event);
if (shapeProblem) fail(`${file} is ${shapeProblem}`);

const port = Number(process.env.PORT ?? 3000);
let output: { result?: unknown; error?: { name: string; message: string } };
const running = await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(1500) })
  .then((r) => r.headers.get('content-type')?.includes('json') ?? false)
  .catch(() => false);

if (running) {
  // The running twin invokes manifest handlers by id: an area's event goes to the handler of its route.
  const routeKey = (event as { routeKey?: string }).routeKey;
  const id = FUNCTIONS.includes(spec)
    ? spec.id
    : FUNCTIONS.find(
        (f) =>
          f.trigger.type === 'http' &&
          spec.trigger.type === 'http' &&
          f.trigger.area === spec.trigger.area &&
          f.trigger.routes.some((r) => `${r.method} ${r.path}` === routeKey),
      )?.id;
  if (!id) fail(`${spec.id} has no route ${routeKey}`);
  const response = await fetch(`http://localhost:${port}/local/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, event }),
  });
  output = (await response.json()) as typeof output;
} else {
  process.env.LOG_LEVEL ??= 'WARN';
  const { startTwin } = await import('../functions/local/server');
  const { localCognito } = await import('../functions/local/cognito');
  const { invoke } = await import('../functions/local/lambda-runtime');
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  // The same twin `npm start` runs (with its Cognito stand-in, which registers the sign-in secret), minus the SPA.
  const cognito = localCognito({ dataDir, log: () => undefined });
  const twin = await startTwin({ port: 0, dataDir, web: 'none', localRoutes: [cognito.route] });
  try {
    output = { result: (await invoke(spec, event)) ?? null };
    await twin.runner.idle();
  } catch (error) {
    output = { error: { name: (error as Error).name, message: (error as Error).message } };
  } finally {
    await twin.close();
  }
}

if (output.error) fail(`${spec.id} failed: ${output.error.name}: ${output.error.message}`);
console.log(JSON.stringify(output.result, null, 2));
process.exit(0);
