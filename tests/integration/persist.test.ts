import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountTransactions,
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { createUpload, getUpload } from '../../functions/adapters/dynamodb/upload-repository';
import { deleteObject, headObject, putObject } from '../../functions/adapters/s3/storage';
import { services } from '../../functions/app/container';
import {
  ARTEFACTS,
  artefactKey,
  type PipelineState,
  uploadObjectKey,
} from '../../functions/contracts/pipeline';
import { UPLOAD_CLOSED_ERROR } from '../../functions/contracts/pipeline-states';
import type { ParsedStatementContract } from '../../functions/contracts/statement';
import { handler as recordFailureHandler } from '../../functions/handlers/pipeline/record-failure';
import { finishStep } from '../../functions/services/pipeline/finish';
import { failureMessage, MESSAGES } from '../../functions/services/pipeline/messages';
import { persistStep } from '../../functions/services/pipeline/persist';
import { recordFailureStep } from '../../functions/services/pipeline/record-failure';
import { registerStep } from '../../functions/services/pipeline/register';
import { startTestTwin } from '../support/twin';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
});
afterAll(async () => {
  await twin?.stop();
});

const row = (date: string, description: string, signedAmount: number, balance: number | null) => ({
  date,
  description,
  amount: Math.abs(signedAmount),
  signedAmount,
  type: signedAmount >= 0 ? ('credit' as const) : ('debit' as const),
  balance,
});

function statement(transactions: ParsedStatementContract['transactions']): ParsedStatementContract {
  return {
    institution: 'Barclays',
    period: { start: transactions.at(-1)?.date ?? '2026-01-01', end: transactions[0]?.date ?? '2026-01-31' },
    openingBalance: null,
    closingBalance: null,
    transactions,
    reconciliation: { ok: true, breaks: [] },
    warnings: [],
  };
}

async function upload(
  familyId: string,
  accountId: string,
  parsed: ParsedStatementContract,
): Promise<PipelineState> {
  const uploadId = ulid();
  const key = uploadObjectKey(familyId, uploadId, 'statement.pdf');
  const now = new Date().toISOString();
  await createUpload({
    uploadId,
    familyId,
    accountId,
    fileName: 'statement.pdf',
    size: 9,
    objectKey: key,
    stage: 'uploading',
    message: null,
    counts: {},
    reconciliation: null,
    institution: null,
    period: null,
    createdBy: 'user',
    createdAt: now,
    updatedAt: now,
  });
  await putObject(key, '%PDF-1.7\n', 'application/pdf');
  const state = await registerStep(services(), { bucket: twin.bucket, key, etag: 'e', size: 9 });
  const statementKey = artefactKey(familyId, uploadId, 'statement.json');
  await putObject(statementKey, JSON.stringify(parsed), 'application/json');
  return { ...state, statementKey };
}

const january = [
  row('2026-01-03', 'TESCO STORES 2345', -23.5, 976.5),
  row('2026-01-03', 'COSTA COFFEE', -3.2, 973.3),
  row('2026-01-03', 'COSTA COFFEE', -3.2, 970.1),
  row('2026-01-10', 'SALARY ACME LTD', 2100, 3070.1),
];

describe('persist: each transaction is written once, whatever is uploaded twice', () => {
  it('adds every row of a new statement, keeping two identical purchases on one day', async () => {
    const familyId = ulid();
    const accountId = ulid();
    const state = await persistStep(services(), await upload(familyId, accountId, statement(january)));
    expect(state.counts).toMatchObject({ parsed: 4, added: 4, duplicates: 0 });
    const rows = await accountTransactions(familyId, accountId);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.description === 'COSTA COFFEE')).toHaveLength(2);
    expect(rows[0]?.transaction_date).toBe('2026-01-10'); // newest first
  });

  it('adds nothing when the same statement is uploaded again', async () => {
    const familyId = ulid();
    const accountId = ulid();
    await persistStep(services(), await upload(familyId, accountId, statement(january)));
    const again = await persistStep(services(), await upload(familyId, accountId, statement(january)));
    expect(again.counts).toMatchObject({ parsed: 4, added: 0, duplicates: 4 });
    expect(await accountTransactions(familyId, accountId)).toHaveLength(4);
  });

  it('adds only the new rows of an overlapping statement', async () => {
    const familyId = ulid();
    const accountId = ulid();
    await persistStep(services(), await upload(familyId, accountId, statement(january)));
    const overlap = [...january.slice(2), row('2026-01-20', 'DIRECT DEBIT BRITISH GAS', -64, 3006.1)];
    const state = await persistStep(services(), await upload(familyId, accountId, statement(overlap)));
    expect(state.counts).toMatchObject({ parsed: 3, added: 1, duplicates: 2 });
    expect(await accountTransactions(familyId, accountId)).toHaveLength(5);
  });

  it('the same rows on another account are that account’s own', async () => {
    const familyId = ulid();
    await persistStep(services(), await upload(familyId, ulid(), statement(january)));
    const other = await persistStep(services(), await upload(familyId, ulid(), statement(january)));
    expect(other.counts).toMatchObject({ added: 4 });
  });

  it('running persist twice for one upload (a retry) adds nothing the second time', async () => {
    const familyId = ulid();
    const accountId = ulid();
    const state = await upload(familyId, accountId, statement(january));
    await persistStep(services(), state);
    const retried = await persistStep(services(), state);
    // The rows are this upload's own: the retry still hands all four to Classify and Match.
    expect(retried.counts).toMatchObject({ added: 4, duplicates: 0 });
    expect(await accountTransactions(familyId, accountId)).toHaveLength(4);
  });
});

describe('persist: the rows’ keys are stored first, without waiting for them to read', () => {
  it('reads the roll-ups while rows.json is being stored, and writes no row before it is', async () => {
    const familyId = ulid();
    const state = await upload(familyId, ulid(), statement(january));
    const events: string[] = [];
    const deps = services();
    const storage = {
      ...deps.storage,
      putObject: async (...args: Parameters<typeof deps.storage.putObject>) => {
        const rowsJson = args[0].endsWith('/rows.json');
        if (rowsJson) events.push('rows.json: storing');
        await deps.storage.putObject(...args);
        if (rowsJson) events.push('rows.json: stored');
      },
    };
    const send = DynamoDBDocumentClient.prototype.send;
    const spy = vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (
      this: DynamoDBDocumentClient,
      ...args: unknown[]
    ) {
      events.push((args[0] as { constructor: { name: string } }).constructor.name);
      return (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    });
    try {
      await persistStep({ ...deps, storage }, state);
    } finally {
      spy.mockRestore();
    }
    const storing = events.indexOf('rows.json: storing');
    const stored = events.indexOf('rows.json: stored');
    const meanwhile = events.slice(storing + 1, stored);
    expect(meanwhile.length).toBeGreaterThan(0);
    expect(meanwhile.filter((name) => /Write|Put|Update|Delete/.test(name))).toEqual([]);
    expect(events.indexOf('BatchWriteItemCommand')).toBeGreaterThan(stored);
  });
});

describe('persist: what it added is stored while its rows are written', () => {
  it('stores added.json before the last row is written, and advances the upload once both are done', async () => {
    const familyId = ulid();
    const state = await upload(familyId, ulid(), statement(january));
    const events: string[] = [];
    const deps = services();
    const storage = {
      ...deps.storage,
      putObject: async (...args: Parameters<typeof deps.storage.putObject>) => {
        const name = args[0].split('/').at(-1);
        events.push(`${name}: storing`);
        await deps.storage.putObject(...args);
        events.push(`${name}: stored`);
      },
    };
    const send = DynamoDBDocumentClient.prototype.send;
    const spy = vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      ...args: unknown[]
    ) {
      const name = (args[0] as { constructor: { name: string } }).constructor.name;
      events.push(name);
      const answer = await (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      events.push(`${name}: answered`);
      return answer;
    });
    let after: PipelineState;
    try {
      after = await persistStep({ ...deps, storage }, state);
    } finally {
      spy.mockRestore();
    }
    expect(after.counts?.added).toBe(january.length);
    const written = events.lastIndexOf('BatchWriteItemCommand: answered');
    expect(events.indexOf('added.json: storing')).toBeGreaterThan(events.indexOf('BatchWriteItemCommand'));
    expect(events.indexOf('added.json: storing')).toBeLessThan(written);
    // The upload is 'classifying' with its counts only once every row and added.json are stored.
    const advanced = events.lastIndexOf('UpdateCommand');
    expect(advanced).toBeGreaterThan(written);
    expect(advanced).toBeGreaterThan(events.indexOf('added.json: stored'));
    const record = await getUpload(familyId, state.uploadId);
    expect(record).toMatchObject({ stage: 'classifying', counts: { added: january.length } });
  });

  it('fails only once every row write has ended, when what runs beside them fails', async () => {
    const familyId = ulid();
    const accountId = ulid();
    const uploadId = ulid();
    const items: TransactionItem[] = Array.from({ length: 60 }, (_, i) => ({
      id: `row${i}`,
      family_id: familyId,
      account_id: accountId,
      upload_id: uploadId,
      transaction_date: '2026-01-03',
      description: `SHOP ${i}`,
      amount: 1,
      signed_amount: -1,
      type: 'debit',
      balance: null,
      flow_type: 'external_expense',
      user_corrected_flow_type: null,
      classification_confidence: 0.9,
      classification_method: 'ai_auto',
      created_at: new Date().toISOString(),
    }));
    let failed: () => void = () => {};
    const besideFailed = new Promise<void>((resolve) => {
      failed = resolve;
    });
    // The rows' writes are sent only once the work beside them has failed.
    const writes = { sent: 0, answered: 0 };
    const send = DynamoDBDocumentClient.prototype.send;
    const spy = vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      ...args: unknown[]
    ) {
      const batch =
        (args[0] as { constructor: { name: string } }).constructor.name === 'BatchWriteItemCommand';
      if (batch) {
        writes.sent++;
        await besideFailed;
      }
      const answer = await (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      if (batch) writes.answered++;
      return answer;
    });
    try {
      await expect(
        putNewTransactions(items, {
          stored: new Map(),
          whileWriting: async () => {
            failed();
            throw new Error('S3 is down');
          },
        }),
      ).rejects.toThrow('S3 is down');
      expect(writes.sent).toBe(3);
      expect(writes.answered).toBe(3);
    } finally {
      spy.mockRestore();
    }
    expect(await accountTransactions(familyId, accountId)).toHaveLength(60);
  });
});

describe('finish and failure', () => {
  it('finish marks the upload done with the spec message', async () => {
    const familyId = ulid();
    const state = await persistStep(services(), await upload(familyId, ulid(), statement(january)));
    await finishStep(services(), state);
    const record = await getUpload(familyId, state.uploadId);
    expect(record).toMatchObject({
      stage: 'done',
      message: 'All done! Your transactions are now loaded below.',
    });
  });

  it('a failure after persist removes the rows this upload added and keeps earlier ones', async () => {
    const familyId = ulid();
    const accountId = ulid();
    await persistStep(services(), await upload(familyId, accountId, statement(january.slice(0, 2))));
    const state = await persistStep(services(), await upload(familyId, accountId, statement(january)));
    expect(state.counts?.added).toBe(2);
    await recordFailureStep(services(), {
      ...state,
      error: { Error: 'StatementError', Cause: 'We could not read page 3.' },
    });
    const rows = await accountTransactions(familyId, accountId);
    expect(rows).toHaveLength(2);
    const record = await getUpload(familyId, state.uploadId);
    expect(record).toMatchObject({ stage: 'failed', message: 'We could not read page 3.' });
  });

  it('a failure half-way through persist removes what it wrote (the rows were recorded first)', async () => {
    const familyId = ulid();
    const accountId = ulid();
    await persistStep(services(), await upload(familyId, accountId, statement(january.slice(0, 1))));
    const state = await upload(familyId, accountId, statement(january));
    await persistStep(services(), state);
    // rows.json keeps each row's key alone (not its description or amounts): all RecordFailure needs.
    const kept = JSON.parse(
      Buffer.from(
        await services().storage.getObjectBytes(artefactKey(familyId, state.uploadId, 'rows.json')),
      ).toString('utf8'),
    ) as Array<Record<string, unknown>>;
    expect(kept).toHaveLength(january.length);
    for (const key of kept)
      expect(Object.keys(key)).toEqual(['id', 'account_id', 'transaction_date', 'family_id']);
    // As if Persist had stopped before recording what it added: only rows.json is there.
    await deleteObject(artefactKey(familyId, state.uploadId, 'added.json'));
    await recordFailureStep(services(), { ...state, error: { Error: 'Lambda.Timeout', Cause: 'timed out' } });
    const rows = await accountTransactions(familyId, accountId);
    expect(rows.map((r) => r.description)).toEqual(['TESCO STORES 2345']);
  });

  it('finish removes every working file of the upload in one request', async () => {
    const familyId = ulid();
    const state = await persistStep(services(), await upload(familyId, ulid(), statement(january)));
    const deps = services();
    const removals: string[][] = [];
    const storage = {
      ...deps.storage,
      deleteObject: async (key: string) => {
        removals.push([key]);
        await deps.storage.deleteObject(key);
      },
      deleteObjects: async (keys: readonly string[]) => {
        removals.push([...keys]);
        await deps.storage.deleteObjects(keys);
      },
    };
    await finishStep({ ...deps, storage }, state);
    const working = ARTEFACTS.map((name) => artefactKey(familyId, state.uploadId, name));
    expect(removals).toEqual([working]);
    for (const key of working) await expect(headObject(key)).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('finish removes the working files one by one when the request for all of them fails', async () => {
    const familyId = ulid();
    const state = await persistStep(services(), await upload(familyId, ulid(), statement(january)));
    const deps = services();
    const storage = {
      ...deps.storage,
      deleteObjects: async () => {
        throw new Error('InternalError');
      },
    };
    await finishStep({ ...deps, storage }, state);
    expect((await getUpload(familyId, state.uploadId))?.stage).toBe('done');
    for (const name of ARTEFACTS)
      await expect(headObject(artefactKey(familyId, state.uploadId, name))).rejects.toMatchObject({
        name: 'NotFound',
      });
  });

  it('a Persist refused for an upload already done leaves the account free for the next statement', async () => {
    // Persist takes the account's lease while it checks that the upload is still open: when it is not, the
    // lease is given back at once, so the next upload of the account persists without waiting for it.
    const familyId = ulid();
    const accountId = ulid();
    const done = await persistStep(services(), await upload(familyId, accountId, statement(january)));
    await finishStep(services(), done);
    await expect(persistStep(services(), done)).rejects.toMatchObject({ name: UPLOAD_CLOSED_ERROR });
    const overlap = [row('2026-01-20', 'DIRECT DEBIT BRITISH GAS', -64, 3006.1)];
    const next = await persistStep(services(), await upload(familyId, accountId, statement(overlap)));
    expect(next.counts).toMatchObject({ added: 1 });
  });

  it('a finished upload is never revived by a late failure', async () => {
    const familyId = ulid();
    const state = await persistStep(services(), await upload(familyId, ulid(), statement(january)));
    await finishStep(services(), state);
    await recordFailureStep(services(), { ...state, error: { Error: 'Lambda.Timeout', Cause: 'late' } });
    expect((await getUpload(familyId, state.uploadId))?.stage).toBe('done');
  });

  it('a failed state the contract refuses still fails its upload, found from the object key', async () => {
    const familyId = ulid();
    const state = await upload(familyId, ulid(), statement(january));
    const malformed = {
      ...state,
      extraction: { status: 'IN_PROGRESS', source: 'textract', jobId: 'not a job id!' },
      error: { Error: 'StatementError', Cause: 'This PDF is empty.' },
    };
    await recordFailureHandler(malformed, {} as never);
    expect(await getUpload(familyId, state.uploadId)).toMatchObject({
      stage: 'failed',
      message: 'This PDF is empty.',
      reason: 'empty',
    });
  });

  it.each([
    [{ Error: 'StatementError', Cause: 'This file is not a PDF.' }, 'This file is not a PDF.'],
    [
      {
        Error: 'StatementError',
        Cause: JSON.stringify({ errorType: 'StatementError', errorMessage: 'This PDF is empty.' }),
      },
      'This PDF is empty.',
    ],
    [{ Error: 'TypeError', Cause: 'x is undefined' }, MESSAGES.failedGeneric],
    [
      { Error: 'Error', Cause: JSON.stringify({ errorType: 'Error', errorMessage: 'internal detail' }) },
      MESSAGES.failedGeneric,
    ],
    [undefined, MESSAGES.failedGeneric],
  ])('shows the family a safe message for %j', (error, message) => {
    expect(failureMessage(error)).toBe(message);
  });
});

describe('register: bad uploads', () => {
  it('refuses an object the app did not ask for', async () => {
    await expect(
      registerStep(services(), {
        bucket: twin.bucket,
        key: uploadObjectKey(ulid(), ulid(), 'x.pdf'),
        etag: '',
        size: 1,
      }),
    ).rejects.toThrow(MESSAGES.notStarted);
  });
});
