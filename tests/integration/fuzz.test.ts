import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { FUNCTIONS, type FunctionSpec, type HttpRoute } from '../../functions/handlers/manifest';
import { createApiRouter, type RawRequest } from '../../functions/local/api-router';
import { startTestTwin } from '../support/twin';

/**
 * Every route's contract under arbitrary input, through the twin's API Gateway router (the same code that
 * serves /api/*): path parameters, query strings and JSON bodies of any shape, with huge, unicode, numeric and
 * near-valid values. A family's admin calls, so every scope is passed and the handler's own validation is what
 * answers. No answer is a 5xx, none shows internals (a stack trace, a file path, an AWS error name), and the
 * twin answers its health check afterwards. Runs are bounded and seeded: a failure prints the seed and the
 * shrunk request (FUZZ_SEED=<seed> replays it).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = 25;

const ROUTES = FUNCTIONS.flatMap((spec) =>
  spec.trigger.type === 'http' ? spec.trigger.routes.map((route) => ({ route, spec })) : [],
);
const key = (r: HttpRoute) => `${r.method} ${r.path}`;

/** Every field name the contracts declare, so bodies are near-valid as well as random. */
const CONTRACT_FIELDS = [
  ...new Set(
    readdirSync('functions/contracts')
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(join('functions/contracts', f), 'utf8').matchAll(/^\s+(\w+): z\b/gm)].map(
          (m) => m[1]!,
        ),
      ),
  ),
];

/** Stack frames, source paths and the names AWS SDK errors carry: none may reach a caller. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\.[cm]?[jt]s:\d+|\/work\/|node_modules|functions\/(?:handlers|services|adapters|shared)|ValidationException|ConditionalCheckFailed|ResourceNotFound|ProvisionedThroughput|TransactionCanceled|ItemCollectionSizeLimit|NoSuchKey|NoSuchBucket|AccessDenied|SignatureDoesNotMatch|S3ServiceException|DynamoDBServiceException|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read prop|undefined is not/;

/**
 * Requests the property skips because of a defect known today, each with its own `it.fails` test that turns
 * red when the defect is fixed (then remove both). None today.
 */
const KNOWN_DEFECTS: Array<{ name: string; matches(route: HttpRoute, request: FuzzRequest): boolean }> = [];

interface FuzzRequest {
  params: string[];
  query: Array<[string, string]>;
  body: unknown;
  /** Send the body as it is (not JSON), e.g. a broken JSON text. */
  raw: string | null;
}

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let token = '';
let router: (request: RawRequest) => ReturnType<ReturnType<typeof createApiRouter>>;
const realIds: string[] = [];

const text = fc.oneof(
  { arbitrary: fc.string(), weight: 2 },
  { arbitrary: fc.string({ minLength: 1_000, maxLength: 3_000 }), weight: 2 },
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'null',
    'true',
    '[]',
    '{}',
    '../..',
    '%',
    '\u0000',
    'é',
    '👪',
    '\u202e',
  ),
  fc.string({ minLength: 1_000, maxLength: 3_000 }),
  fc.constant('x'.repeat(120_000)),
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, 20 * 1024 * 1024 + 1),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: text, weight: 4 },
    { arbitrary: number, weight: 2 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.array(tie('v'), { maxLength: 4 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...CONTRACT_FIELDS), fc.string()), tie('v'), {
        maxKeys: 4,
      }),
      weight: 1,
    },
  ),
})).v;

/** A zod (mini or classic) schema's definition, as far as this file walks it. */
type SchemaDef = {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  innerType?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
  entries?: Record<string, string | number>;
  checks?: Array<{ _zod: { def: { check: string; pattern?: RegExp; maximum?: number } } }>;
};

/** A value the schema would accept, or close to it: its enum's values, its pattern, a short word or count. */
function plausible(def: SchemaDef): fc.Arbitrary<unknown> {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  if (def.type === 'enum' && def.entries) return fc.constantFrom(...Object.values(def.entries));
  if (def.type === 'boolean') return fc.boolean();
  if (def.type === 'number' || def.type === 'int') return fc.integer({ min: 1, max: 10_000 });
  if (def.type === 'string') {
    const pattern = checks.find((c) => c.pattern)?.pattern;
    if (pattern)
      return fc
        .stringMatching(
          new RegExp(`^(?:${pattern.source.replace(/^\^|\$$/g, '')})$`, pattern.flags.replace(/[ig]/g, '')),
        )
        .filter((s) => s.length <= 200);
    return fc.constantFrom(...realIds, 'Barclays', 'Joint current', 'Lovelace', 'statement.pdf');
  }
  return value;
}

/**
 * Bodies and queries in the shape of a route's schema: every field plausible, and now and then one hostile
 * (any value at all, missing, huge, unicode, of another type), so each field's own checks are reached.
 */
function shaped(def: SchemaDef | undefined, hostile = true, depth = 0): fc.Arbitrary<unknown> {
  if (!def || depth > 4) return value;
  if ((def.type === 'default' || def.type === 'optional' || def.type === 'nullable') && def.innerType)
    return shaped(def.innerType._zod.def, hostile, depth);
  if (def.type === 'object' && def.shape)
    return fc.record(
      Object.fromEntries(
        Object.entries(def.shape).map(([k, v]) => {
          const field = shaped(v._zod.def, hostile, depth + 1);
          if (!hostile) return [k, field];
          return [
            k,
            fc.oneof(
              { arbitrary: field, weight: 4 },
              { arbitrary: value, weight: 1 },
              { arbitrary: fc.constant(undefined), weight: 1 },
            ),
          ];
        }),
      ),
    );
  if (def.type === 'array' && def.element)
    return fc.array(shaped(def.element._zod.def, hostile, depth + 1), { minLength: 1, maxLength: 3 });
  return plausible(def);
}

/** Values at the edges, tried in every field and path parameter of every route before the random runs. */
const EXTREMES: unknown[] = [
  'x'.repeat(1_100),
  'é👪\u202e\u0000'.repeat(300),
  'x'.repeat(120_000),
  '',
  ' ',
  null,
  -1,
  1e308,
  [],
  {},
];

/**
 * One request per field and per extreme value, the other fields plausible (a field's own check is reached
 * only when the rest of the body is valid): the deterministic part of the run.
 */
async function examplesFor(route: HttpRoute, spec: FunctionSpec): Promise<Array<[FuzzRequest]>> {
  const schemas = await schemasOf(spec);
  const paramCount = (route.path.match(/\{/g) ?? []).length;
  const params = Array.from({ length: paramCount }, (_, i) => realIds[i % realIds.length] ?? '');
  const [body] = fc.sample(shaped(schemas.body, false), { numRuns: 1, seed: SEED }) as [unknown];
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  const out: Array<[FuzzRequest]> = [];
  for (const extreme of EXTREMES) {
    for (let i = 0; i < paramCount; i++) {
      if (typeof extreme !== 'string') continue;
      out.push([{ params: params.map((p, j) => (j === i ? extreme : p)), query: [], body, raw: null }]);
    }
    for (const field of fields)
      out.push([
        { params, query: [], body: { ...(body as Record<string, unknown>), [field]: extreme }, raw: null },
      ]);
    for (const q of Object.keys(schemas.query?.shape ?? {}))
      if (typeof extreme === 'string') out.push([{ params, query: [[q, extreme]], body, raw: null }]);
  }
  return out;
}

/** The contract schemas a route's handler validates with, found by name in its source and the contracts. */
const contractModules = Promise.all(
  readdirSync('functions/contracts')
    .filter((f) => f.endsWith('.ts'))
    .map(
      (f) =>
        import(/* @vite-ignore */ join(process.cwd(), 'functions/contracts', f)) as Promise<
          Record<string, unknown>
        >,
    ),
);
async function schemasOf(
  spec: FunctionSpec,
): Promise<Partial<Record<'body' | 'query' | 'params', SchemaDef>>> {
  const source = readFileSync(spec.entry, 'utf8');
  const modules = await contractModules;
  const out: Partial<Record<'body' | 'query' | 'params', SchemaDef>> = {};
  for (const m of source.matchAll(/\b(body|query|params)(?::\s*(\w+))?\s*[,}]/g)) {
    const name = m[2] ?? m[1]!;
    const schema = modules.map((mod) => mod[name]).find((v) => v && typeof v === 'object' && '_zod' in v) as
      | { _zod: { def: SchemaDef } }
      | undefined;
    if (schema) out[m[1] as 'body' | 'query' | 'params'] = schema._zod.def;
  }
  return out;
}

async function requestFor(route: HttpRoute, spec: FunctionSpec): Promise<fc.Arbitrary<FuzzRequest>> {
  const paramCount = (route.path.match(/\{/g) ?? []).length;
  const schemas = await schemasOf(spec);
  const queryKeys = Object.keys(schemas.query?.shape ?? {});
  return fc.record({
    params: fc.array(fc.oneof(text, fc.constantFrom(...realIds), fc.ulid()), {
      minLength: paramCount,
      maxLength: paramCount,
    }),
    query: fc.array(
      fc.tuple(fc.oneof(fc.constantFrom(...queryKeys, ...CONTRACT_FIELDS), fc.string()), text),
      { maxLength: 3 },
    ),
    body: fc.oneof(
      { arbitrary: shaped(schemas.body), weight: 5 },
      { arbitrary: fc.dictionary(fc.constantFrom(...CONTRACT_FIELDS), value, { maxKeys: 6 }), weight: 1 },
      { arbitrary: value, weight: 1 },
      { arbitrary: fc.jsonValue(), weight: 1 },
    ),
    raw: fc.option(fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,', '\u0000', 'nul')), {
      freq: 8,
    }),
  });
}

function urlOf(route: HttpRoute, request: FuzzRequest): string {
  let i = 0;
  const path = route.path.replace(/\{\w+\+?\}/g, () => encodeURIComponent(request.params[i++] ?? ''));
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

async function send(route: HttpRoute, request: FuzzRequest) {
  const body =
    route.method === 'GET'
      ? Buffer.alloc(0)
      : Buffer.from(request.raw ?? JSON.stringify(request.body ?? null));
  try {
    return await router({
      method: route.method,
      url: urlOf(route, request),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', host: 'localhost' },
      body,
      sourceIp: '127.0.0.1',
    });
  } catch (error) {
    // The twin's server answers a router that throws with a 500.
    return { statusCode: 500, body: `router threw: ${(error as Error).stack}` };
  }
}

beforeAll(async () => {
  twin = await startTestTwin();
  router = createApiRouter({ signer: twin.signer });
  token = await twin.signer.sign({ sub: `ada-${ulid()}`, email: 'ada@example.co.uk', tokenUse: 'id' });
  const call = async <T>(method: string, path: string, body: unknown) =>
    (await send(
      { method: method as HttpRoute['method'], path, scope: 'user' },
      {
        params: [],
        query: [],
        body,
        raw: null,
      },
    )) as { statusCode: number; body: string } & { parsed?: T };
  await call('POST', '/api/family', { name: 'Lovelace' });
  const accounts = await call('POST', '/api/accounts', {
    accounts: [{ bank_name: 'Barclays', name: 'Joint current', account_type: 'current' }],
  });
  const account = (JSON.parse(accounts.body) as CreateAccountsResponse).accounts[0]!.id;
  const upload = await call('POST', '/api/uploads', { accountId: account, fileName: 'a.pdf', size: 10 });
  realIds.push(account, (JSON.parse(upload.body) as CreateUploadResponse).upload.uploadId);
});
afterAll(async () => {
  await twin?.stop();
});

describe('every route under arbitrary input', () => {
  const fuzzed = new Set<string>();

  it.each(ROUTES.map((r) => [key(r.route), r.route, r.spec] as const))(
    '%s: no 5xx, no internals',
    async (name, route, spec) => {
      fuzzed.add(name);
      await fc.assert(
        fc.asyncProperty(await requestFor(route, spec), async (request) => {
          if (KNOWN_DEFECTS.some((d) => d.matches(route, request))) return;
          const response = await send(route, request);
          const status = response.statusCode ?? 200;
          const body = typeof response.body === 'string' ? response.body : '';
          expect(status, body.slice(0, 500)).toBeLessThan(500);
          expect(body).not.toMatch(INTERNALS);
          if (status >= 400) {
            // A refusal says what was wrong, in words.
            const parsed = JSON.parse(body) as { error?: { message?: string }; message?: string };
            expect(parsed.error?.message ?? parsed.message).toMatch(/\w/);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, examples: await examplesFor(route, spec) },
      );
    },
    60_000,
  );

  it("found the routes' contracts, so bodies, queries and paths are shaped by them", async () => {
    const found = await Promise.all(ROUTES.map(async (r) => Object.keys(await schemasOf(r.spec)).length));
    expect(found.filter((n) => n > 0).length).toBeGreaterThanOrEqual(ROUTES.length / 2);
    const upload = ROUTES.find((r) => key(r.route) === 'POST /api/uploads')!;
    expect(Object.keys((await schemasOf(upload.spec)).body?.shape ?? {})).toContain('accountId');
  });

  it('covered every route of the manifest', () => {
    expect([...fuzzed].sort()).toEqual(ROUTES.map((r) => key(r.route)).sort());
  });

  it('left the twin healthy', async () => {
    const response = await fetch(`${twin.url}/api/health`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('ok');
  });
});

/** Where a schema takes a calendar date (YYYY-MM-DD): each field's path, an array's element as index 0. */
function datePaths(
  def: SchemaDef | undefined,
  path: Array<string | number> = [],
  depth = 0,
): Array<Array<string | number>> {
  if (!def || depth > 5) return [];
  if ((def.type === 'default' || def.type === 'optional' || def.type === 'nullable') && def.innerType)
    return datePaths(def.innerType._zod.def, path, depth);
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([k, v]) => datePaths(v._zod.def, [...path, k], depth + 1));
  if (def.type === 'array' && def.element) return datePaths(def.element._zod.def, [...path, 0], depth + 1);
  if (
    def.type === 'string' &&
    (def.checks ?? []).some((c) => c._zod.def.pattern?.source.includes('\\d{4}-\\d{2}-\\d{2}'))
  )
    return [path];
  return [];
}

function setAt(target: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(target) && target.length ? [...target] : [{}];
    list[0] = setAt(list[0], rest, leaf);
    return list;
  }
  const record = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  (record as Record<string, unknown>)[head as string] = setAt(
    (record as Record<string, unknown>)[head as string],
    rest,
    leaf,
  );
  return record;
}

/** Dates with the right shape that are no day at all: each is refused as input, in every field that takes a date. */
const IMPOSSIBLE_DATES = ['2024-02-30', '2099-99-99', '2023-02-29', '2024-13-45', '2024-00-00'];

/** The body with only the fields a schema requires (plausible values), so one field's check is what answers. */
function required(def: SchemaDef | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (def?.type === 'object' && def.shape && depth < 4)
    return fc.record(
      Object.fromEntries(
        Object.entries(def.shape)
          .filter(([, v]) => !['optional', 'default'].includes(v._zod.def.type))
          .map(([k, v]) => [k, required(v._zod.def, depth + 1)]),
      ),
    );
  if (def?.type === 'array' && def.element)
    return fc.array(required(def.element._zod.def, depth + 1), { minLength: 1, maxLength: 1 });
  return shaped(def, false, depth);
}

describe('impossible dates, in every date field of every route', () => {
  /** Date fields where a real date (a leap day) was taken: there, the impossible ones must be what is refused. */
  const reached: string[] = [];
  it.each(ROUTES.map((r) => [key(r.route), r.route, r.spec] as const))('%s', async (_, route, spec) => {
    const schemas = await schemasOf(spec);
    const paramCount = (route.path.match(/\{/g) ?? []).length;
    const params = Array.from({ length: paramCount }, (_, i) => realIds[i % realIds.length] ?? '');
    const [body] = fc.sample(required(schemas.body), { numRuns: 1, seed: SEED }) as [unknown];
    const fields: Array<{ name: string; with: (date: string) => FuzzRequest }> = [
      ...datePaths(schemas.body).map((path) => ({
        name: `body ${path.join('.')}`,
        with: (date: string) => ({ params, query: [], body: setAt(body, path, date), raw: null }),
      })),
      ...datePaths(schemas.query).map((path) => ({
        name: `query ${path.join('.')}`,
        with: (date: string) => ({
          params,
          query: [[String(path[0]), date]] as Array<[string, string]>,
          body,
          raw: null,
        }),
      })),
    ];
    for (const field of fields) {
      const control = await send(route, field.with('2024-02-29'));
      if (control.statusCode !== 400) reached.push(`${key(route)} ${field.name}`);
      for (const date of IMPOSSIBLE_DATES) {
        const request = field.with(date);
        const response = await send(route, request);
        expect(response.statusCode, `${field.name} ${date}: ${response.body}`).toBe(400);
      }
    }
  });
  it('reached the date fields the contracts take (a real date passed their other checks)', () => {
    expect(reached.length, reached.join('\n')).toBeGreaterThanOrEqual(5);
    expect(reached.some((r) => r.startsWith('PUT /api/profile'))).toBe(true);
  });
});

describe('the edges the fuzzing first found failing', () => {
  it('an account id of 1,017 characters in a new upload is refused as input (400), not a 500', async () => {
    const response = await send(ROUTES.find((r) => key(r.route) === 'POST /api/uploads')!.route, {
      params: [],
      query: [],
      body: { accountId: 'a'.repeat(1_017), fileName: 'statement.pdf', size: 1024 },
      raw: null,
    });
    expect(response.statusCode).toBe(400);
  });

  it('a request body over 10 MiB is refused with 413, not cut short and processed', async () => {
    const name = 'x'.repeat(11 * 1024 * 1024);
    const response = await fetch(`${twin.url}/api/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: name }),
    });
    expect(response.status).toBe(413);
  });

  it('malformed percent-encoding in a path is refused as input (400) after the token check', async () => {
    for (const path of ['/api/accounts/%E0%A4%A', '/api/accounts/%', '/api/accounts/%ZZ']) {
      const base = { method: 'GET', url: path, body: Buffer.alloc(0), sourceIp: '127.0.0.1' };
      const anonymous = await router({ ...base, headers: {} }).catch(() => ({ statusCode: 500 }));
      expect(anonymous.statusCode).toBe(401);
      const signed = await router({ ...base, headers: { authorization: `Bearer ${token}` } }).catch(() => ({
        statusCode: 500,
      }));
      expect(signed.statusCode).toBe(400);
    }
  });
});
