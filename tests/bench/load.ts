import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import { ulid } from 'ulid';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { createLocalSigner } from '../../functions/local/jwt';
import { generateStatement } from '../fixtures/statements/generate';

/**
 * `npm run bench -- load [--users 50] [--duration 60] [--idle 30] [--rounds 1] [--web none|dist|vite]
 * [--hostile 1] [--per-route S] [--cpu-prof DIR]`:
 * a bounded load on a local twin started for it (its own process, port and data directory, loopback only).
 *
 * Each simulated user is a family member signed in with a token from the twin's own key, with one account and,
 * after setup, one finished upload. Users loop without pause until the duration is up, each picking a request
 * from a mix shaped like the SPA's reads: the account list and one account, an account's transactions, an
 * upload's progress, the family and profile, the health check; about 1 in 100 iterations is a new statement
 * uploaded through its presigned PUT and followed until the pipeline finishes (at most 4 at once).
 *
 * Printed: requests/s, latency p50/p95/p99 (p95 against its target, 300 ms, and with `--rounds` above 1 the median
 * of the rounds' p95s), non-2xx and 5xx counts, and the twin's memory (RSS and V8 heap after a
 * full collection, from GET /local/status?gc=1) before the load, after each round, and after `--idle` seconds of
 * no requests. With `--hostile 1`, two more phases of `--duration` seconds with the same reads and no
 * uploads: one alone, one while another family uploads a heavy PDF again and again (100 pages at the size
 * limit, dense with text, no transaction table: read in full, then refused); printed, the API's p95 in
 * each and their ratio (target: within 2×, since PDFs are read off the twin's main thread). Every loop is
 * bounded in count and time; the twin is stopped at the end whatever happens. With `--cpu-prof DIR`, the twin's
 * main thread is profiled (node --cpu-prof), and its DynamoDB thread and API workers (TWIN_CPU_PROF), each
 * .cpuprofile written to DIR when it stops. Also printed: the DynamoDB calls per request (the table's requests
 * by operation over the load, from GET /local/status, the pipeline's included). With `--per-route S`, each
 * route of the mix alone for S seconds after the load, no uploads: the twin's CPU and the table's calls per
 * request of each route, and the mix's weighted by its shares (steadier than the load's own figure, which
 * holds the pipeline's work for the statements uploaded meanwhile).
 */
/** The issue's targets under `--users 50 --duration 60`: p95 and memory back after idle. */
const P95_TARGET_MS = 300;
const MEMORY_TARGET_PERCENT = 10;

function againstTarget(value: number, target: number, unit: string): string {
  return `target ≤ ${target} ${unit}: ${(value / target).toFixed(2)}× the target`;
}

interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}
interface Memory {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  /** LevelDB iterators the twin's DynamoDB has open (each read must close its own). */
  openLevelIterators?: number;
}

const MAX_REQUESTS_PER_USER = 200_000;
const REQUEST_TIMEOUT_MS = 15_000;
const MAX_UPLOADS_IN_FLIGHT = 4;
const UPLOAD_SHARE = 0.01;
/** The bound on each setup statement's upload to done, in s (the load's own uploads: 60 s). */
const SETUP_UPLOAD_WITHIN_S = 300;

function flag(name: string, fallback: number, max: number): number {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = args[i]!.includes('=') ? args[i]!.split('=')[1] : args[i + 1];
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max)
    throw new Error(`--${name} must be a number from 0 to ${max}, not "${raw}"`);
  return value;
}

function textFlag(name: string, allowed: string[], fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = (args[i]!.includes('=') ? args[i]!.split('=')[1] : args[i + 1]) ?? '';
  if (!allowed.includes(raw)) throw new Error(`--${name} must be one of ${allowed.join(', ')}`);
  return raw;
}

function pathFlag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const raw = args[i]!.includes('=') ? args[i]!.split('=')[1] : args[i + 1];
  if (!raw) throw new Error(`--${name} needs a folder`);
  return raw;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * One request with Node's own HTTP client on a keep-alive agent: the load's client shares the machine's cores
 * with the twin, and `fetch` (WHATWG streams over undici) costs several times its CPU for each request.
 */
export function httpCall(
  agent: Agent,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolveCall, reject) => {
    const req = request(
      url,
      {
        agent,
        method: init.method,
        headers: {
          ...init.headers,
          ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolveCall({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The twin in its own process, as `npm start` runs it, so its memory is its own. */
async function startTwinProcess(
  web: string,
  cpuProfileDir?: string,
): Promise<{ url: string; dataDir: string; stop(): Promise<void> }> {
  const port = await freeLoopbackPort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ff-load-'));
  const root = resolve(import.meta.dirname, '..', '..');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfileDir)}`] : []),
      '--import',
      'tsx',
      join(root, 'bin', 'local.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB: web,
        LOG_LEVEL: 'ERROR',
        // Its DynamoDB thread and API workers too (functions/local/thread-profile.ts).
        ...(cpuProfileDir ? { TWIN_CPU_PROF: resolve(cpuProfileDir) } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the twin exited during start-up: ${stderr.trim()}`);
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { url, dataDir, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the twin did not become healthy within 90 s');
    }
    await sleep(250);
  }
}

interface Cpu {
  userMs: number;
  systemMs: number;
}

type Calls = Record<string, number>;

async function statusOf(
  url: string,
  gc: boolean,
): Promise<{ memory?: Memory; cpu?: Cpu; dynamoCalls?: Calls }> {
  const response = await fetch(`${url}/local/status${gc ? '?gc=1' : ''}`, {
    signal: AbortSignal.timeout(10_000),
  });
  return (await response.json()) as { memory?: Memory; cpu?: Cpu; dynamoCalls?: Calls };
}

async function memoryOf(url: string): Promise<Memory> {
  // After a full collection (the twin runs with --expose-gc): what it holds, not garbage not yet collected.
  const status = await statusOf(url, true);
  if (!status.memory) throw new Error('GET /local/status does not report memory');
  return status.memory;
}

/** The twin's process CPU time so far (all its threads), in ms. */
async function twinCpuMs(url: string): Promise<number> {
  const { cpu } = await statusOf(url, false);
  if (!cpu) throw new Error('GET /local/status does not report CPU time');
  return cpu.userMs + cpu.systemMs;
}

/** The DynamoDB requests the twin's table has received so far, by operation. */
async function dynamoCallsOf(url: string): Promise<Calls> {
  const { dynamoCalls } = await statusOf(url, false);
  if (!dynamoCalls) throw new Error('GET /local/status does not report DynamoDB calls');
  return dynamoCalls;
}

/** This process's own CPU time so far, in ms: the load's client must not be what limits it. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A PDF within every limit that still costs the reader most: 100 pages of 1,990 pt, each dense with text. */
async function heavyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [1990, 1990], margin: 20, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
  doc.fontSize(9);
  for (let page = 0; page < 100; page++) {
    doc.addPage();
    for (let line = 0; line < 150; line++) {
      const words = Array.from({ length: 24 }, (_, w) => `word${(page * 7 + line * 3 + w) % 97}`);
      doc.text(words.join(' '), 20, 20 + line * 12.5, { lineBreak: false });
    }
  }
  doc.end();
  return done;
}

interface User {
  token: string;
  accountId: string;
  uploadId: string;
}

/** The load's reads: each route, its share of the requests, and its path for a user. */
const MIX: Array<[string, number, (user: User) => string]> = [
  ['/api/accounts', 0.25, () => '/api/accounts'],
  ['/api/accounts/{id}', 0.1, (user) => `/api/accounts/${user.accountId}`],
  ['/api/accounts/{id}/transactions', 0.25, (user) => `/api/accounts/${user.accountId}/transactions`],
  ['/api/uploads/{id}', 0.15, (user) => `/api/uploads/${user.uploadId}`],
  ['/api/family', 0.07, () => '/api/family'],
  ['/api/profile', 0.08, () => '/api/profile'],
  ['/api/health', 0.1, () => '/api/health'],
];

/** The mix's route for a number drawn from [0, 1). */
function pathFor(pick: number, user: User): string {
  let below = 0;
  for (const [, share, pathOf] of MIX) {
    below += share;
    if (pick < below) return pathOf(user);
  }
  return MIX[MIX.length - 1]![2](user);
}

export async function bench(): Promise<Figure[]> {
  const users = flag('users', 50, 500);
  const durationS = flag('duration', 60, 3600);
  const idleS = flag('idle', 30, 600);
  const rounds = flag('rounds', 1, 10);
  const web = textFlag('web', ['none', 'dist', 'vite'], 'none');
  const twin = await startTwinProcess(web, pathFlag('cpu-prof'));
  // One connection per user at most, as browsers keep theirs open.
  const agent = new Agent({ keepAlive: true, maxSockets: users + MAX_UPLOADS_IN_FLIGHT });
  try {
    const signer = await createLocalSigner({
      keyPath: join(twin.dataDir, 'keys', 'signing-key.json'),
      origin: `http://localhost:${new URL(twin.url).port}`,
    });
    const statements = await Promise.all(
      [1, 2, 3, 4].map((seed) => generateStatement('signed-amount', { transactions: 40, seed })),
    );

    const call = async (user: Pick<User, 'token'>, method: string, path: string, body?: unknown) => {
      const response = await httpCall(agent, `${twin.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${user.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = response.text;
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    };

    /** Upload one statement and follow it until the pipeline has finished (bounded by time). */
    const upload = async (
      user: Pick<User, 'token' | 'accountId'>,
      pdf: Buffer,
      withinS = 60,
    ): Promise<string> => {
      const created = await call(user, 'POST', '/api/uploads', {
        accountId: user.accountId,
        fileName: 'statement.pdf',
        size: pdf.length,
      });
      if (created.status !== 201 && created.status !== 200)
        throw new Error(`POST /api/uploads answered ${created.status}`);
      const { put, upload: record } = created.body as CreateUploadResponse;
      const putResponse = await fetch(put.url, {
        method: 'PUT',
        headers: put.headers,
        body: new Uint8Array(pdf),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!putResponse.ok) throw new Error(`the presigned PUT answered ${putResponse.status}`);
      const deadline = Date.now() + withinS * 1000;
      let stage: string | undefined;
      while (Date.now() < deadline) {
        const { body } = await call(user, 'GET', `/api/uploads/${record.uploadId}`);
        stage = (body as Upload | null)?.stage;
        if (stage === 'done' || stage === 'failed' || stage === 'needs_check') return record.uploadId;
        await sleep(200);
      }
      throw new Error(
        `upload ${record.uploadId} did not finish within ${withinS} s (last stage: ${stage ?? 'unknown'})`,
      );
    };

    // Setup: each user in their own family, with one account and one finished statement.
    const population: User[] = [];
    for (let i = 0; i < users; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, users - i) }, async (_, j) => {
          const sub = `load-${ulid()}`;
          const token = await signer.sign({ sub, email: `load${i + j}@example.co.uk`, tokenUse: 'id' });
          const family = await call({ token }, 'POST', '/api/family');
          if (family.status >= 300) throw new Error(`POST /api/family answered ${family.status}`);
          const accounts = await call({ token }, 'POST', '/api/accounts', {
            accounts: [{ name: 'Current', bank_name: 'Monzo', account_type: 'current' }], // the statements' bank
          });
          const accountId = (accounts.body as CreateAccountsResponse).accounts[0]?.id;
          if (!accountId) throw new Error(`POST /api/accounts answered ${accounts.status}`);
          // Setup is not measured: on a busy machine the PDF process (nice 19) may read 10 statements slowly.
          const uploadId = await upload(
            { token, accountId },
            statements[(i + j) % statements.length]!.pdf,
            SETUP_UPLOAD_WITHIN_S,
          );
          return { token, accountId, uploadId };
        }),
      );
      population.push(...batch);
    }

    const memory: Array<[string, Memory]> = [['before', await memoryOf(twin.url)]];
    const figures: Figure[] = [];
    const p95s: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const latencies: number[] = [];
      let non2xx = 0;
      let server5xx = 0;
      let failed = 0;
      let uploads = 0;
      let uploadsInFlight = 0;
      const ends = Date.now() + durationS * 1000;
      const twinCpuBefore = await twinCpuMs(twin.url);
      const callsBefore = await dynamoCallsOf(twin.url);
      const clientCpuBefore = ownCpuMs();
      const started = performance.now();
      const timed = async (fn: () => Promise<number>) => {
        const t = performance.now();
        try {
          const status = await fn();
          latencies.push(performance.now() - t);
          if (status < 200 || status >= 300) non2xx++;
          if (status >= 500) server5xx++;
        } catch {
          failed++;
        }
      };
      await Promise.all(
        population.map(async (user, u) => {
          for (let n = 0; n < MAX_REQUESTS_PER_USER && Date.now() < ends; n++) {
            const pick = Math.random();
            if (pick < UPLOAD_SHARE && uploadsInFlight < MAX_UPLOADS_IN_FLIGHT) {
              uploadsInFlight++;
              try {
                await upload(user, statements[(u + n) % statements.length]!.pdf);
                uploads++;
              } catch {
                failed++;
              } finally {
                uploadsInFlight--;
              }
              continue;
            }
            await timed(async () => (await call(user, 'GET', pathFor(pick, user))).status);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const clientCpu = ownCpuMs() - clientCpuBefore;
      const twinCpu = (await twinCpuMs(twin.url)) - twinCpuBefore;
      const callsAfter = await dynamoCallsOf(twin.url);
      const calls = Object.entries(callsAfter)
        .map(([operation, n]) => [operation, n - (callsBefore[operation] ?? 0)] as const)
        .filter(([, n]) => n > 0);
      const perRequest = (n: number) => n / Math.max(1, latencies.length);
      const sorted = [...latencies].sort((a, b) => a - b);
      const suffix = rounds > 1 ? ` (round ${round})` : '';
      p95s.push(percentile(sorted, 95));
      memory.push([`after load${suffix}`, await memoryOf(twin.url)]);
      figures.push(
        {
          name: `requests/s${suffix}`,
          value: latencies.length / seconds,
          unit: 'req/s',
          note: `${latencies.length} requests, ${users} users, ${seconds.toFixed(0)} s`,
        },
        { name: `p50${suffix}`, value: percentile(sorted, 50), unit: 'ms' },
        {
          name: `p95${suffix}`,
          value: percentile(sorted, 95),
          unit: 'ms',
          note: againstTarget(percentile(sorted, 95), P95_TARGET_MS, 'ms'),
        },
        { name: `p99${suffix}`, value: percentile(sorted, 99), unit: 'ms' },
        { name: `non-2xx${suffix}`, value: non2xx, unit: 'responses' },
        { name: `5xx${suffix}`, value: server5xx, unit: 'responses', note: 'target 0' },
        { name: `failed (no answer)${suffix}`, value: failed, unit: 'requests', note: 'target 0' },
        { name: `uploads to done${suffix}`, value: uploads, unit: 'statements' },
        {
          name: `twin CPU per request${suffix}`,
          value: twinCpu / Math.max(1, latencies.length),
          unit: 'ms',
          note: `${(twinCpu / 1000).toFixed(1)} s of CPU in ${seconds.toFixed(0)} s (${(twinCpu / 10 / seconds).toFixed(0)} % of a core), the pipeline included, not the PDF process`,
        },
        {
          name: `DynamoDB calls per request${suffix}`,
          value: perRequest(calls.reduce((total, [, n]) => total + n, 0)),
          unit: 'calls',
          note: `${calls.map(([operation, n]) => `${operation} ${perRequest(n).toFixed(2)}`).join(', ')}; the pipeline's included`,
        },
        {
          name: `client CPU${suffix}`,
          value: clientCpu / 10 / seconds,
          unit: '% of a core',
          note: `${(clientCpu / Math.max(1, latencies.length)).toFixed(2)} ms per request`,
        },
      );
    }
    if (rounds > 1) {
      const sortedP95s = [...p95s].sort((a, b) => a - b);
      const middle = sortedP95s.length / 2;
      const p95 =
        sortedP95s.length % 2
          ? sortedP95s[Math.floor(middle)]!
          : (sortedP95s[middle - 1]! + sortedP95s[middle]!) / 2;
      figures.push({
        name: 'p95, median of the rounds',
        value: p95,
        unit: 'ms',
        note: `${againstTarget(p95, P95_TARGET_MS, 'ms')}; rounds ${p95s.map((v) => v.toFixed(0)).join(', ')} ms`,
      });
    }
    const perRouteS = flag('per-route', 0, 600);
    if (perRouteS) {
      // Each route of the mix alone, no uploads: the twin's CPU and the table's calls per request of each, and
      // their sum weighted by the mix's shares (the mix's reads without the pipeline's work).
      let weightedCpu = 0;
      let weightedCalls = 0;
      for (const [route, share, pathOf] of MIX) {
        const cpuBefore = await twinCpuMs(twin.url);
        const callsBefore = await dynamoCallsOf(twin.url);
        const ends = Date.now() + perRouteS * 1000;
        let requests = 0;
        let refused = 0;
        await Promise.all(
          population.map(async (user) => {
            for (let n = 0; n < MAX_REQUESTS_PER_USER && Date.now() < ends; n++) {
              const { status } = await call(user, 'GET', pathOf(user));
              requests++;
              if (status < 200 || status >= 300) refused++;
            }
          }),
        );
        const cpu = ((await twinCpuMs(twin.url)) - cpuBefore) / Math.max(1, requests);
        const callsAfter = await dynamoCallsOf(twin.url);
        const made = Object.entries(callsAfter)
          .map(
            ([operation, n]) =>
              [operation, (n - (callsBefore[operation] ?? 0)) / Math.max(1, requests)] as const,
          )
          .filter(([, n]) => n > 0);
        const calls = made.reduce((total, [, n]) => total + n, 0);
        weightedCpu += share * cpu;
        weightedCalls += share * calls;
        figures.push({
          name: `CPU per request, GET ${route}`,
          value: cpu,
          unit: 'ms',
          note: `${requests} requests${refused ? `, ${refused} not 2xx` : ''}; ${calls.toFixed(2)} calls (${made.map(([operation, n]) => `${operation} ${n.toFixed(2)}`).join(', ')})`,
        });
      }
      const shares = MIX.reduce((total, [, share]) => total + share, 0);
      figures.push({
        name: 'CPU per request, the mix without uploads',
        value: weightedCpu / shares,
        unit: 'ms',
        note: `${(weightedCalls / shares).toFixed(2)} calls per request; each route weighted by its share of the mix`,
      });
    }
    if (flag('hostile', 0, 1)) {
      // The same reads, no uploads: alone, then while a heavy PDF is read again and again.
      const readPhase = async (until: number, extendedTo: () => number = () => until) => {
        const latencies: number[] = [];
        await Promise.all(
          population.map(async (user) => {
            for (
              let n = 0;
              n < MAX_REQUESTS_PER_USER && (Date.now() < until || Date.now() < extendedTo());
              n++
            ) {
              const pick = Math.random();
              const path =
                pick < 0.3
                  ? '/api/accounts'
                  : pick < 0.6
                    ? `/api/accounts/${user.accountId}/transactions`
                    : pick < 0.8
                      ? `/api/uploads/${user.uploadId}`
                      : '/api/health';
              const t = performance.now();
              await call(user, 'GET', path).catch(() => null);
              latencies.push(performance.now() - t);
            }
          }),
        );
        return [...latencies].sort((a, b) => a - b);
      };
      const alone = await readPhase(Date.now() + durationS * 1000);
      const heavy = await heavyPdf();
      const attacker = population[0]!;
      // The phase lasts `--duration` seconds and at least until one heavy read has finished (at most 10
      // minutes), so that it covers the whole of a read, its Parse included, however slow the machine.
      const until = Date.now() + durationS * 1000;
      const atMost = Date.now() + 600_000;
      let heavyReads = 0;
      let readsEnd = atMost;
      const attack = (async () => {
        do {
          await upload(attacker, heavy, Math.max(1, (atMost - Date.now()) / 1000)).catch(() => null);
          heavyReads++;
        } while (Date.now() < until);
        readsEnd = Date.now();
      })();
      const underAttack = await readPhase(until, () => readsEnd);
      await attack;
      const p95Alone = percentile(alone, 95);
      const p95Attack = percentile(underAttack, 95);
      figures.push(
        { name: 'p95 reads alone', value: p95Alone, unit: 'ms', note: `${alone.length} requests` },
        {
          name: 'p95 reads while a heavy PDF is read',
          value: p95Attack,
          unit: 'ms',
          note: `${underAttack.length} requests in ${((readsEnd - until) / 1000 + durationS).toFixed(0)} s; ${heavyReads} reads of a ${(heavy.length / 1024).toFixed(0)} KB 100-page PDF`,
        },
        {
          name: 'p95 ratio, heavy PDF / alone',
          value: p95Attack / Math.max(1, p95Alone),
          unit: '×',
          note: 'target ≤ 2×',
        },
      );
    }
    await sleep(idleS * 1000);
    memory.push([`after ${idleS} s idle`, await memoryOf(twin.url)]);
    const start = memory[0]?.[1].rssMiB ?? 0;
    for (const [index, [when, m]] of memory.entries()) {
      const growth = start ? ((m.rssMiB - start) / start) * 100 : 0;
      const last = index === memory.length - 1 && index > 0;
      figures.push({
        name: `memory ${when}`,
        value: m.rssMiB,
        unit: 'MiB RSS',
        note: `heap ${m.heapUsedMiB} of ${m.heapTotalMiB} MiB, ${m.openLevelIterators ?? '?'} open LevelDB iterators${
          index > 0 ? `; ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % of the start` : ''
        }${last ? ` (target within ${MEMORY_TARGET_PERCENT} %: ${growth <= MEMORY_TARGET_PERCENT ? 'met' : 'not met'})` : ''}`,
      });
    }
    return figures;
  } finally {
    agent.destroy();
    await twin.stop();
  }
}
