import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningDynamo, startDynamo } from '../../../functions/local/emulators';
import { sendUnsigned } from '../../../functions/local/unsigned-dynamo';

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
