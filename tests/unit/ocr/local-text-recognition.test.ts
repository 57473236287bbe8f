import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../functions/adapters/ocr/engine';
import { LocalTextRecognition } from '../../../functions/adapters/ocr/local-text-recognition';
import { SCAN_MESSAGES } from '../../../functions/adapters/ocr/scan-reader';
import { readStatement } from '../../../functions/domain/statement';
import { generateStatement, type StatementTruth } from '../../fixtures/statements/generate';
import { scanPdf } from '../../fixtures/statements/scan';

/**
 * The twin's text-recognition port for scans, as the pipeline drives it: Extract starts a job (a retried
 * Extract with the same token starts nothing new), PollTextract asks for the result until it is done, and a
 * pipeline resumed after the twin restarted asks a new instance for a job it never started.
 */
let engine: OcrEngine;
let scan: Uint8Array;
let truth: StatementTruth;
const reads: string[] = [];
const readObject = async (bucket: string, key: string) => {
  reads.push(`${bucket}/${key}`);
  return scan;
};

beforeAll(async () => {
  engine = new OcrEngine({ workers: 1 });
  const generated = await generateStatement('unsigned-amount');
  truth = generated.truth;
  scan = new Uint8Array(await scanPdf(generated.pdf));
  // Generating and scanning a statement is seconds of drawing: on a busy machine, many more.
}, 120_000);
afterAll(() => engine.close());

const location = { bucket: 'uploads', key: 'family/01J0000000000000000000000A_scan.pdf', token: 'upload-1' };

describe('the local text-recognition port', { timeout: 120_000 }, () => {
  it('start → in_progress → the blocks, once per token', async () => {
    const recognition = new LocalTextRecognition({ readObject, engine, waitMs: 0 });
    const jobId = await recognition.start(location);
    expect(await recognition.start(location)).toBe(jobId);
    expect(await recognition.result(jobId)).toMatchObject({ ok: false, reason: 'in_progress' });
    const patient = new LocalTextRecognition({ readObject, engine, waitMs: 120_000 });
    expect(reads).toHaveLength(1);
    // Another instance (the twin started again) given the job id reads the same object again.
    const result = await patient.result(jobId);
    expect(reads).toEqual([`${location.bucket}/${location.key}`, `${location.bucket}/${location.key}`]);
    if (!result.ok) throw new Error(result.message);
    expect(result.pages).toBe(1);
    const read = readStatement(result.blocks);
    expect(read.ok && read.statement.transactions).toEqual(truth.transactions);
    // The first instance finishes its job too, and answers at once from then on.
    const first = await new LocalTextRecognition({ readObject, engine, waitMs: 120_000 }).result(jobId);
    expect(first.ok).toBe(true);
  });

  it('a job id it did not issue is a failed read, in the family words', async () => {
    const recognition = new LocalTextRecognition({ readObject, engine });
    expect(await recognition.result('5f1c-not-ours')).toEqual({
      ok: false,
      reason: 'failed',
      message: SCAN_MESSAGES.failed,
    });
  });

  it('an object that cannot be read fails the job, it does not throw', async () => {
    const recognition = new LocalTextRecognition({
      readObject: async () => {
        throw new Error('NoSuchKey');
      },
      engine,
      waitMs: 10_000,
    });
    const jobId = await recognition.start({ ...location, token: 'upload-2' });
    expect(await recognition.result(jobId)).toEqual({
      ok: false,
      reason: 'failed',
      message: SCAN_MESSAGES.failed,
    });
  });

  it('a scan being read when the engine stops (the twin stopping) fails, it does not hang', async () => {
    const stopping = new OcrEngine({ workers: 1 });
    const recognition = new LocalTextRecognition({ readObject, engine: stopping, waitMs: 0 });
    const jobId = await recognition.start({ ...location, token: 'upload-3' });
    while (!stopping.started) await new Promise((resolve) => setTimeout(resolve, 50));
    await recognition.close();
    let result = await recognition.result(jobId);
    for (let tries = 0; tries < 100 && !result.ok && result.reason === 'in_progress'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      result = await recognition.result(jobId);
    }
    expect(result).toEqual({ ok: false, reason: 'failed', message: SCAN_MESSAGES.failed });
  });
});
