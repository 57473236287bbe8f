import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../functions/contracts/transactions';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * The same statement uploaded several times at once to one account (a double click, two tabs, two members):
 * the account holds its rows once, and each upload's counts say what that upload added, so the counts of all
 * the uploads add up to the rows stored. Removing any one of the statements afterwards keeps the rows the
 * others hold.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let account: string;

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  account = await familyWithAccount(ada, { name: 'Everyday', bank_name: 'Barclays' });
});
afterAll(async () => {
  await twin?.stop();
});

async function rows(): Promise<Transaction[]> {
  const { body } = await ada.call<{ transactions: Transaction[] }>(
    'GET',
    `/api/accounts/${account}/transactions?limit=500`,
  );
  return body.transactions;
}

describe('one statement uploaded five times at once', () => {
  it('stores its rows once, and the uploads report added rows that add up to them', async () => {
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 5 });
    const created = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const { body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
          accountId: account,
          fileName: `statement-copy-${n}.pdf`,
          size: pdf.byteLength,
        });
        return body;
      }),
    );
    await Promise.all(
      created.map(({ put }) =>
        fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(pdf) }),
      ),
    );
    const finished = await Promise.all(
      created.map(
        ({ upload }) =>
          waitFor(async () => {
            const { body } = await ada.call<Upload>('GET', `/api/uploads/${upload.uploadId}`);
            return body.stage === 'done' || body.stage === 'failed' ? body : null;
          }, 90_000), // a ceiling for a hang: five statements persist one after another on a busy runner
      ),
    );
    const n = truth.transactions.length;
    expect(finished.map((u) => u.stage)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(await rows()).toHaveLength(n);
    const added = finished.map((u) => u.counts.added ?? 0);
    expect(added.reduce((a, b) => a + b, 0)).toBe(n);
    for (const u of finished) expect((u.counts.added ?? 0) + (u.counts.duplicates ?? 0)).toBe(n);

    // The one that added the rows is removed: the rows stay, as the other four statements hold them.
    const first = finished[added.indexOf(n)] ?? finished[0]!;
    const removed = await ada.call<{ removed: number; kept: number }>(
      'DELETE',
      `/api/uploads/${first.uploadId}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBe(0);
    expect(await rows()).toHaveLength(n);
  });
});
