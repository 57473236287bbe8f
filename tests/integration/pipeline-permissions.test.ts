import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headObject } from '../../functions/adapters/s3/storage';
import { services } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { PipelineState } from '../../functions/contracts/pipeline';
import type { PipelineTask } from '../../functions/contracts/pipeline-states';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { FUNCTIONS, type Need } from '../../functions/handlers/manifest';
import { classifyStep } from '../../functions/services/pipeline/classify';
import { extractStep } from '../../functions/services/pipeline/extract';
import { finishStep } from '../../functions/services/pipeline/finish';
import { matchStep } from '../../functions/services/pipeline/match';
import { parseStep } from '../../functions/services/pipeline/parse';
import { persistStep } from '../../functions/services/pipeline/persist';
import { recordFailureStep } from '../../functions/services/pipeline/record-failure';
import { registerStep } from '../../functions/services/pipeline/register';
import { generateStatement } from '../fixtures/statements/generate';
import { signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The twin has no IAM, so a step that touches more than its manifest entry grants (functions/handlers/
 * manifest.ts → least-privilege roles in AWS) would pass every other test here and fail in AWS with
 * AccessDenied. This runs each pipeline step against the twin, records the S3 and DynamoDB calls it makes,
 * and checks each is covered by the step's needs, the way IAM would.
 */
const S3_NEEDS: Record<string, Need> = {
  GetObjectCommand: 'uploads:read',
  HeadObjectCommand: 'uploads:read',
  PutObjectCommand: 'uploads:write',
  DeleteObjectCommand: 'uploads:delete',
  // DeleteObjects has no IAM action of its own: S3 checks s3:DeleteObject for each key it removes.
  DeleteObjectsCommand: 'uploads:delete',
  ListObjectsV2Command: 'uploads:list',
};
const TABLE_NEEDS: Record<string, Need> = {
  GetCommand: 'table:read',
  QueryCommand: 'table:read',
  BatchGetCommand: 'table:read',
  PutCommand: 'table:write',
  UpdateCommand: 'table:write',
  DeleteCommand: 'table:write',
  BatchWriteCommand: 'table:write',
  // Persist sends its rows, converted to attribute values itself, as the low-level command: the same action.
  BatchWriteItemCommand: 'table:write',
};

let twin: Awaited<ReturnType<typeof startTestTwin>>;
const used = new Set<Need | string>();

function record(needs: Record<string, Need>) {
  return (command: { constructor: { name: string } }, outcome: Promise<unknown>) => {
    const name = command.constructor.name;
    used.add(needs[name] ?? `unknown ${name}`);
    // In AWS a missing key answers AccessDenied unless the role may list the bucket.
    outcome.catch((error: Error) => {
      if (error.name === 'NoSuchKey') used.add('uploads:list');
    });
  };
}

beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
  const s3Send = S3Client.prototype.send;
  const onS3 = record(S3_NEEDS);
  vi.spyOn(S3Client.prototype, 'send').mockImplementation(function (this: S3Client, ...args: unknown[]) {
    const outcome = (s3Send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    onS3(args[0] as { constructor: { name: string } }, outcome);
    return outcome;
  });
  const tableSend = DynamoDBDocumentClient.prototype.send;
  const onTable = record(TABLE_NEEDS);
  vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (
    this: DynamoDBDocumentClient,
    ...args: unknown[]
  ) {
    const outcome = (tableSend as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    onTable(args[0] as { constructor: { name: string } }, outcome);
    return outcome;
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await twin?.stop();
});

async function asTask<T>(task: PipelineTask, step: () => Promise<T>): Promise<T> {
  used.clear();
  const result = await step().catch((error: Error) => error);
  await new Promise((resolve) => setTimeout(resolve, 10)); // let failed calls' outcomes land
  const needs = FUNCTIONS.find((f) => f.trigger.type === 'pipeline' && f.trigger.task === task)?.needs;
  expect(
    [...used].filter((need) => !needs?.includes(need as Need)),
    `${task} needs`,
  ).toEqual([]);
  if (result instanceof Error) throw result;
  return result;
}

describe('DESIGN least privilege: each pipeline step uses only what its function may', () => {
  it('a statement through every step, and failures before and after Persist', async () => {
    const ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
    await ada.call('POST', '/api/family');
    const { body: accounts } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [{ name: 'Current', bank_name: 'Monzo', account_type: 'current' }],
    });
    const { pdf } = await generateStatement('signed-amount');
    const upload = async () => {
      const { body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
        accountId: accounts.accounts[0]!.id,
        fileName: 'statement.pdf',
        size: pdf.length,
      });
      await fetch(body.put.url, { method: 'PUT', headers: body.put.headers, body: new Uint8Array(pdf) });
      const key = decodeURIComponent(new URL(body.put.url).pathname.split('/').slice(2).join('/'));
      // The object's own ETag, as its S3 event carries it (Extract reads only that version).
      const { etag } = await headObject(key, twin.bucket);
      return { bucket: twin.bucket, key, etag, size: pdf.length };
    };

    let state: PipelineState = await asTask('Register', async () => registerStep(services(), await upload()));
    state = await asTask('Extract', () => extractStep(services(), state));
    state = await asTask('Parse', () => parseStep(services(), state));
    // A failure before Persist: nothing was written, and RecordFailure finds no rows to undo.
    await asTask('RecordFailure', () =>
      recordFailureStep(services(), { ...state, error: { Error: 'StatementError', Cause: 'x' } }),
    );

    state = await asTask('Register', async () => registerStep(services(), await upload()));
    state = await asTask('Extract', () => extractStep(services(), state));
    state = await asTask('Parse', () => parseStep(services(), state));
    state = await asTask('Persist', () => persistStep(services(), state));
    state = await asTask('Classify', () => classifyStep(services(), state));
    state = await asTask('Match', () => matchStep(services(), state));
    await asTask('RecordFailure', () =>
      recordFailureStep(services(), { ...state, error: { Error: 'Lambda.Timeout', Cause: 'x' } }),
    );
    await asTask('Finish', () => finishStep(services(), state));
  });
});
