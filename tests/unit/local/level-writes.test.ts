import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDynamo, startDynamo } from '../../../functions/local/emulators';

/**
 * The twin's DynamoDB writes the LevelDB operations of one turn of the event loop as one batch
 * (functions/local/level-writes.ts). What it stores, and what a later start reads back, is what dynalite
 * stored before: items, their index entries, deletes and overwrites, in the order they were asked for.
 */
const TABLE = 'level-writes-test';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ff-level-writes-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function withTable<T>(
  work: (doc: DynamoDBDocumentClient, dynamo: RunningDynamo) => Promise<T>,
): Promise<T> {
  const dynamo = await startDynamo({ directory: dir, tableName: TABLE });
  const doc = DynamoDBDocumentClient.from(dynamo.client);
  try {
    return await work(doc, dynamo);
  } finally {
    await dynamo.close();
  }
}

const item = (n: number) => ({
  pk: 'P#1',
  sk: `ROW#${String(n).padStart(3, '0')}`,
  gsi1pk: 'BY#DAY',
  gsi1sk: `2025-01-${String((n % 28) + 1).padStart(2, '0')}#${n}`,
  n,
});

describe('LevelDB writes grouped per turn', () => {
  it('stores every item and index entry of 100 items put at once, in fewer LevelDB batches than operations', async () => {
    await withTable(async (doc, dynamo) => {
      const before = dynamo.levelWrites();
      // PutItems: a BatchWriteItem's writes are one LevelDB batch of their own (dynalite-batch-write.ts)
      await Promise.all(
        Array.from({ length: 100 }, (_, n) => doc.send(new PutCommand({ TableName: TABLE, Item: item(n) }))),
      );
      const after = dynamo.levelWrites();
      // each item: its index entry and itself
      expect(after.operations - before.operations).toBeGreaterThanOrEqual(200);
      expect(after.batches - before.batches).toBeLessThan(after.operations - before.operations);
      const rows = await doc.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': 'P#1' },
        }),
      );
      expect(rows.Items?.map((i) => i.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
      const byDay = await doc.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': 'BY#DAY' },
        }),
      );
      expect(byDay.Items).toHaveLength(100);
    });
  });

  it('applies a delete and an overwrite sent together with other writes, and moves an overwritten index entry', async () => {
    await withTable(async (doc) => {
      await doc.send(
        new BatchWriteCommand({
          RequestItems: {
            [TABLE]: [
              { DeleteRequest: { Key: { pk: 'P#1', sk: 'ROW#000' } } },
              { PutRequest: { Item: { ...item(1), gsi1sk: '2025-02-01#1', n: 1001 } } },
              { PutRequest: { Item: item(100) } },
            ],
          },
        }),
      );
      expect(
        (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'P#1', sk: 'ROW#000' } }))).Item,
      ).toBeUndefined();
      expect(
        (
          await doc.send(
            new GetCommand({ TableName: TABLE, Key: { pk: 'P#1', sk: 'ROW#001' }, ConsistentRead: true }),
          )
        ).Item?.n,
      ).toBe(1001);
      const byDay = await doc.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': 'BY#DAY' },
        }),
      );
      const keys = byDay.Items?.map((i) => i.gsi1sk as string) ?? [];
      expect(keys).toHaveLength(100); // 100 written, 1 deleted, 1 added
      expect(keys).toContain('2025-02-01#1');
      expect(keys).not.toContain('2025-01-02#1');
      expect(keys).not.toContain('2025-01-01#0');
    });
  });

  it('a later start of the twin reads back everything written (the data folder is kept as before)', async () => {
    await withTable(async (doc) => {
      const rows = await doc.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': 'P#1' },
          ConsistentRead: true,
        }),
      );
      expect(rows.Items).toHaveLength(100);
      expect(rows.Items?.find((i) => i.sk === 'ROW#001')?.n).toBe(1001);
      expect(rows.Items?.some((i) => i.sk === 'ROW#000')).toBe(false);
    });
  });
});
