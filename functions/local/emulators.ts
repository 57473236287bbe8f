import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Event } from 'aws-lambda';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { createTableInput } from '../adapters/dynamodb/table-definition';
import { STATEMENT_FILE_EXTENSIONS } from '../contracts/uploads';
import { closeLevelIteratorsOnReturn } from './level-iterators';
import { groupLevelWrites } from './level-writes';
import { startS3Gate } from './s3-gate';

/**
 * The twin's DynamoDB (dynalite: the DynamoDB wire protocol over LevelDB under .data/) and S3 (s3rver:
 * the S3 REST API over files under .data/). Both listen on loopback ephemeral ports; the twin passes their
 * endpoints to the adapters through the same configuration variables.
 */
export interface RunningDynamo {
  endpoint: string;
  client: DynamoDBClient;
  close(): Promise<void>;
}

/** How long start-up waits for the table (and its indexes) to become ACTIVE before giving up. */
export const TABLE_ACTIVE_WITHIN_MS = 10_000;

export class TableNotActiveError extends Error {
  constructor(tableName: string, status: string, withinMs: number, directory: string) {
    super(
      `The twin's DynamoDB table "${tableName}" did not become ACTIVE within ${withinMs / 1000} s (it is ${status}). ` +
        `If an earlier start was stopped while creating it, remove ${directory} (npm run reset wipes the data folder) and start again.`,
    );
    this.name = 'TableNotActiveError';
  }
}

/**
 * Waits until the table and every index are ACTIVE: a newly created table answers "not found" to reads and
 * writes while it is CREATING, so nothing may use it before. Polls DescribeTable; past `withinMs`, fails with
 * the status it last saw.
 */
export async function waitForActiveTable(
  client: DynamoDBClient,
  tableName: string,
  options: { withinMs: number; directory: string; everyMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.withinMs;
  let status = 'not found';
  for (;;) {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const indexes = Table?.GlobalSecondaryIndexes ?? [];
      const creating = indexes.find((index) => index.IndexStatus !== 'ACTIVE');
      status =
        Table?.TableStatus !== 'ACTIVE'
          ? (Table?.TableStatus ?? 'unknown')
          : creating
            ? `ACTIVE, with its index ${creating.IndexName} ${creating.IndexStatus}`
            : 'ACTIVE';
      if (status === 'ACTIVE') return;
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    if (Date.now() >= deadline) {
      throw new TableNotActiveError(tableName, status, options.withinMs, options.directory);
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 25));
  }
}

export async function startDynamo(options: {
  directory: string;
  tableName: string;
  /** How long dynalite keeps a new table CREATING (0: it turns ACTIVE on the next tick). */
  createTableMs?: number;
  /** The bound on waiting for ACTIVE (default TABLE_ACTIVE_WITHIN_MS). */
  activeWithinMs?: number;
}): Promise<RunningDynamo> {
  mkdirSync(options.directory, { recursive: true, mode: 0o700 });
  // Without this, every Query and Scan leaves its LevelDB iterator open (see level-iterators.ts).
  closeLevelIteratorsOnReturn();
  // An item's LevelDB reads answered at once, and the writes of a turn written as one batch (level-writes.ts).
  groupLevelWrites();
  const server = dynalite({
    path: options.directory,
    createTableMs: options.createTableMs ?? 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const close = () =>
    new Promise<void>((resolve) => {
      client.destroy();
      server.close(() => resolve());
    });
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: options.tableName }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
      await client.send(new CreateTableCommand(createTableInput(options.tableName)));
    }
    // A new table (and one an interrupted start left CREATING) is not usable until it is ACTIVE.
    await waitForActiveTable(client, options.tableName, {
      withinMs: options.activeWithinMs ?? TABLE_ACTIVE_WITHIN_MS,
      directory: options.directory,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { endpoint, client, close };
}

export interface RunningS3 {
  endpoint: string;
  close(): Promise<void>;
}

function corsXml(origins: string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/** Keys in S3 notifications are URL-encoded ('+' for spaces); s3rver sends them raw, so encode as AWS does. */
export function encodeEventKey(key: string): string {
  return encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
}

export async function startS3(options: {
  directory: string;
  bucket: string;
  corsOrigins: string[];
  onObjectCreated: (event: S3Event) => void;
}): Promise<RunningS3> {
  mkdirSync(options.directory, { recursive: true, mode: 0o700 });
  const server = new S3rver({
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket, configs: [corsXml(options.corsOrigins)] }],
  });
  server.on('event', (event: S3Event) => {
    for (const record of event.Records ?? []) {
      // Mirror the AWS notifications: ObjectCreated:* with a statement file's suffix (see the pipeline stack).
      if (!record.eventName?.startsWith('ObjectCreated:')) continue;
      const key = record.s3.object.key.toLowerCase();
      if (!STATEMENT_FILE_EXTENSIONS.some((ext) => key.endsWith(`.${ext}`))) continue;
      record.awsRegion = 'eu-west-2';
      record.s3.object.key = encodeEventKey(record.s3.object.key);
      record.s3.bucket.arn = `arn:aws:s3:::${record.s3.bucket.name}`;
      options.onObjectCreated({ Records: [record] });
    }
  });
  // s3rver listens on no port: its handler runs inside the gate, after the gate's SigV4 check (s3-gate.ts),
  // so nothing on this machine reaches the files unsigned (s3rver itself checks expiry, not signatures).
  await server.configureBuckets();
  const closeLogger = () => {
    server.logger.exceptions.unhandle();
    server.logger.close();
  };
  const gate = await startS3Gate({
    handle: server.callback(),
    exists: async (bucket, key) => Boolean(await server.store.existsObject(bucket, key)),
    corsOrigins: options.corsOrigins,
  }).catch((error) => {
    closeLogger();
    throw error;
  });
  return {
    endpoint: gate.endpoint,
    close: async () => {
      await gate.close();
      closeLogger();
    },
  };
}
