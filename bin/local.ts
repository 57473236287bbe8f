import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { localCognito } from '../functions/local/cognito';
import { PortInUseError, startTwin } from '../functions/local/server';

/**
 * `npm start`: the whole product on this machine (the local twin). Ctrl-C stops everything cleanly.
 *   PORT      port to serve on (default 3000)
 *   WEB=dist  serve the built SPA (npm run build:web) instead of the Vite dev server
 *   DATA_DIR  where state persists (default .data/; `npm run reset` wipes it)
 *   API_WORKERS  worker threads the API's invocations run in, as Lambda's execution environments (default:
 *                one per core, at most 2; 0: the twin's own thread)
 */
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0-65535), not "${process.env.PORT}".`);
  process.exit(1);
}
const web = process.env.WEB === 'dist' ? 'dist' : process.env.WEB === 'none' ? 'none' : 'vite';
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const apiWorkers = Number(process.env.API_WORKERS ?? Math.min(2, availableParallelism()));
if (!Number.isInteger(apiWorkers) || apiWorkers < 0 || apiWorkers > 16) {
  console.error(
    `API_WORKERS must be a number of threads (0-16; 0: the API in the twin's own thread), not "${process.env.API_WORKERS}".`,
  );
  process.exit(1);
}
const started = Date.now();

try {
  const log = (line: string) => console.log(line);
  // Sign-in: the Cognito API subset at /local/cognito, running the same custom-auth triggers as AWS.
  const cognito = localCognito({ dataDir, log });
  const twin = await startTwin({
    port,
    dataDir,
    web,
    log,
    localRoutes: [cognito.route],
    warmPdfProcess: true,
    pdfPriority: 19,
    apiWorkers,
  });
  console.log(`\nFamily Finance is running on the local twin: ${twin.url}`);
  console.log(
    `  health ${twin.url}/api/health · e-mails ${twin.url}/local/outbox · pipeline ${twin.url}/local/status`,
  );
  console.log(
    `  data in ${dataDir} · started in ${((Date.now() - started) / 1000).toFixed(1)} s · Ctrl-C to stop\n`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local twin…`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 15_000);
    force.unref();
    await twin.close();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('unhandledRejection', (reason) =>
    console.error('Unhandled rejection (the twin keeps running):', reason),
  );
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(
      `${error.message} Stop whatever is using it, or choose another port: PORT=${port + 1} npm start`,
    );
  } else {
    console.error(`The local twin could not start: ${(error as Error).message}`);
  }
  process.exit(1);
}
