import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Event } from 'aws-lambda';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { createTableInput } from '../adapters/dynamodb/table-definition';
import { closeLevelIteratorsOnReturn } from './level-iterators';
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

export async function startDynamo(options: { directory: string; tableName: string }): Promise<RunningDynamo> {
  mkdirSync(options.directory, { recursive: true });
  // Without this, every Query and Scan leaves its LevelDB iterator open (see level-iterators.ts).
  closeLevelIteratorsOnReturn();
  const server = dynalite({ path: options.directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
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
  try {
    await client.send(new DescribeTableCommand({ TableName: options.tableName }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(options.tableName)));
  }
  return {
    endpoint,
    client,
    close: () =>
      new Promise<void>((resolve) => {
        client.destroy();
        server.close(() => resolve());
      }),
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
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket, configs: [corsXml(options.corsOrigins)] }],
  });
  server.on('event', (event: S3Event) => {
    for (const record of event.Records ?? []) {
      // Mirror the AWS notification: ObjectCreated:* with suffix .pdf (see the pipeline stack).
      if (!record.eventName?.startsWith('ObjectCreated:')) continue;
      if (!record.s3.object.key.toLowerCase().endsWith('.pdf')) continue;
      record.awsRegion = 'eu-west-2';
      record.s3.object.key = encodeEventKey(record.s3.object.key);
      record.s3.bucket.arn = `arn:aws:s3:::${record.s3.bucket.name}`;
      options.onObjectCreated({ Records: [record] });
    }
  });
  const address = await server.run();
  // Every request passes a SigV4 check first (s3-gate.ts): s3rver itself checks expiry, not signatures.
  const gate = await startS3Gate({ upstreamPort: address.port, corsOrigins: options.corsOrigins }).catch(
    async (error) => {
      await server.close();
      throw error;
    },
  );
  return {
    endpoint: gate.endpoint,
    close: async () => {
      await gate.close();
      await server.close();
    },
  };
}
