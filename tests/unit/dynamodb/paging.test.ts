import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BatchWriteItemCommand, DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HttpResponse } from '@smithy/core/protocols';
import type { HttpRequest } from '@smithy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, resetDocumentClient } from '../../../functions/adapters/dynamodb/client';
import {
  batchGetAll,
  batchPutAll,
  batchWriteAll,
  type Item,
  marshallItem,
  queryAll,
  queryPrefix,
  type WriteRequest,
} from '../../../functions/adapters/dynamodb/paging';
import { type RunningDynamo, startDynamo } from '../../../functions/local/emulators';
import { resetConfig } from '../../../functions/shared/config';
import { TransientError } from '../../../functions/shared/errors';

/**
 * The DynamoDB paging and batch helper against the twin's DynamoDB (dynalite, the DynamoDB wire protocol):
 * Query pages (a 1 MB answer, or the caller's Limit, ends a page), BatchGetItem over 100 keys and
 * BatchWriteItem over 25 requests. DynamoDB hands back UnprocessedKeys / UnprocessedItems when a partition is
 * throttled, which dynalite never does: a client that passes each command to dynalite but holds part of a
 * batch back, the way DynamoDB answers, stands in for that.
 */
const TABLE = 'paging-test';
let dynamo: RunningDynamo;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-paging-'));
  dynamo = await startDynamo({ directory: dir, tableName: TABLE }); // returns once the table is ACTIVE
  Object.assign(process.env, { APP_MODE: 'local', TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint });
  resetConfig();
  resetDocumentClient();
});
afterAll(async () => {
  resetDocumentClient();
  await dynamo.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const put = (item: Item): WriteRequest => ({ PutRequest: { Item: item } });
const pad = (n: number, width = 4) => String(n).padStart(width, '0');
const rows = (pk: string, count: number, extra: Item = {}) =>
  Array.from({ length: count }, (_, i) => ({ pk, sk: `ROW#${pad(i)}`, n: i, ...extra }));
const partition = (pk: string) =>
  queryAll<{ sk: string; n: number }>({
    TableName: TABLE,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });

/**
 * A document client that sends every command to dynalite, but answers the first `throttled` batch commands
 * as a throttled DynamoDB does: only the first half of the batch is done, the rest comes back unprocessed.
 */
function throttlingClient(throttled: number) {
  const real = documentClient();
  const sent: Array<{ kind: 'get' | 'write'; size: number }> = [];
  let left = throttled;
  const client: Pick<DynamoDBDocumentClient, 'send'> = {
    async send(command: Parameters<DynamoDBDocumentClient['send']>[0]) {
      if (command instanceof BatchWriteCommand) {
        const requests = command.input.RequestItems?.[TABLE] ?? [];
        sent.push({ kind: 'write', size: requests.length });
        if (left-- > 0 && requests.length > 1) {
          const half = Math.ceil(requests.length / 2);
          await real.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests.slice(0, half) } }));
          return { UnprocessedItems: { [TABLE]: requests.slice(half) }, $metadata: {} };
        }
      }
      if (command instanceof BatchGetCommand) {
        const request = command.input.RequestItems?.[TABLE];
        const keys = request?.Keys ?? [];
        sent.push({ kind: 'get', size: keys.length });
        if (left-- > 0 && keys.length > 1) {
          const half = Math.ceil(keys.length / 2);
          const out = await real.send(
            new BatchGetCommand({ RequestItems: { [TABLE]: { ...request, Keys: keys.slice(0, half) } } }),
          );
          return { ...out, UnprocessedKeys: { [TABLE]: { ...request, Keys: keys.slice(half) } } };
        }
      }
      // biome-ignore lint/suspicious/noExplicitAny: the SDK's send is overloaded per command type.
      return real.send(command as any);
    },
  } as Pick<DynamoDBDocumentClient, 'send'>;
  return { client, sent };
}

describe('queryAll: every page of a Query', () => {
  it('follows LastEvaluatedKey until the last page (pages of the caller’s Limit)', async () => {
    await batchWriteAll(rows('Q#small', 23).map(put));
    const items = await queryAll<{ n: number }>({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'Q#small' },
      Limit: 5,
    });
    expect(items.map((i) => i.n)).toEqual(Array.from({ length: 23 }, (_, i) => i));
  });

  it('reads past DynamoDB’s 1 MB page: 40 items of 60 KB are more than one page', async () => {
    const blob = 'x'.repeat(60 * 1024);
    await batchWriteAll(rows('Q#large', 40, { blob }).map(put));
    expect((await partition('Q#large')).length).toBe(40);
  });

  it('with a limit, stops paging once it has enough and returns exactly that many, in key order', async () => {
    const items = await queryAll<{ n: number }>(
      {
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'Q#small' },
        ScanIndexForward: false,
        Limit: 4,
      },
      { limit: 10 },
    );
    expect(items.map((i) => i.n)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
  });

  it('queryPrefix: only the sort keys that start with the prefix', async () => {
    await batchWriteAll([
      put({ pk: 'P#1', sk: 'PATTERN#a' }),
      put({ pk: 'P#1', sk: 'PATTERN#b' }),
      put({ pk: 'P#1', sk: 'REJECTED#a' }),
      put({ pk: 'P#2', sk: 'PATTERN#c' }),
    ]);
    const items = await queryPrefix<{ sk: string }>({ pk: 'P#1', skPrefix: 'PATTERN#' });
    expect(items.map((i) => i.sk)).toEqual(['PATTERN#a', 'PATTERN#b']);
    expect(await queryPrefix({ pk: 'P#1', skPrefix: 'MATCH#' }, { consistentRead: true })).toEqual([]);
  });
});

describe('batchGetAll and batchWriteAll: any number of keys and requests', () => {
  it('writes 130 items (6 batches of at most 25) and reads 250 keys back (3 batches), missing ones left out', async () => {
    await batchWriteAll(rows('B#1', 130).map(put));
    const keys = Array.from({ length: 250 }, (_, i) => ({ pk: 'B#1', sk: `ROW#${pad(i)}` }));
    const found = await batchGetAll<{ n: number; pk: string; sk: string }>(keys, { consistentRead: true });
    expect(found.map((i) => i.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 130 }, (_, i) => i));
  });

  it('reads only the projected attributes', async () => {
    await batchWriteAll([put({ pk: 'B#2', sk: 'A', upload_id: 'u1', secret: 'kept out' })]);
    const [item] = await batchGetAll([{ pk: 'B#2', sk: 'A' }], { projection: 'pk, sk, upload_id' });
    expect(item).toEqual({ pk: 'B#2', sk: 'A', upload_id: 'u1' });
  });

  it('deletes by key', async () => {
    await batchWriteAll(rows('B#3', 30).map(put));
    await batchWriteAll(
      Array.from({ length: 28 }, (_, i) => ({ DeleteRequest: { Key: { pk: 'B#3', sk: `ROW#${pad(i)}` } } })),
    );
    expect((await partition('B#3')).map((i) => i.n)).toEqual([28, 29]);
  });

  it('an empty list sends nothing', async () => {
    const { client, sent } = throttlingClient(0);
    await batchWriteAll([], { client });
    expect(await batchGetAll([], { client })).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('batchWriteAll: several batches in flight, never all of them', () => {
  /** A client that passes each write to dynalite and records how many BatchWriteItems were in flight. */
  function countingClient(failOn?: number) {
    const real = documentClient();
    let inFlight = 0;
    let most = 0;
    let sent = 0;
    const client: Pick<DynamoDBDocumentClient, 'send'> = {
      send: (async (command: BatchWriteCommand) => {
        const index = sent++;
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          if (index === failOn) throw new Error('the table is unavailable');
          return await real.send(command);
        } finally {
          inFlight--;
        }
      }) as unknown as DynamoDBDocumentClient['send'],
    };
    return { client, stats: () => ({ most, sent, inFlight }) };
  }

  it('writes 40 batches with at most `atOnce` of them in flight, every item written', async () => {
    const { client, stats } = countingClient();
    await batchWriteAll(rows('C#many', 1000).map(put), { client, atOnce: 4 });
    expect(stats()).toEqual({ most: 4, sent: 40, inFlight: 0 });
    expect((await partition('C#many')).length).toBe(1000);
  });

  it('a batch that fails fails the call, sends no further batch, and lets those in flight finish first', async () => {
    const { client, stats } = countingClient(2);
    await expect(batchWriteAll(rows('C#fail', 500).map(put), { client, atOnce: 3 })).rejects.toThrow(
      'the table is unavailable',
    );
    // batches 0 and 1 were in flight with batch 2; at most one more was taken before the failure was seen
    expect(stats().inFlight).toBe(0);
    expect(stats().sent).toBeLessThan(20);
  });
});

describe('unprocessed items and keys (a throttled partition) are sent again', () => {
  it('BatchWriteItem: the held-back half of each batch is written on the next tries', async () => {
    const { client, sent } = throttlingClient(2);
    await batchWriteAll(rows('U#write', 25).map(put), { client });
    // 25 sent, 12 come back; 12 sent, 6 come back; 6 sent and written.
    expect(sent).toEqual([
      { kind: 'write', size: 25 },
      { kind: 'write', size: 12 },
      { kind: 'write', size: 6 },
    ]);
    expect((await partition('U#write')).map((i) => i.n)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('BatchGetItem: the keys left unprocessed are asked for again and every item is found once', async () => {
    await batchWriteAll(rows('U#get', 40).map(put));
    const { client, sent } = throttlingClient(1);
    const keys = Array.from({ length: 40 }, (_, i) => ({ pk: 'U#get', sk: `ROW#${pad(i)}` }));
    const found = await batchGetAll<{ n: number }>(keys, { client, consistentRead: true });
    expect(sent).toEqual([
      { kind: 'get', size: 40 },
      { kind: 'get', size: 20 },
    ]);
    expect(found.map((i) => i.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('gives up with a TransientError (retried by the state machine) when writes stay unprocessed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] }); // the backoff pauses (3.5 s in all) pass at once
    let calls = 0;
    const stuck: Pick<DynamoDBDocumentClient, 'send'> = {
      send: (async (command: BatchWriteCommand) => {
        calls++;
        return { UnprocessedItems: command.input.RequestItems, $metadata: {} };
      }) as unknown as DynamoDBDocumentClient['send'],
    };
    const result = batchWriteAll(rows('U#stuck', 3).map(put), { client: stuck });
    const failed = expect(result).rejects.toBeInstanceOf(TransientError);
    await vi.runAllTimersAsync();
    await failed;
    expect(calls).toBe(8);
  });
});

describe('batchPutAll: items converted here, stored exactly as the document client stores them', () => {
  /** Every stored item of a partition as DynamoDB holds it (attribute values, read by the SDK's own command). */
  const raw = async (pk: string) => {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: pk } },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(({ pk: _pk, ...rest }) => rest);
  };
  /** A transaction row's kinds of value: text, pence, negatives, decimals, nulls, booleans, a string set. */
  const row = (i: number): Item => ({
    sk: `ROW#${pad(i)}`,
    gsi1pk: 'FAMILY#f#TXN',
    gsi1sk: `2025-01-${pad((i % 28) + 1, 2)}#a#${i}`,
    entity: 'transaction',
    description: i % 3 ? `CARD PAYMENT TO TESCO ${i} £` : '',
    amount: 12.34 + i,
    signed_amount: -(12.34 + i),
    balance: i % 2 ? null : 1_000_000.5 - i,
    position: i,
    zero: i % 4 ? 0 : -0,
    flow_type: null,
    not_checked: i % 2 === 0,
    left_out: undefined,
    upload_ids: new Set([`u${i}`, 'u-shared']),
  });

  it('the same attribute values as batchWriteAll for the values rows hold', async () => {
    const items = Array.from({ length: 60 }, (_, i) => row(i));
    await batchWriteAll(items.map((item) => put({ pk: 'M#document', ...item })));
    await batchPutAll(items.map((item) => ({ pk: 'M#direct', ...item })));
    const direct = await raw('M#direct');
    expect(direct).toHaveLength(60);
    expect(direct).toEqual(await raw('M#document'));
    expect(direct[1]).toMatchObject({ balance: { NULL: true }, not_checked: { BOOL: false } });
    expect(direct).not.toContainEqual(expect.objectContaining({ left_out: expect.anything() }));
  });

  it('converts rows itself, and leaves any other value (a map, a list, a number too large) to the SDK', () => {
    expect(marshallItem(row(1))).toMatchObject({
      amount: { N: '13.34' },
      signed_amount: { N: '-13.34' },
      upload_ids: { SS: ['u1', 'u-shared'] },
    });
    expect(marshallItem({ pk: 'x', nested: { a: 1 } })).toBeNull();
    expect(marshallItem({ pk: 'x', list: [1] })).toBeNull();
    expect(marshallItem({ pk: 'x', n: Number.MAX_SAFE_INTEGER + 2 })).toBeNull();
    expect(marshallItem({ pk: 'x', n: Number.NaN })).toBeNull();
    expect(marshallItem({ pk: 'x', numbers: new Set([1, 2]) })).toBeNull();
    expect(marshallItem({ pk: 'x', empty: new Set() })).toBeNull();
  });

  it('an item holding other values is written by the document client, as batchWriteAll writes it', async () => {
    const items = [
      { ...row(1), nested: { a: 1, b: [true, 'x'] } },
      { ...row(2), numbers: new Set([1, 2]) },
    ];
    await batchWriteAll(items.map((item) => put({ pk: 'M#other-document', ...item })));
    await batchPutAll(items.map((item) => ({ pk: 'M#other-direct', ...item })));
    expect(await raw('M#other-direct')).toEqual(await raw('M#other-document'));
    // and a value the SDK refuses is refused as batchWriteAll refuses it
    const refused = (write: () => Promise<void>) =>
      write().then(
        () => null,
        (error: Error) => error.message,
      );
    const message = await refused(() => batchWriteAll([put({ pk: 'M#nan', sk: 'A', n: Number.NaN })]));
    expect(message).toMatch(/NaN/);
    expect(await refused(() => batchPutAll([{ pk: 'M#nan', sk: 'A', n: Number.NaN }]))).toBe(message);
  });

  it("sends the very bytes the SDK's own serializer writes, headers and all", async () => {
    // A client whose requests are kept, not sent: each answered with nothing left unprocessed.
    const sent: HttpRequest[] = [];
    const raw = new DynamoDBClient({
      region: 'eu-west-2',
      endpoint: 'http://127.0.0.1:1',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      requestHandler: {
        handle: async (request: HttpRequest) => {
          sent.push(request);
          return {
            response: new HttpResponse({
              statusCode: 200,
              headers: { 'content-type': 'application/x-amz-json-1.0' },
              body: Readable.from([Buffer.from('{"UnprocessedItems":{}}')]),
            }),
          };
        },
      },
    });
    const client = DynamoDBDocumentClient.from(raw);
    // Text a statement may hold: quotes, backslashes, control characters, accents, an emoji, a lone surrogate.
    const items = Array.from({ length: 30 }, (_, i) => ({
      pk: 'M#bytes',
      ...row(i),
      description: `"CAFÉ" \\ 12\t/3\n\u0001 ✓ 😀 \ud800 <x> ${i}`,
    }));
    await batchPutAll(items, { client });
    const direct = sent.splice(0);
    expect(direct).toHaveLength(2);
    for (const [n, batch] of [items.slice(0, 25), items.slice(25)].entries()) {
      const values = batch.map((item) => ({ PutRequest: { Item: marshallItem(item)! } }));
      await raw.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: values } }));
      const [bySdk] = sent.splice(0);
      const body = (request: HttpRequest) => {
        const bytes = request.body as string | Uint8Array;
        return typeof bytes === 'string'
          ? Buffer.from(bytes)
          : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      };
      expect(typeof direct[n]!.body).toBe('string'); // made by JSON.stringify, not by the SDK
      expect(body(direct[n]!).equals(body(bySdk!))).toBe(true);
      const headers = (request: HttpRequest) => {
        const { authorization: _a, 'x-amz-date': _d, 'amz-sdk-invocation-id': _i, ...rest } = request.headers;
        return rest;
      };
      expect(headers(direct[n]!)).toEqual(headers(bySdk!));
      expect(direct[n]!.path).toBe(bySdk!.path);
    }
    raw.destroy();
  });

  it('items held back unprocessed are sent again until written', async () => {
    const real = documentClient();
    const sizes: number[] = [];
    let left = 2;
    const client: Pick<DynamoDBDocumentClient, 'send'> = {
      send: (async (command: BatchWriteItemCommand) => {
        const requests = command.input.RequestItems?.[TABLE] ?? [];
        sizes.push(requests.length);
        if (left-- > 0 && requests.length > 1) {
          const half = Math.ceil(requests.length / 2);
          await real.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: requests.slice(0, half) } }));
          return { UnprocessedItems: { [TABLE]: requests.slice(half) }, $metadata: {} };
        }
        return real.send(command);
      }) as unknown as DynamoDBDocumentClient['send'],
    };
    await batchPutAll(rows('M#unprocessed', 25), { client });
    expect(sizes).toEqual([25, 12, 6]);
    expect((await partition('M#unprocessed')).map((i) => i.n)).toEqual(
      Array.from({ length: 25 }, (_, i) => i),
    );
  });
});
