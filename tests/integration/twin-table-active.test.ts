import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningDynamo, startDynamo, TableNotActiveError } from '../../functions/local/emulators';

/**
 * A brand-new data folder: the twin creates its table, which DynamoDB (and dynalite) keeps CREATING for a
 * while, answering "not found" to every read and write meanwhile. Start-up waits until the table and its
 * indexes are ACTIVE, within a bound, and says clearly when they are not.
 */
const dirs: string[] = [];
const running: RunningDynamo[] = [];
const TABLE = 'active-test';

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ff-table-active-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dynamo of running) await dynamo.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the twin's table on a fresh data folder", () => {
  it('is ACTIVE, with its indexes, when start-up returns: the first write and read succeed', async () => {
    const directory = freshDir();
    // The table stays CREATING for 400 ms, as a real one does for a while.
    const dynamo = await startDynamo({ directory, tableName: TABLE, createTableMs: 400 });
    running.push(dynamo);
    const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: TABLE }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexStatus)).not.toContain('CREATING');
    await dynamo.client.send(
      new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'FAMILY#1' }, sk: { S: 'FAMILY' } } }),
    );
    const { Item } = await dynamo.client.send(
      new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'FAMILY#1' }, sk: { S: 'FAMILY' } } }),
    );
    expect(Item?.sk?.S).toBe('FAMILY');
  });

  it('fails start-up with the table, its status and what to do when it does not become ACTIVE in time', async () => {
    const directory = freshDir();
    const started = startDynamo({ directory, tableName: TABLE, createTableMs: 2000, activeWithinMs: 100 });
    await expect(started).rejects.toBeInstanceOf(TableNotActiveError);
    await expect(started).rejects.toThrow(
      `The twin's DynamoDB table "${TABLE}" did not become ACTIVE within 0.1 s (it is CREATING). ` +
        `If an earlier start was stopped while creating it, remove ${directory} (npm run reset wipes the data folder) and start again.`,
    );
  });
});
