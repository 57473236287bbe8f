import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendOverChannel } from '../../../functions/local/dynamo-channel';
import { type RunningDynamo, startDynamo } from '../../../functions/local/emulators';
import { sendUnsigned } from '../../../functions/local/unsigned-dynamo';

/**
 * The twin's clients reach its DynamoDB thread over a MessagePort (functions/local/dynamo-channel.ts): the SDK
 * sends and reads each request as ever, dynalite answers it as one from its socket (counted, the same answers
 * and errors), and no socket is opened.
 */
const TABLE = 'channel-test';
let dir: string;
let dynamo: RunningDynamo;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-channel-'));
  dynamo = await startDynamo({ directory: dir, tableName: TABLE });
});
afterAll(async () => {
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

function clientAt(endpoint: string, change?: (raw: DynamoDBClient) => void) {
  const raw = new DynamoDBClient({
    endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  sendUnsigned(raw);
  change?.(raw);
  return { raw, doc: DynamoDBDocumentClient.from(raw) };
}

type Item = { sk: string };

/** The same requests, the answers and errors as plain data (request ids and timings left out). */
async function conversation(doc: DynamoDBDocumentClient, pk: string) {
  const answers: unknown[] = [];
  const record = async (work: Promise<unknown>) => {
    try {
      const out = (await work) as { $metadata?: unknown };
      const { $metadata, ...rest } = out as { $metadata?: unknown; Responses?: Record<string, Item[]> };
      // BatchGetItem answers in no promised order (dynalite's follows the keys' hashes).
      for (const items of Object.values(rest.Responses ?? {})) items.sort((a, b) => a.sk.localeCompare(b.sk));
      answers.push({ ok: rest, status: ($metadata as { httpStatusCode?: number }).httpStatusCode });
    } catch (error) {
      const e = error as Error & { $metadata?: { httpStatusCode?: number } };
      answers.push({ error: e.name, message: e.message, status: e.$metadata?.httpStatusCode });
    }
  };
  await record(doc.send(new PutCommand({ TableName: TABLE, Item: { pk, sk: 'A', n: 1, s: 'é €' } })));
  await record(doc.send(new PutCommand({ TableName: TABLE, Item: { pk, sk: 'B', n: 2, list: ['x'] } })));
  await record(
    doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: { pk, sk: 'A', n: 3 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  await record(doc.send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'A' }, ConsistentRead: true })));
  await record(
    doc.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: {
            Keys: [
              { pk, sk: 'A' },
              { pk, sk: 'B' },
              { pk, sk: 'C' },
            ],
          },
        },
      }),
    ),
  );
  await record(
    doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        Limit: 1,
      }),
    ),
  );
  await record(doc.send(new GetCommand({ TableName: 'no-such-table', Key: { pk, sk: 'A' } })));
  await record(doc.send(new GetCommand({ TableName: TABLE, Key: { pk } })));
  return answers;
}

it('answers over the channel as over the socket, counted, with no socket opened', async () => {
  const overSocket = clientAt(dynamo.endpoint);
  // A port nothing listens on: a request sent by HTTP would fail to connect.
  const overChannel = clientAt('http://127.0.0.1:1', sendOverChannel(dynamo.channel()));
  try {
    const expected = await conversation(overSocket.doc, 'SOCKET');
    const before = dynamo.calls();
    const answers = await conversation(overChannel.doc, 'CHANNEL');
    const after = dynamo.calls();
    const normalise = (list: unknown[]) => JSON.stringify(list).replaceAll('SOCKET', 'CHANNEL');
    expect(JSON.parse(normalise(expected))).toEqual(answers);
    // Every request went through the thread's request listeners (counted there, as a socket's are).
    expect((after.PutItem ?? 0) - (before.PutItem ?? 0)).toBe(3);
    expect((after.GetItem ?? 0) - (before.GetItem ?? 0)).toBe(3);
    expect((after.BatchGetItem ?? 0) - (before.BatchGetItem ?? 0)).toBe(1);
    expect((after.Query ?? 0) - (before.Query ?? 0)).toBe(1);
    // Errors are the SDK's own classes, read from dynalite's answers.
    expect(answers[2]).toMatchObject({ error: 'ConditionalCheckFailedException', status: 400 });
    expect(answers[6]).toMatchObject({ error: 'ResourceNotFoundException', status: 400 });
    expect(answers[7]).toMatchObject({ error: 'ValidationException', status: 400 });
  } finally {
    overSocket.raw.destroy();
    overChannel.raw.destroy();
  }
});

it('serves clients built one after another on the same channel, and many requests at once', async () => {
  const change = sendOverChannel(dynamo.channel());
  const first = clientAt('http://127.0.0.1:1', change);
  await first.doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'MANY', sk: 'FIRST' } }));
  first.raw.destroy();
  const second = clientAt('http://127.0.0.1:1', change);
  try {
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        second.doc.send(
          new GetCommand({ TableName: TABLE, Key: { pk: 'MANY', sk: i % 2 ? 'FIRST' : 'NONE' } }),
        ),
      ),
    );
    reads.forEach((read, i) => {
      expect(read.Item).toEqual(i % 2 ? { pk: 'MANY', sk: 'FIRST' } : undefined);
    });
  } finally {
    second.raw.destroy();
  }
});
