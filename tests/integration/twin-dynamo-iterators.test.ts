import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDynamo, startDynamo } from '../../functions/local/emulators';
import { waitFor } from '../support/twin';

/**
 * The twin's DynamoDB (dynalite over LevelDB) reads every Query and Scan through a LevelDB iterator. Each must
 * be closed when its read is done: an open iterator stays in the database's resources with the native
 * iterator and the snapshot it pins, so iterators left open make the twin's memory grow with every read and
 * never come back. Here: many reads, then no iterator left open.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'ff-iterators-'));
const TABLE = 'iterators-test';
let dynamo: RunningDynamo;

beforeAll(async () => {
  dynamo = await startDynamo({ directory: dataDir, tableName: TABLE });
  for (let i = 0; i < 5; i++) {
    await dynamo.client.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: { pk: { S: 'FAMILY#1' }, sk: { S: `ROW#${i}` }, gsi1pk: { S: 'G' }, gsi1sk: { S: `${i}` } },
      }),
    );
  }
});
afterAll(async () => {
  await dynamo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the twin's DynamoDB under read load", () => {
  it('closes the LevelDB iterator of every Query and Scan (read to the end, cut off by Limit, or on an index)', async () => {
    const before = dynamo.openLevelIterators();
    const reads = [];
    for (let i = 0; i < 40; i++) {
      const byKey = { ':pk': { S: 'FAMILY#1' } };
      reads.push(
        dynamo.client.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: byKey,
          }),
        ),
        dynamo.client.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: byKey,
            Limit: 2,
          }),
        ),
        dynamo.client.send(
          new QueryCommand({
            TableName: TABLE,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :g',
            ExpressionAttributeValues: { ':g': { S: 'G' } },
            Limit: 1,
          }),
        ),
        dynamo.client.send(new ScanCommand({ TableName: TABLE, Limit: 3 })),
      );
    }
    const results = await Promise.all(reads);
    expect(results[0]?.Count).toBe(5);
    expect(results[1]?.Count).toBe(2);
    // Closing finishes just after each answer; allow it a moment, then nothing may be left open.
    await waitFor(async () => dynamo.openLevelIterators() === before, 5000, 20).catch(() => undefined);
    expect(dynamo.openLevelIterators()).toBe(before);
  });
});
