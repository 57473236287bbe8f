import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningDynamo, startDynamo } from '../../../functions/local/emulators';
import { sendUnsigned, sendWithoutUnreadHeaders } from '../../../functions/local/unsigned-dynamo';

/**
 * The twin's clients send their DynamoDB requests unsigned (functions/local/unsigned-dynamo.ts): dynalite
 * checks only the Authorization header's form, which they keep, so every request is answered as before.
 */
const TABLE = 'unsigned-test';
let dir: string;
let dynamo: RunningDynamo;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-unsigned-'));
  dynamo = await startDynamo({ directory: dir, tableName: TABLE });
});
afterAll(async () => {
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('writes and reads with no signature computed, the header in the form dynalite checks', async () => {
  const raw = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  sendUnsigned(raw);
  const sent: string[] = [];
  raw.middlewareStack.add(
    (next) => async (args) => {
      sent.push(String((args.request as { headers: Record<string, string> }).headers.authorization));
      return next(args);
    },
    { step: 'deserialize', name: 'seeAuthorization' },
  );
  const doc = DynamoDBDocumentClient.from(raw);
  try {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'A', sk: 'B', n: 1 } }));
    const out = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: 'A', sk: 'B' }, ConsistentRead: true }),
    );
    expect(out.Item).toEqual({ pk: 'A', sk: 'B', n: 1 });
    expect(sent).toHaveLength(2);
    for (const authorization of sent) {
      expect(authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=\S+, SignedHeaders=\S+, Signature=unsigned$/,
      );
    }
  } finally {
    raw.destroy();
  }
});

it('leaves out the headers the twin never reads (user agent, host, trace), and is answered the same', async () => {
  const raw = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  sendUnsigned(raw);
  sendWithoutUnreadHeaders(raw);
  const sent: Array<Record<string, string>> = [];
  raw.middlewareStack.add(
    (next) => async (args) => {
      sent.push({ ...(args.request as { headers: Record<string, string> }).headers });
      return next(args);
    },
    { step: 'deserialize', name: 'seeHeaders' },
  );
  const doc = DynamoDBDocumentClient.from(raw);
  const before = process.env.AWS_LAMBDA_FUNCTION_NAME;
  const traceBefore = process.env._X_AMZN_TRACE_ID;
  // Even where the SDK would add a trace header (inside a Lambda with a trace id).
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'local-twin';
  process.env._X_AMZN_TRACE_ID = 'Root=1-00000000-000000000000000000000000';
  try {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'H', sk: 'B', n: 2 } }));
    const out = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: 'H', sk: 'B' }, ConsistentRead: true }),
    );
    expect(out.Item).toEqual({ pk: 'H', sk: 'B', n: 2 });
    expect(sent).toHaveLength(2);
    for (const headers of sent) {
      const names = Object.keys(headers).map((name) => name.toLowerCase());
      for (const left of ['user-agent', 'x-amz-user-agent', 'host', 'x-amzn-trace-id'])
        expect(names).not.toContain(left);
      expect(names).toEqual(expect.arrayContaining(['x-amz-target', 'content-type', 'authorization']));
    }
  } finally {
    if (before === undefined) delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    else process.env.AWS_LAMBDA_FUNCTION_NAME = before;
    if (traceBefore === undefined) delete process.env._X_AMZN_TRACE_ID;
    else process.env._X_AMZN_TRACE_ID = traceBefore;
    raw.destroy();
  }
});
