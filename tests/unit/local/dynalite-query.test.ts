import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '../../../functions/adapters/dynamodb/table-definition';
import {
  dynaliteQueryTable,
  type QueryTable,
  queryTableDirectly,
} from '../../../functions/local/dynalite-query';

/**
 * The twin's read of a Query's and a Scan's items (functions/local/dynalite-query.ts) against dynalite's own:
 * one dynalite server, its `queryTable` swapped between the two, the same requests sent to each, the same
 * answers required (items, order, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity, or the same error).
 * The data: a partition of small rows, one of rows of about 3 KB (over dynalite's 1 MB cut), the product's
 * indexes, and a table whose index projects a few attributes only (Select ALL_ATTRIBUTES on it stays
 * dynalite's).
 */
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const db = fromDynalite('./db') as { queryTable: QueryTable };
const dynalite = fromDynalite('./index.js') as (options: object) => Server;
const theirs = dynaliteQueryTable();
const ours = queryTableDirectly(db as never, theirs);

const ROWS = 'rows';
const OTHER = 'other';
let dir: string;
let server: Server;
let client: DynamoDBClient;

const pad = (n: number) => String(n).padStart(4, '0');
const row = (partition: string, n: number, bytes = 0) => ({
  pk: { S: `FAMILY#${partition}` },
  sk: { S: `TXN#acct#2025-01-${String((n % 28) + 1).padStart(2, '0')}#fp${pad(n)}` },
  gsi1pk: { S: `FAMILY#${partition}#TXN` },
  gsi1sk: { S: `2025-01-${String((n % 28) + 1).padStart(2, '0')}#acct#fp${pad(n)}` },
  amount: { N: String(1000 + n * 0.25) },
  flow_type: { S: n % 4 ? 'external_expense' : 'income' },
  description: { S: `CARD PAYMENT ${n} “café” £${'x'.repeat(bytes)}` },
  flags: { M: { a: { BOOL: n % 2 === 0 }, b: { NULL: true }, c: { L: [{ N: '1.50' }, { S: 'x' }] } } },
});

async function send<T>(input: T, command: (input: T) => QueryCommand | ScanCommand): Promise<unknown> {
  try {
    const { $metadata: _, ...answer } = await client.send(command(input) as never);
    return { ok: answer };
  } catch (error) {
    return { error: { name: (error as Error).name, message: (error as Error).message } };
  }
}

/** The same request answered by dynalite's queryTable and by the twin's: the answers compared. */
async function same<T>(input: T, command: (input: T) => QueryCommand | ScanCommand): Promise<unknown> {
  db.queryTable = theirs;
  const expected = await send(input, command);
  db.queryTable = ours;
  const actual = await send(input, command);
  db.queryTable = theirs;
  expect(actual).toEqual(expected);
  return actual;
}
const query = (input: Omit<QueryCommandInput, 'TableName'> & { TableName?: string }) =>
  same({ TableName: ROWS, ...input }, (i) => new QueryCommand(i));
const scan = (input: Omit<ScanCommandInput, 'TableName'> & { TableName?: string }) =>
  same({ TableName: ROWS, ...input }, (i) => new ScanCommand(i));

/** Every page of a Query, each asked of both, from where the previous (the same in both) ended. */
async function pages(input: Omit<QueryCommandInput, 'TableName'>): Promise<number> {
  let start: QueryCommandInput['ExclusiveStartKey'];
  let items = 0;
  for (let page = 0; page < 200; page++) {
    const answer = (await query({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) })) as {
      ok: { Items?: unknown[]; LastEvaluatedKey?: QueryCommandInput['ExclusiveStartKey'] };
    };
    items += answer.ok.Items?.length ?? 0;
    start = answer.ok.LastEvaluatedKey;
    if (!start) return items;
  }
  throw new Error('too many pages');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-dynalite-query-'));
  server = dynalite({ path: dir, createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  client = new DynamoDBClient({
    region: 'eu-west-2',
    endpoint: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  await client.send(new CreateTableCommand(createTableInput(ROWS) as never));
  await client.send(
    new CreateTableCommand({
      TableName: OTHER,
      AttributeDefinitions: [
        { AttributeName: 'id', AttributeType: 'S' },
        { AttributeName: 'n', AttributeType: 'N' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'g', KeyType: 'HASH' },
        { AttributeName: 'id', KeyType: 'RANGE' },
      ],
      LocalSecondaryIndexes: [
        {
          IndexName: 'by-n',
          KeySchema: [
            { AttributeName: 'g', KeyType: 'HASH' },
            { AttributeName: 'n', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['label'] },
        },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  const items = [
    ...Array.from({ length: 130 }, (_, n) => row('small', n)),
    ...Array.from({ length: 420 }, (_, n) => row('large', n, 3000)),
  ];
  for (let start = 0; start < items.length; start += 25)
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: { [ROWS]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  await client.send(
    new BatchWriteItemCommand({
      RequestItems: {
        [OTHER]: Array.from({ length: 20 }, (_, n) => ({
          PutRequest: {
            Item: {
              g: { S: 'g1' },
              id: { S: `id${pad(n)}` },
              n: { N: String(20 - n) },
              label: { S: `label ${n}` },
              other: { S: 'not projected' },
            },
          },
        })),
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const partition = (name: string) => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': { S: `FAMILY#${name}` } },
});

describe("the twin's Query and Scan reads against dynalite's", () => {
  it('answers a partition whole and by Limit, each way, with the same items, counts and LastEvaluatedKey', async () => {
    for (const ScanIndexForward of [true, false])
      for (const Limit of [undefined, 1, 2, 7, 50, 75, 129, 130, 131, 1000]) {
        const answer = (await query({
          ...partition('small'),
          ScanIndexForward,
          ...(Limit ? { Limit } : {}),
        })) as {
          ok: { Count: number };
        };
        expect(answer.ok.Count).toBe(Math.min(Limit ?? 130, 130));
      }
    expect(await query(partition('nobody'))).toEqual({ ok: { Count: 0, Items: [], ScannedCount: 0 } });
  });

  it('stops at 1 MB of items where dynalite does, and pages on from the same key', async () => {
    const first = (await query(partition('large'))) as { ok: { Count: number; LastEvaluatedKey?: object } };
    expect(first.ok.Count).toBeLessThan(420);
    expect(first.ok.LastEvaluatedKey).toBeDefined();
    expect(await pages(partition('large'))).toBe(420);
    expect(await pages({ ...partition('large'), ScanIndexForward: false, Limit: 97 })).toBe(420);
    expect(await pages({ ...partition('small'), Limit: 13 })).toBe(130);
  });

  it('keeps key ranges, filters, projections, COUNT, consistent reads and consumed capacity', async () => {
    const between = {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': { S: 'FAMILY#small' },
        ':from': { S: 'TXN#acct#2025-01-05' },
        ':to': { S: 'TXN#acct#2025-01-09#~' },
      },
    };
    await query({ ...between, ScanIndexForward: false, Limit: 9 });
    await query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': { S: 'FAMILY#small' }, ':p': { S: 'TXN#acct#2025-01-1' } },
    });
    await query({
      ...between,
      FilterExpression: 'flow_type = :f',
      ExpressionAttributeValues: { ...between.ExpressionAttributeValues, ':f': { S: 'income' } },
      Limit: 11,
    });
    await query({ ...between, ProjectionExpression: 'sk, amount, flags.c[1]' });
    await query({ ...partition('large'), Select: 'COUNT' });
    for (const ReturnConsumedCapacity of ['TOTAL', 'INDEXES', 'NONE'] as const)
      for (const ConsistentRead of [true, false])
        await query({ ...partition('large'), ReturnConsumedCapacity, ConsistentRead, Limit: 33 });
  });

  it('reads indexes as dynalite does, leaving an index that projects part of an item to it', async () => {
    await query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: 'FAMILY#small#TXN' } },
      ScanIndexForward: false,
      Limit: 40,
      ReturnConsumedCapacity: 'INDEXES',
    });
    const byN = {
      TableName: OTHER,
      IndexName: 'by-n',
      KeyConditionExpression: 'g = :g',
      ExpressionAttributeValues: { ':g': { S: 'g1' } },
    };
    await query({ ...byN, Limit: 5, ReturnConsumedCapacity: 'INDEXES' });
    await query({ ...byN, Select: 'ALL_ATTRIBUTES', Limit: 5 });
    await query({ ...byN, ConsistentRead: true });
  });

  it('answers Scans, segments and bad requests alike', async () => {
    await scan({ Limit: 50 });
    await scan({ TableName: OTHER });
    await scan({ Segment: 1, TotalSegments: 3, Limit: 20, FilterExpression: 'attribute_exists(flags)' });
    await query({ KeyConditionExpression: 'sk = :sk', ExpressionAttributeValues: { ':sk': { S: 'x' } } });
  });

  it('reads many entries a LevelDB step, where dynalite took one entry a step', async () => {
    const fromLevel = createRequire(fromDynalite.resolve('level'));
    const { AbstractIterator } = createRequire(fromLevel.resolve('classic-level'))('abstract-level') as {
      AbstractIterator: { prototype: { next(): Promise<unknown> } };
    };
    const common = Object.getPrototypeOf(AbstractIterator.prototype) as {
      next(): Promise<unknown>;
      nextv(size: number): Promise<unknown>;
    };
    const { next, nextv } = common;
    let steps = 0;
    let manyAStep = 0;
    common.next = function (this: unknown) {
      steps++;
      return next.call(this);
    };
    common.nextv = function (this: unknown, size: number) {
      manyAStep++;
      return nextv.call(this, size);
    };
    try {
      db.queryTable = ours;
      await send({ TableName: ROWS, ...partition('small'), Limit: 75 }, (i) => new QueryCommand(i));
    } finally {
      common.next = next;
      common.nextv = nextv;
      db.queryTable = theirs;
    }
    // 75 rows of about 400 bytes: one step reads them all, the next finds the range's end.
    expect(steps).toBe(0);
    expect(manyAStep).toBeLessThanOrEqual(2);
  });
});
