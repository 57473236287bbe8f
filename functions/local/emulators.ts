import { mkdirSync } from 'node:fs';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import { createTableInput } from '../adapters/dynamodb/table-definition';
import { STATEMENT_FILE_EXTENSIONS } from '../contracts/uploads';
import { bundledCode } from './bundled-code';
import { CALL_COUNTERS, type CountedOperation, readCalls } from './dynamo-calls';
import type { DynamoThreadData, DynamoThreadReply } from './dynamo-thread';
import { startS3Gate } from './s3-gate';
import { threadCpuMs } from './thread-cpu';

/**
 * The twin's DynamoDB (dynalite: the DynamoDB wire protocol over LevelDB under .data/) and S3 (s3rver:
 * the S3 REST API over files under .data/). Both listen on loopback ephemeral ports; the twin passes their
 * endpoints to the adapters through the same configuration variables.
 *
 * dynalite runs in a thread of its own (./dynamo-thread.ts), as DynamoDB is another machine to a Lambda:
 * what it does for each item (parsing, validating, LevelDB) runs beside the AWS SDK's marshalling in the
 * twin's thread instead of after it, each with its own heap and garbage collection.
 */
export interface RunningDynamo {
  endpoint: string;
  client: DynamoDBClient;
  /** LevelDB iterators open now (see level-iterators.ts). */
  openLevelIterators(): number;
  /** LevelDB batches the grouping of writes wrote so far, and the operations they held (level-writes.ts). */
  levelWrites(): { batches: number; operations: number };
  /** Requests the table has received so far, by operation (./dynamo-calls.ts). */
  calls(): Partial<Record<CountedOperation, number>>;
  /** The DynamoDB thread's CPU time so far, in ms (Linux; null elsewhere). */
  threadCpuMs(): number | null;
  /**
   * A port whose requests the DynamoDB thread answers as those of its socket (./dynamo-channel.ts), for one
   * thread's clients; closed with the table.
   */
  channel(): MessagePort;
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
  const counters = new SharedArrayBuffer((3 + CALL_COUNTERS) * Int32Array.BYTES_PER_ELEMENT);
  const worker = new Worker(await bundledCode('dynamo-thread', "The twin's DynamoDB thread"), {
    // Plain JavaScript: none of the parent's flags (a TypeScript loader, a test runner's).
    execArgv: [],
    workerData: {
      directory: options.directory,
      createTableMs: options.createTableMs ?? 0,
      counters,
    } satisfies DynamoThreadData,
  });
  let running = true;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  let tid: number | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const ended = (code: number) =>
      reject(new Error(`The twin's DynamoDB thread ended (exit code ${code}) as it started`));
    worker.once('error', reject);
    worker.once('exit', ended);
    worker.once('message', (reply: DynamoThreadReply) => {
      worker.off('exit', ended);
      worker.off('error', reject);
      if ('port' in reply) {
        tid = reply.tid;
        resolve(reply.port);
      } else reject(new Error(`The twin's DynamoDB: ${'error' in reply ? reply.error : 'closed'}`));
    });
  }).catch(async (error: unknown) => {
    if (running) await worker.terminate();
    throw error;
  });
  // An error of the thread after it started ends it; what used it then fails as with a stopped DynamoDB.
  worker.on('error', () => undefined);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      client.destroy();
      worker.postMessage({ op: 'close' });
      // Requests under way finish first; a thread that does not end is stopped.
      const timer = setTimeout(() => void worker.terminate(), 15_000);
      await exited;
      clearTimeout(timer);
    })();
    return closing;
  };
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
  const iterators = new Int32Array(counters, 0, 1);
  const writes = new Int32Array(counters, 4, 2);
  const calls = new Int32Array(counters, 12, CALL_COUNTERS);
  return {
    endpoint,
    client,
    openLevelIterators: () => Atomics.load(iterators, 0),
    levelWrites: () => ({ batches: Atomics.load(writes, 0), operations: Atomics.load(writes, 1) }),
    calls: () => readCalls(calls),
    threadCpuMs: () => (tid === undefined ? null : threadCpuMs(tid)),
    channel() {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ op: 'channel', port: port2 }, [port2]);
      return port1;
    },
    close,
  };
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
    bucketExists: async (bucket) => Boolean(await server.store.getBucket(bucket)),
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
