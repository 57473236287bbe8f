import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  checkBatchValuesOnce,
  checkBatchWriteValues,
  dynaliteBatchWriteCheck,
  sizeOf,
} from '../../../functions/local/dynalite-values';

/**
 * The twin's DynamoDB checks a BatchWriteItem's values with functions/local/dynalite-values.ts in place of
 * dynalite's own check. It must answer exactly as dynalite's does: the same message (or none) for the same
 * request, and the request left changed the same way (dynalite writes each number back in big.js's form).
 * Both run here on rows as Persist writes them, and on the same rows with each value replaced by values of
 * every type, valid and not, numbers of every form, and items too large.
 */
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const db = fromDynalite('./db') as { itemSize(item: object): number };
const original = dynaliteBatchWriteCheck();
const store = { options: { maxItemSize: 400 * 1024 } };

function row(i: number): Record<string, Record<string, unknown>> {
  const date = `2024-0${1 + (i % 9)}-1${i % 10}`;
  return {
    pk: { S: 'FAMILY#01JDXYZABCDEFGHJKMNPQRSTVW' },
    sk: { S: `TXN#01JDXYZABCDEFGHJKMNPQRSTAC#${date}#fp${i}` },
    gsi1pk: { S: 'FAMILY#01JDXYZABCDEFGHJKMNPQRSTVW#TXN' },
    gsi1sk: { S: `${date}#fp${i}` },
    entity: { S: 'transaction' },
    description: { S: `TESCO STORES 2041 ${i} £ café` },
    amount: { N: String((i * 137) / 100) },
    signed_amount: { N: String((-i * 137) / 100) },
    position: { N: String(i) },
    balance: { N: '5123.45' },
    flow_type: { S: 'spending' },
    user_corrected_flow_type: { NULL: true },
    classification_confidence: { N: '0.9' },
    not_checked: { BOOL: true },
    upload_ids: { SS: ['01JDXYZABCDEFGHJKMNPQRSTUP'] },
  };
}

const NUMBERS = [
  '0',
  '-0',
  '00',
  '1',
  '-1',
  '10',
  '100',
  '1000000',
  '-2500',
  '0.5',
  '-0.5',
  '0.05',
  '0.000001',
  '1.50',
  '1.',
  '.5',
  '+1',
  '1e3',
  '1E-3',
  '01',
  '12.34',
  '-12.034',
  '100.001',
  ' 1',
  '',
  'abc',
  '9'.repeat(38),
  '9'.repeat(39),
  `0.${'0'.repeat(35)}1`,
  `1${'0'.repeat(126)}`,
  `0.${'0'.repeat(130)}1`,
  '1'.repeat(40),
  ...Array.from({ length: 60 }, (_, i) => String(((i * 7919) % 100003) / 10 ** (i % 7)) + (i % 3 ? '' : '0')),
];
const VALUES: unknown[] = [
  ...NUMBERS.map((N) => ({ N })),
  { S: '' },
  { S: 'x' },
  { S: 'x', N: '1' },
  { N: '1', S: 'x' },
  { NULL: true },
  { NULL: false },
  { BOOL: false },
  { SS: ['a'] },
  { SS: ['a', 'a'] },
  { SS: ['a', 'b'] },
  { SS: [] },
  { NS: ['1', '2.50'] },
  { NS: ['1', '1'] },
  { B: 'AAAA' },
  { BS: ['AAAA', 'AAAA'] },
  { L: [{ N: '1.0' }, { S: 'x' }] },
  { M: { a: { N: '02' }, b: { NULL: false } } },
  {},
];

/** What a check gives: its message, and the request after it. */
function outcome(check: typeof checkBatchWriteValues, data: object): string {
  const input = structuredClone(data) as Parameters<typeof checkBatchWriteValues>[0];
  return JSON.stringify({ message: check(input, store) ?? null, input });
}

const request = (items: object[], deletes: object[] = []) => ({
  RequestItems: {
    table: [
      ...items.map((Item) => ({ PutRequest: { Item } })),
      ...deletes.map((Key) => ({ DeleteRequest: { Key } })),
    ],
  },
});

describe("the DynamoDB thread's check of a BatchWriteItem's values", () => {
  it('answers rows as Persist writes them as dynalite does (valid, numbers left as they are)', () => {
    const valid = request(Array.from({ length: 25 }, (_, i) => row(i)));
    expect(outcome(checkBatchWriteValues, valid)).toBe(outcome(original, valid));
    expect(JSON.parse(outcome(checkBatchWriteValues, valid)).message).toBeNull();
  });

  it('answers as dynalite does with any attribute of a row replaced by any value, valid or not', () => {
    const differing: string[] = [];
    let compared = 0;
    for (const attr of Object.keys(row(0)))
      for (const value of VALUES) {
        const items = [row(1), { ...row(2), [attr]: value }, { ...row(3), [attr]: { N: '7.10' } }];
        for (const data of [request(items), request([row(4)], [{ pk: value, sk: { S: 'x' } }])]) {
          const ours = outcome(checkBatchWriteValues, data);
          if (ours !== outcome(original, data)) differing.push(`${attr} = ${JSON.stringify(value)}: ${ours}`);
          compared++;
        }
      }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  });

  it('answers an empty request, a request of no kind, and items too large as dynalite does', () => {
    const large = { ...row(0), description: { S: 'x'.repeat(400 * 1024 - 300) } };
    const cases = [
      request([]),
      { RequestItems: { table: [{}] } },
      { RequestItems: { table: [{ Other: 1 }, { PutRequest: { Item: row(0) } }] } },
      request([large]),
      request([{ ...large, description: { S: 'x'.repeat(400 * 1024 - 700) } }]),
      request([{ ...large, amount: { N: '1.0' } }]),
      {
        RequestItems: {
          first: [{ PutRequest: { Item: row(0) } }],
          second: [{ PutRequest: { Item: { a: {} } } }],
        },
      },
    ];
    for (const data of cases) expect(outcome(checkBatchWriteValues, data)).toBe(outcome(original, data));
  });

  it("gives an item's size as dynalite does, for every form of number a row holds", () => {
    let measured = 0;
    for (const N of NUMBERS) {
      const item = { ...row(0), n: { N } } as Record<string, Record<string, unknown>>;
      const ours = sizeOf(item);
      // a number not written as big.js writes it is left to dynalite's own
      if (ours === undefined) continue;
      expect(ours, N).toBe(db.itemSize(item));
      measured++;
    }
    for (const N of ['0', '1', '10', '100', '-2500', '0.5', '-0.5', '0.000001', '12.34', '100.001'])
      expect(sizeOf({ n: { N } }), N).toBe(db.itemSize({ n: { N } }));
    expect(measured).toBeGreaterThan(40);
    for (let i = 0; i < 200; i++) expect(sizeOf(row(i))).toBe(db.itemSize(row(i)));
    expect(sizeOf({ ...row(0), m: { M: {} } })).toBeUndefined();
  });

  it("replaces dynalite's check once installed", () => {
    const batchWriteItem = fromDynalite('./validations/batchWriteItem') as { custom: unknown };
    expect(batchWriteItem.custom).toBe(original);
    checkBatchValuesOnce();
    expect(batchWriteItem.custom).toBe(checkBatchWriteValues);
    checkBatchValuesOnce();
    expect(batchWriteItem.custom).toBe(checkBatchWriteValues);
    expect(dynaliteBatchWriteCheck()).toBe(original);
  });
});
