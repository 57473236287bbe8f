import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '../../../functions/adapters/dynamodb/table-definition';
import { batchWriteItem, dynaliteBatchWriteItem } from '../../../functions/local/dynalite-batch-write';

/**
 * The twin's BatchWriteItem (functions/local/dynalite-batch-write.ts) against dynalite's own, on two LevelDB
 * folders given the same tables and the same requests one after another: after every request both hold the
 * same LevelDB entries (items, index entries, byte for byte) and both answered alike (the same answer, or
 * the same error). The tables: the product's (two indexes projecting ALL, string keys) and one with a
 * partition key alone and a number sort key on its indexes, a local index projecting its keys only and a
 * global one projecting a few attributes, for the index entries that are not the whole item.
 */
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const dynaliteDb = fromDynalite('./db') as {
  create(options: { path: string }): Store;
};
interface Store {
  db: {
    iterator(options: object): AsyncIterable<[string, string]>;
    close(): Promise<void>;
  };
  tableDb: { put(key: string, value: object, cb: (err: Error | null) => void): void };
}
type Answer = { ok: unknown } | { error: { statusCode?: number; body?: unknown; message: string } };
type Action = (store: Store, data: object, cb: (err: Error | null, res?: unknown) => void) => void;

const ROWS = 'rows';
const OTHER = 'other-table';
const otherTable = {
  TableName: OTHER,
  AttributeDefinitions: [
    { AttributeName: 'id', AttributeType: 'S' },
    { AttributeName: 'n', AttributeType: 'N' },
    { AttributeName: 'g', AttributeType: 'S' },
  ],
  KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'by-g',
      KeySchema: [
        { AttributeName: 'g', KeyType: 'HASH' },
        { AttributeName: 'n', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['label', 'absent'] },
    },
  ],
};
const rowsTableWithLocal = {
  ...createTableInput(ROWS),
  AttributeDefinitions: [
    ...createTableInput(ROWS).AttributeDefinitions,
    { AttributeName: 'amount', AttributeType: 'N' },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'by-amount',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'amount', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    },
  ],
};

let dir: string;
let ours: Store;
let theirs: Store;
const ourAction = batchWriteItem(fromDynalite('./db')) as unknown as Action;
const theirAction = dynaliteBatchWriteItem() as unknown as Action;

function put(store: Store, table: object & { TableName: string }): Promise<void> {
  return new Promise((resolve, reject) =>
    store.tableDb.put(table.TableName, { ...table, TableStatus: 'ACTIVE' }, (err) =>
      err ? reject(err) : resolve(),
    ),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-batch-write-'));
  ours = dynaliteDb.create({ path: join(dir, 'ours') });
  theirs = dynaliteDb.create({ path: join(dir, 'theirs') });
  for (const store of [ours, theirs]) {
    await put(store, rowsTableWithLocal);
    await put(store, otherTable);
  }
});
afterAll(async () => {
  await ours.db.close();
  await theirs.db.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(action: Action, store: Store, data: object): Promise<Answer> {
  // Each store gets its own copy, as each request is parsed afresh.
  const copy = JSON.parse(JSON.stringify(data)) as object;
  return new Promise((resolve) =>
    action(store as never, copy, (err, res) =>
      resolve(
        err
          ? {
              error: {
                statusCode: (err as { statusCode?: number }).statusCode,
                body: (err as { body?: unknown }).body,
                message: err.message,
              },
            }
          : { ok: res },
      ),
    ),
  );
}

async function entries(store: Store): Promise<Array<[string, string]>> {
  const all: Array<[string, string]> = [];
  for await (const entry of store.db.iterator({ keyEncoding: 'utf8', valueEncoding: 'utf8' }))
    all.push(entry);
  return all;
}

/**
 * An answer with its per-table consumed capacity in table-name order. DynamoDB does not promise an order, and
 * dynalite's follows whichever table's description its store returns first, which varies when the machine is
 * busy (its tables are looked up concurrently).
 */
function tablesInOrder(answer: Answer): Answer {
  const ok = (answer as { ok?: { ConsumedCapacity?: Array<{ TableName: string }> } }).ok;
  if (!ok?.ConsumedCapacity) return answer;
  const sorted = [...ok.ConsumedCapacity].sort((a, b) => a.TableName.localeCompare(b.TableName));
  return { ok: { ...ok, ConsumedCapacity: sorted } } as Answer;
}

/** Both actions on the same requests (all at once), their answers and stored entries compared. */
async function same(...requests: object[]): Promise<Answer[]> {
  const [mine, dynalites] = await Promise.all([
    Promise.all(requests.map((r) => run(ourAction, ours, r))),
    Promise.all(requests.map((r) => run(theirAction, theirs, r))),
  ]);
  expect(mine.map(tablesInOrder)).toEqual(dynalites.map(tablesInOrder));
  const [ourEntries, theirEntries] = await Promise.all([entries(ours), entries(theirs)]);
  expect(ourEntries).toEqual(theirEntries);
  return mine;
}

const row = (n: number, overrides: Record<string, unknown> = {}) => ({
  pk: { S: `FAMILY#f${n % 2}` },
  sk: { S: `TXN#acct#2025-01-${String((n % 28) + 1).padStart(2, '0')}#fp${n}` },
  gsi1pk: { S: `FAMILY#f${n % 2}#TXN` },
  gsi1sk: { S: `2025-01-${String((n % 28) + 1).padStart(2, '0')}#acct#fp${n}` },
  ...(n % 3 === 0 ? { gsi2pk: { S: `FAMILY#f${n % 2}#UNCLASSIFIED` }, gsi2sk: { S: `2025-01#fp${n}` } } : {}),
  entity: { S: 'transaction' },
  amount: { N: String(1000 + n) },
  description: { S: `TESCO STORES ${n} “café” £` },
  upload_ids: { SS: ['u1', 'u2'] },
  flags: { M: { a: { BOOL: true }, b: { NULL: true }, c: { L: [{ N: '1.50' }, { S: 'x' }] } } },
  ...overrides,
});
const puts = (items: object[]) => items.map((Item) => ({ PutRequest: { Item } }));
const batch = (table: string, requests: object[], extra: object = {}) => ({
  RequestItems: { [table]: requests },
  ...extra,
});

describe("the twin's BatchWriteItem against dynalite's", () => {
  it('writes new rows and their index entries as dynalite does, several requests at once', async () => {
    const answers = await same(
      batch(ROWS, puts(Array.from({ length: 25 }, (_, n) => row(n)))),
      batch(ROWS, puts(Array.from({ length: 25 }, (_, n) => row(n + 25)))),
      batch(ROWS, puts(Array.from({ length: 7 }, (_, n) => row(n + 50)))),
    );
    expect(answers[0]).toEqual({ ok: { UnprocessedItems: {} } });
    expect((await entries(ours)).length).toBeGreaterThan(57 * 2);
  });

  it('overwrites rows, moving, removing and adding index entries, with deletes of stored and absent rows', async () => {
    await same(
      batch(ROWS, [
        // a new day: its gsi1 entry moves
        { PutRequest: { Item: row(1, { gsi1sk: { S: '2025-02-01#acct#fp1' } }) } },
        // classified: its gsi2 entry goes (row 3 had one)
        { PutRequest: { Item: row(3, { gsi2pk: undefined, gsi2sk: undefined }) } },
        // unclassified: a gsi2 entry comes (row 4 had none)
        {
          PutRequest: {
            Item: row(4, { gsi2pk: { S: 'FAMILY#f0#UNCLASSIFIED' }, gsi2sk: { S: '2025-01#fp4' } }),
          },
        },
        // the same again: nothing moves
        { PutRequest: { Item: row(5) } },
        { DeleteRequest: { Key: { pk: row(6).pk, sk: row(6).sk } } },
        { DeleteRequest: { Key: { pk: row(9).pk, sk: row(9).sk } } },
        { DeleteRequest: { Key: { pk: { S: 'FAMILY#nobody' }, sk: { S: 'TXN#none' } } } },
      ]),
    );
  });

  it('answers the consumed capacity per table when asked, for two tables in one request', async () => {
    const other = (n: number, extra: Record<string, unknown> = {}) => ({
      id: { S: `item-${n}` },
      n: { N: String(n * 1.5 - 20) },
      g: { S: n % 2 ? 'odd' : 'even' },
      label: { S: `label ${n}` },
      big: { S: 'x'.repeat(1500 + n) },
      ...extra,
    });
    // the second and third time, overwriting the rows of the first
    for (const ReturnConsumedCapacity of ['TOTAL', 'INDEXES', 'NONE']) {
      const answers = await same({
        RequestItems: {
          [OTHER]: [
            ...puts(Array.from({ length: 10 }, (_, n) => other(n))),
            { PutRequest: { Item: other(11, { g: undefined }) } },
            { DeleteRequest: { Key: { id: { S: 'item-20' } } } },
          ],
          [ROWS]: [...puts([row(60), row(61)]), { DeleteRequest: { Key: { pk: row(2).pk, sk: row(2).sk } } }],
        },
        ReturnConsumedCapacity,
      });
      expect(answers[0]).toHaveProperty('ok');
      if (ReturnConsumedCapacity !== 'NONE')
        expect((answers[0] as { ok: { ConsumedCapacity: unknown[] } }).ok.ConsumedCapacity).toHaveLength(2);
    }
  });

  it('refuses the same requests with the same errors, writing nothing', async () => {
    const answers = await same(
      batch(ROWS, puts([row(70), row(70)])),
      batch(ROWS, [...puts([row(71)]), { DeleteRequest: { Key: { pk: row(71).pk, sk: row(71).sk } } }]),
      batch(ROWS, puts([row(72), row(73, { sk: undefined })])),
      batch(ROWS, puts([row(74, { sk: { N: '5' } })])),
      batch(ROWS, puts([row(75, { pk: { S: '' } })])),
      batch(ROWS, puts([row(76, { gsi1sk: { N: '1' } })])),
      batch(ROWS, [{ DeleteRequest: { Key: { pk: row(1).pk } } }]),
      batch(ROWS, puts([row(77, { amount: { S: 'not a number' } })])),
      batch('no-such-table', puts([row(78)])),
    );
    for (const answer of answers) expect(answer).toHaveProperty('error');
  });
});
