import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/adapters/dynamodb/account-repository';
import { deleteObject, headObject } from '../../functions/adapters/s3/storage';
import { services } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { PipelineState } from '../../functions/contracts/pipeline';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { classifyStep } from '../../functions/services/pipeline/classify';
import { extractStep } from '../../functions/services/pipeline/extract';
import { matchStep } from '../../functions/services/pipeline/match';
import { parseStep } from '../../functions/services/pipeline/parse';
import { persistStep } from '../../functions/services/pipeline/persist';
import { registerStep } from '../../functions/services/pipeline/register';
import { signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The account a bank's export names (its sort code and account number) is kept by Parse, which has just read
 * the file, so Match keeps it on an account that has none without reading the whole file a second time.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
});
afterAll(async () => {
  await twin?.stop();
});

describe("an export's account numbers, read once", () => {
  it('Parse keeps them; Match learns them without the file', async () => {
    const ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
    await ada.call('POST', '/api/family');
    const { body: accounts } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [{ name: 'Current', bank_name: 'Lloyds Bank', account_type: 'current' }],
    });
    const account = accounts.accounts[0]!;
    const file = new Uint8Array(readFileSync(join(__dirname, '../fixtures/exports/lloyds.csv')));
    const { body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: account.id,
      fileName: 'lloyds.csv',
      size: file.length,
    });
    await fetch(body.put.url, { method: 'PUT', headers: body.put.headers, body: file });
    const key = decodeURIComponent(new URL(body.put.url).pathname.split('/').slice(2).join('/'));
    const { etag } = await headObject(key, twin.bucket);

    let state: PipelineState = await registerStep(services(), {
      bucket: twin.bucket,
      key,
      etag,
      size: file.length,
    });
    state = await extractStep(services(), state);
    state = await parseStep(services(), state);
    expect(state.identity).toEqual({ sort_code: '309174', account_number: '02344812', card_last4: null });
    state = await persistStep(services(), state);
    state = await classifyStep(services(), state);
    // The file is no longer there to read again: what Parse kept is what Match has.
    await deleteObject(key);
    await matchStep(services(), state);
    expect(await getAccount(state.familyId, account.id)).toMatchObject({
      sort_code: '309174',
      account_number: '02344812',
    });
  });
});
