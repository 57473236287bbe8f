import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  attributeValue,
  checkTypes,
  checkTypesOnce,
  dynaliteValidations,
} from '../../../functions/local/dynalite-types';

/**
 * The twin's DynamoDB checks each request's JSON types with functions/local/dynalite-types.ts in place of
 * dynalite's own check. It must answer exactly as dynalite's does: here both run on the same requests, for
 * every operation dynalite serves, valid and with each value replaced by every other kind of JSON value, and
 * must give the same copy of the request (keys and their order), leave the request changed the same way, or
 * throw the same error (its message, status and body).
 */
const original = dynaliteValidations().checkTypes;
const require = createRequire(import.meta.url);
const validationsDir = dirname(
  createRequire(require.resolve('dynalite')).resolve('./validations/batchWriteItem.js'),
);
const operations = readdirSync(validationsDir)
  .filter((file) => file.endsWith('.js') && file !== 'index.js')
  .map((file) => ({
    name: file.replace(/\.js$/, ''),
    types: (createRequire(join(validationsDir, file))(join(validationsDir, file)) as { types: Types }).types,
  }));

type Spec = { type?: string; children?: unknown } | string;
type Types = Record<string, Spec>;

const ATTRIBUTE_VALUES: unknown[] = [
  { S: 'text' },
  { N: '12.50' },
  { B: 'AAECAw==' },
  { BOOL: true },
  { NULL: true },
  { SS: ['a', 'b'] },
  { NS: ['1', '2.5'] },
  { BS: ['AAAA'] },
  { L: [{ S: 'x' }, { N: '1' }, { M: { inner: { BOOL: false } } }] },
  { M: { a: { S: 'y' }, b: { L: [{ NULL: true }] } } },
];

/** A value of the spec's type (dynalite's type names), `depth` bounding nested attribute values. */
function sample(spec: Spec, depth = 0): unknown {
  const children = typeof spec === 'object' ? spec.children : undefined;
  const name = typeof spec === 'string' ? spec : (spec.type ?? '');
  const [base, sub] = name.match(/(.+?)<(.+)>$/)?.slice(1) ?? [name, undefined];
  const child = (typeof children === 'string' ? { type: children } : children) as Spec;
  switch (base) {
    case 'String':
      return 'abc';
    case 'Boolean':
      return true;
    case 'Short':
    case 'Integer':
    case 'Long':
      return 7.9;
    case 'Double':
      return 1.5;
    case 'Blob':
      return 'AAAA';
    case 'List':
    case 'ParameterizedList':
      return [sample(child, depth + 1), sample(child, depth + 1)];
    case 'Map':
    case 'ParameterizedMap':
      return { first: sample(child, depth + 1), second: sample(child, depth + 1) };
    case 'ValueStruct':
    case 'FieldStruct': {
      const out: Record<string, unknown> = { Unknown: 'dropped', Empty: null };
      for (const [key, value] of Object.entries(children as Types)) out[key] = sample(value, depth + 1);
      return out;
    }
    case 'AttrStruct':
      return depth > 6 ? { S: 'leaf' } : ATTRIBUTE_VALUES[depth % ATTRIBUTE_VALUES.length];
    default:
      throw new Error(`no sample for ${name} (${sub})`);
  }
}

function request(types: Types): Record<string, unknown> {
  const out: Record<string, unknown> = { NotAParameter: 1 };
  for (const [key, spec] of Object.entries(types)) out[key] = sample(spec);
  return out;
}

/** Every path to a value inside `value`. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...paths(v, [...at, i]));
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  if (!path.length) return by;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = by;
  return copy;
}

const OTHER_VALUES: unknown[] = [
  0,
  3,
  2.5,
  -1,
  true,
  false,
  '',
  'text',
  'yes',
  'No',
  '1',
  '0',
  'AAA',
  'AA==',
  'AB=C',
  [],
  ['a'],
  [1, 2],
  [{ S: 'x' }],
  {},
  { S: 'x' },
  { a: 1 },
  null,
];

/** What a check gives: the copy and the request after it, or the error it throws. */
function outcome(check: typeof checkTypes, data: unknown, types: Types): string {
  const input = structuredClone(data) as Record<string, unknown>;
  try {
    const result = check(input, types as Parameters<typeof checkTypes>[1]);
    return JSON.stringify({ result, input });
  } catch (error) {
    const e = error as Error & { statusCode?: number; body?: unknown };
    return JSON.stringify({ error: e.message, statusCode: e.statusCode, body: e.body, input });
  }
}

describe("the DynamoDB thread's type check", () => {
  it("is not yet dynalite's own in this process, and checkTypesOnce puts it in dynalite's place", () => {
    expect(original).not.toBe(checkTypes);
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it.each(operations)(
    "answers $name's requests as dynalite does, valid or with any value of any other type",
    ({ types }) => {
      const valid = request(types);
      expect(outcome(checkTypes, valid, types)).toBe(outcome(original, valid, types));
      const differing: string[] = [];
      let compared = 1;
      for (const path of paths(valid)) {
        for (const other of OTHER_VALUES) {
          const changed = replaced(valid, path, other);
          const ours = outcome(checkTypes, changed, types);
          if (ours !== outcome(original, changed, types))
            differing.push(`${JSON.stringify(path)} = ${JSON.stringify(other)}: ${ours}`);
          compared++;
        }
      }
      expect(differing).toEqual([]);
      expect(compared).toBeGreaterThan(OTHER_VALUES.length);
    },
  );

  it('answers a request that is not an object (a JSON string, number, array or null) as dynalite does', () => {
    const { types } = operations.find((o) => o.name === 'putItem')!;
    for (const data of ['a string', 42, true, [1, 2], null])
      expect(outcome(checkTypes, data, types)).toBe(outcome(original, data, types));
  });

  it("copies a row's attribute values of one type (S, N, BOOL, NULL, SS, NS) as dynalite's walk does, and any other value too", () => {
    // The values a row's attribute takes, each of the ten types holding every kind of JSON value, with a
    // second key, a key of no type, an empty key and a null one.
    const TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M'];
    const values: unknown[] = [
      ...ATTRIBUTE_VALUES,
      ...TYPES.flatMap((type) => OTHER_VALUES.map((value) => ({ [type]: value }))),
      ...TYPES.map((type) => ({ [type]: ['a', 1] })),
      ...TYPES.map((type) => ({ [type]: ['a', null] })),
      { S: 'a', N: '1' },
      { S: 'a', Other: 1 },
      { Other: 'a' },
      { S: 'a', NULL: null },
      { S: null },
      {},
      JSON.parse('{"__proto__": {"S": "x"}}'),
      ...OTHER_VALUES,
    ];
    const types = { value: 'AttrStruct<ValueStruct>' };
    let copied = 0;
    for (const value of values) {
      const ours = (() => {
        const input = structuredClone(value);
        try {
          return JSON.stringify({ result: { value: attributeValue(input) }, input: { value: input } });
        } catch (error) {
          const e = error as Error & { statusCode?: number; body?: unknown };
          return JSON.stringify({
            error: e.message,
            statusCode: e.statusCode,
            body: e.body,
            input: { value: input },
          });
        }
      })();
      const theirs = outcome(original, { value }, types);
      // (a null value is left out of dynalite's copy, where attributeValue answers it as null)
      if (value === null) expect(theirs).toBe(JSON.stringify({ result: {}, input: {} }));
      else expect(ours, JSON.stringify(value)).toBe(theirs);
      copied++;
    }
    expect(copied).toBeGreaterThan(TYPES.length * OTHER_VALUES.length);
    // The copy is the value's own: a later change of the request does not reach it.
    const list = ['a'];
    const copy = attributeValue({ SS: list }) as { SS: string[] };
    expect(copy.SS).toEqual(['a']);
    expect(copy.SS).not.toBe(list);
  });

  it('replaces dynalite’s check once installed', () => {
    checkTypesOnce();
    expect(dynaliteValidations().checkTypes).toBe(checkTypes);
    checkTypesOnce();
    expect(dynaliteValidations().checkTypes).toBe(checkTypes);
  });
});
