import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_FAILURE_MESSAGES, PDF_LIMITS } from '../../functions/domain/statement-failures';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { encodedStreamPdf, flateBombPdf, hugePagesPdf, lzwZeros } from '../support/hostile-pdf';
import { uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Hostile PDFs uploaded through the product on the twin (the same Register and Extract code Lambda runs):
 * each upload fails with the family's words, and the API keeps answering while it is read.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let account: string;

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  account = await familyWithAccount(ada);
});
afterAll(async () => {
  await twin?.stop();
});

/** Uploads `pdf` while polling /api/health: the upload's end, and every health answer meanwhile. */
async function uploadWhileWatching(pdf: Buffer) {
  let reading = true;
  const health: number[] = [];
  const watcher = (async () => {
    while (reading) {
      health.push((await fetch(`${twin.url}/api/health`)).status);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return {
      upload: await uploadStatement(ada, account, 'statement.pdf', new Uint8Array(pdf), {
        timeoutMs: 60_000,
      }),
      health,
    };
  } finally {
    reading = false;
    await watcher;
  }
}

describe('hostile PDFs uploaded to the product', () => {
  it('five blank 3,000 pt pages in 1.2 KB: the upload fails, too large to read; the API kept answering', async () => {
    const { upload, health } = await uploadWhileWatching(hugePagesPdf(5, 3000));
    expect(upload).toMatchObject({ stage: 'failed', message: PDF_FAILURE_MESSAGES.too_large_to_read });
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
  }, 90_000);

  it('a flate bomb: the upload fails, too large to read; the API kept answering', async () => {
    const { upload, health } = await uploadWhileWatching(
      await flateBombPdf(PDF_LIMITS.inflatedBytesPerStream + 1024 * 1024),
    );
    expect(upload).toMatchObject({ stage: 'failed', message: PDF_FAILURE_MESSAGES.too_large_to_read });
    expect(health.every((s) => s === 200)).toBe(true);
  }, 90_000);

  it('an LZW bomb (under 100 KB, 65 MB decoded): the upload fails, too large to read', async () => {
    const pdf = encodedStreamPdf('/LZWDecode', lzwZeros(PDF_LIMITS.inflatedBytesPerStream + 1024 * 1024));
    const { upload, health } = await uploadWhileWatching(pdf);
    expect(upload).toMatchObject({ stage: 'failed', message: PDF_FAILURE_MESSAGES.too_large_to_read });
    expect(health.every((s) => s === 200)).toBe(true);
  }, 90_000);
});
