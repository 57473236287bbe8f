import {
  type AttributeValue,
  BatchWriteItemCommand,
  type BatchWriteItemCommandInput,
  type BatchWriteItemCommandOutput,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { SerializeMiddleware } from '@smithy/types';
import { TransientError } from '../../shared/errors';
import { documentClient, tableName } from './client';

/**
 * The one place that pages through DynamoDB and retries its partial answers, for every repository:
 *  - a Query answers at most 1 MB at a time and says where to go on (LastEvaluatedKey → ExclusiveStartKey);
 *  - BatchGetItem takes at most 100 keys and BatchWriteItem 25 requests, and either may hand part of the
 *    work back (UnprocessedKeys / UnprocessedItems) when a partition is throttled: that part is sent again
 *    with exponential backoff (25 ms, 50 ms … at most 1 s between tries), and after 8 tries the call fails
 *    with a TransientError, which the state machine retries.
 * `client` is the module's document client unless a caller (a test) passes another.
 */
export type Item = Record<string, unknown>;
export type Key = Record<string, unknown>;
type Client = Pick<DynamoDBDocumentClient, 'send'>;

export const BATCH_GET_MAX_KEYS = 100;
export const BATCH_WRITE_MAX_REQUESTS = 25;
const BATCH_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));

/**
 * Every item a Query matches, page after page. With `limit`, stops once it has that many (the input's own
 * Limit caps each page) and returns no more than that.
 */
export async function queryAll<T = Item>(
  input: QueryCommandInput,
  options: { limit?: number; client?: Client } = {},
): Promise<T[]> {
  const { limit, client = documentClient() } = options;
  const items: T[] = [];
  let start: Key | undefined;
  do {
    const out = await client.send(
      new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start && (limit === undefined || items.length < limit));
  return limit === undefined ? items : items.slice(0, limit);
}

/** The items of a partition whose sort key starts with `skPrefix` (the table's pk/sk, in key order). */
export function queryPrefix<T = Item>(
  prefix: { pk: string; skPrefix: string },
  options: { consistentRead?: boolean; client?: Client } = {},
): Promise<T[]> {
  return queryAll<T>(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
      ...(options.consistentRead ? { ConsistentRead: true } : {}),
    },
    options.client ? { client: options.client } : {},
  );
}

/**
 * The stored items of `keys` from the table, in no particular order (keys with no item are left out), in
 * batches of 100 one after another, each retried until no key is left unprocessed.
 */
export async function batchGetAll<T = Item>(
  keys: readonly Key[],
  options: {
    consistentRead?: boolean;
    projection?: string;
    /** ExpressionAttributeNames of the projection (reserved words such as `month`). */
    names?: Record<string, string>;
    client?: Client;
  } = {},
): Promise<T[]> {
  const { client = documentClient() } = options;
  const table = tableName();
  const found: T[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_MAX_KEYS) {
    let pending: Key[] = keys.slice(start, start + BATCH_GET_MAX_KEYS);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= BATCH_ATTEMPTS) throw new TransientError('DynamoDB kept keys unprocessed');
      if (attempt) await pause(attempt);
      const out = await client.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ...(options.consistentRead ? { ConsistentRead: true } : {}),
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
            },
          },
        }),
      );
      found.push(...((out.Responses?.[table] ?? []) as T[]));
      pending = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Key[];
    }
  }
  return found;
}

/**
 * A consistent read of some keys' items (`fields`: the attributes it needs, the key's `sk` among them) and
 * what its caller makes of the items found: several such reads of one table go in one BatchGetItem
 * (`readTogether`).
 */
export interface KeysRead<T> {
  keys: readonly Key[];
  fields: readonly string[];
  of(items: ReadonlyArray<Record<string, unknown>>): T;
}

/**
 * Two reads of keys in one BatchGetItem (consistent; more than 100 keys in batches as `batchGetAll`), each
 * handed only the items of its own keys.
 */
export async function readTogether<A, B>(a: KeysRead<A>, b: KeysRead<B>): Promise<[A, B]> {
  const id = (key: Key) => `${String(key.pk)}\u0000${String(key.sk)}`;
  const unique = new Map([...a.keys, ...b.keys].map((key) => [id(key), key]));
  const fields = [...new Set(['pk', 'sk', ...a.fields, ...b.fields])];
  const items = await batchGetAll<Record<string, unknown>>([...unique.values()], {
    consistentRead: true,
    projection: fields.map((_, i) => `#f${i}`).join(', '),
    names: Object.fromEntries(fields.map((field, i) => [`#f${i}`, field])),
  });
  const own = (read: KeysRead<unknown>) => {
    const ids = new Set(read.keys.map(id));
    return items.filter((item) => ids.has(id(item as Key)));
  };
  return [a.of(own(a)), b.of(own(b))];
}

/** One request of a BatchWriteItem: put an item, or delete one by its key. */
export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** BatchWriteItems in flight at once: enough to keep the table busy, few enough that 5,000 rows are not all
 * marshalled, queued for a socket and held in memory together (the client's pool has 50 sockets). */
export const BATCH_WRITES_AT_ONCE = 32;

/**
 * Puts and deletes in batches of 25, up to BATCH_WRITES_AT_ONCE batches in flight at once (the next sent as
 * one finishes), each retried until nothing is left unprocessed. A batch that still fails fails the call
 * once the batches in flight have settled, and no further batch is sent. Not conditional and not atomic:
 * for writes whose key makes them idempotent.
 */
export async function batchWriteAll(
  requests: readonly WriteRequest[],
  options: { client?: Client; atOnce?: number } = {},
): Promise<void> {
  const { client = documentClient(), atOnce = BATCH_WRITES_AT_ONCE } = options;
  await inBatchesAtOnce(requests, atOnce, (batch) => writeBatch(client, batch));
}

/**
 * Puts of whole items, as `batchWriteAll` writes them (the same requests, batches, concurrency and retries of
 * unprocessed items), each item turned into DynamoDB's attribute values here (`marshallItem`: what the
 * document client's conversion gives, for the value types rows hold, without copying the item first) and
 * sent as BatchWriteItem itself: for thousands of rows, that conversion is much of the client's work. A
 * batch holding any other value goes through the document client as `batchWriteAll` sends it.
 */
export async function batchPutAll(
  items: readonly object[],
  options: { client?: Client; atOnce?: number } = {},
): Promise<void> {
  const { client = documentClient(), atOnce = BATCH_WRITES_AT_ONCE } = options;
  await inBatchesAtOnce(items as readonly Item[], atOnce, (batch) => {
    const marshalled: MarshalledWriteRequest[] = [];
    for (const item of batch) {
      const values = marshallItem(item);
      if (!values)
        return writeBatch(
          client,
          batch.map((i) => ({ PutRequest: { Item: i } })),
        );
      marshalled.push({ PutRequest: { Item: values } });
    }
    return writeMarshalledBatch(client, marshalled);
  });
}

/**
 * `work` on each batch of 25, up to `atOnce` batches in flight at once (the next started as one finishes). A
 * batch that fails fails the call once the batches in flight have settled, and no further batch is started.
 */
async function inBatchesAtOnce<T>(
  requests: readonly T[],
  atOnce: number,
  work: (batch: T[]) => Promise<void>,
): Promise<void> {
  const batches: T[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_WRITE_MAX_REQUESTS)
    batches.push(requests.slice(start, start + BATCH_WRITE_MAX_REQUESTS));
  let next = 0;
  let failed = false;
  const sender = async () => {
    while (!failed && next < batches.length) {
      const batch = batches[next++]!;
      try {
        await work(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(Math.max(1, atOnce), batches.length) }, sender),
  );
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
}

async function writeBatch(client: Client, batch: readonly WriteRequest[]): Promise<void> {
  const table = tableName();
  let pending = [...batch];
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= BATCH_ATTEMPTS) throw new TransientError('DynamoDB kept writes unprocessed');
    if (attempt) await pause(attempt);
    const out = await client.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
  }
}

async function writeMarshalledBatch(client: Client, batch: readonly MarshalledWriteRequest[]): Promise<void> {
  const table = tableName();
  // The document client sends the SDK's own commands as they are (its conversion is for its commands only).
  const send = client.send.bind(client) as unknown as (
    command: BatchWriteItemCommand,
  ) => Promise<BatchWriteItemCommandOutput>;
  let pending = [...batch];
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= BATCH_ATTEMPTS) throw new TransientError('DynamoDB kept writes unprocessed');
    if (attempt) await pause(attempt);
    const out = await send(withJsonBody(new BatchWriteItemCommand({ RequestItems: { [table]: pending } })));
    pending = out.UnprocessedItems?.[table] ?? [];
  }
}

/**
 * A BatchWriteItem of items already in attribute values (`marshallItem`'s: strings, numbers as strings,
 * booleans, nulls, string sets; nothing the SDK would write otherwise than JSON does) sent with its body made
 * by the engine's JSON.stringify: the bytes the SDK's own serializer writes (the same members in the same
 * order, the same escapes), which it builds in JavaScript a character at a time, for 25 rows of some thirty
 * attributes about a fifth of Persist's CPU. The SDK serializes the request with every table's list of
 * writes left empty (its headers, target and endpoint as ever, the table names kept for the endpoint's
 * parameters) and the body is then put in place, before its length is taken and the request signed and sent;
 * the command's own input is never changed, so a retry or a caller reading it sees it as it was.
 */
function withJsonBody(command: BatchWriteItemCommand): BatchWriteItemCommand {
  const { input } = command;
  const body = JSON.stringify(input);
  const emptied: BatchWriteItemCommandInput = {
    ...input,
    RequestItems: Object.fromEntries(Object.keys(input.RequestItems ?? {}).map((table) => [table, []])),
  };
  const emptyInput: SerializeMiddleware<BatchWriteItemCommandInput, BatchWriteItemCommandOutput> =
    (next) => (args) =>
      next({ ...args, input: emptied });
  command.middlewareStack.add(emptyInput, {
    step: 'serialize',
    priority: 'high',
    name: 'batchWriteEmptiedForSerializer',
  });
  const jsonBody: SerializeMiddleware<BatchWriteItemCommandInput, BatchWriteItemCommandOutput> =
    (next) => (args) => {
      (args.request as { body?: unknown }).body = body;
      return next(args);
    };
  command.middlewareStack.addRelativeTo(jsonBody, {
    relation: 'after',
    toMiddleware: 'serializerMiddleware',
    name: 'batchWriteJsonBody',
  });
  return command;
}

type MarshalledWriteRequest = NonNullable<BatchWriteItemCommandInput['RequestItems']>[string][number];

/**
 * An item's attribute values as the document client gives them (each own attribute converted on its own by
 * lib-dynamodb's marshall; undefined and function attributes left out), for items of strings, finite numbers within the safe integers'
 * range (as the SDK's own check), booleans, nulls and non-empty sets of strings; null for an item holding
 * any other value (a map, a list, binary, a number the SDK refuses), which is left to the SDK.
 */
export function marshallItem(item: Item): Record<string, AttributeValue> | null {
  const out: Record<string, AttributeValue> = {};
  for (const key of Object.keys(item)) {
    const value = item[key];
    if (value === undefined || typeof value === 'function') continue;
    switch (typeof value) {
      case 'string':
        out[key] = { S: value };
        continue;
      case 'boolean':
        out[key] = { BOOL: value };
        continue;
      case 'number':
        if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return null;
        out[key] = { N: value.toString() };
        continue;
      case 'object': {
        if (value === null) {
          out[key] = { NULL: true };
          continue;
        }
        if (!(value instanceof Set) || value.constructor !== Set || value.size === 0) return null;
        const strings: string[] = [];
        for (const member of value) {
          if (typeof member !== 'string') return null;
          strings.push(member);
        }
        out[key] = { SS: strings };
        continue;
      }
      default:
        return null;
    }
  }
  return out;
}
