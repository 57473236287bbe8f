import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startDynamo } from '../../functions/local/emulators';

/**
 * The twin's DynamoDB keeps a statement's rows in LevelDB's memtable (and its log) until several uploads'
 * worth are there (functions/local/level-write-buffer.ts), rather than writing them out to table files and
 * compacting those every 4 MB. Here: some 7 MB of items and index entries, the size of a 3,000-row
 * statement, leave no table file behind once the DynamoDB has closed (LevelDB's default buffer wrote
 * them out), and every item and index entry reads back after it starts again on the same folder.
 */
const TABLE = 'level-buffer-test';
const dir = mkdtempSync(join(tmpdir(), 'ff-level-buffer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 3000;
const row = (n: number) => ({
  pk: 'FAMILY#1',
  sk: `TXN#${String(n).padStart(5, '0')}`,
  gsi1pk: 'FAMILY#1#BY_DATE',
  gsi1sk: `2025-01-${String((n % 28) + 1).padStart(2, '0')}#${n}`,
  description: `CARD PAYMENT TO SHOP ${n} `.padEnd(1000, '.'),
  n,
});

describe("the twin's LevelDB write buffer", () => {
  it('holds a large statement in its memtable and log, and reads it all back after a restart', async () => {
    const first = await startDynamo({ directory: dir, tableName: TABLE });
    try {
      const doc = DynamoDBDocumentClient.from(first.client);
      for (let start = 0; start < ROWS; start += 25)
        await doc.send(
          new BatchWriteCommand({
            RequestItems: {
              [TABLE]: Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: row(start + i) } })),
            },
          }),
        );
    } finally {
      await first.close(); // LevelDB has finished any flush and compaction once closed
    }
    expect(readdirSync(dir).filter((name) => name.endsWith('.ldb'))).toEqual([]);

    const again = await startDynamo({ directory: dir, tableName: TABLE });
    try {
      const doc = DynamoDBDocumentClient.from(again.client);
      const read = await doc.send(
        new GetCommand({ TableName: TABLE, Key: { pk: 'FAMILY#1', sk: 'TXN#01234' }, ConsistentRead: true }),
      );
      expect(read.Item).toEqual(row(1234));
      const countOf = async (input: Omit<QueryCommandInput, 'TableName' | 'Select'>) => {
        let count = 0;
        let from: QueryCommandInput['ExclusiveStartKey'];
        do {
          const page: QueryCommandOutput = await doc.send(
            new QueryCommand({ ...input, TableName: TABLE, Select: 'COUNT', ExclusiveStartKey: from }),
          );
          count += page.Count ?? 0;
          from = page.LastEvaluatedKey;
        } while (from);
        return count;
      };
      const count = await countOf({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'FAMILY#1' },
      });
      const indexed = await countOf({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :g',
        ExpressionAttributeValues: { ':g': 'FAMILY#1#BY_DATE' },
      });
      expect(count).toBe(ROWS);
      expect(indexed).toBe(ROWS);
    } finally {
      await again.close();
    }
  }, 120_000);
});
