import { readdirSync, readFileSync } from 'node:fs';
import { ulid } from 'ulid';
import { OcrEngine } from '../../functions/adapters/ocr/engine';
import { readScan, type ScanTimings } from '../../functions/adapters/ocr/scan-reader';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { readStatement } from '../../functions/domain/statement';
import { generateStatement } from '../fixtures/statements/generate';
import { scanPdf } from '../fixtures/statements/scan';
import { signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * Benchmark of scanned statements on the twin (the local OCR stand-in): the 3-page multi-page layout and the
 * 1-page signed-amount layout, scanned at 300 dpi (tests/fixtures/statements/scan.ts).
 *  - OCR alone: draw every page (pdf.js) and recognise it (tesseract.js, two workers taking pages in turn),
 *    per page; and a one-page scan's latency (one worker busy).
 *  - On the twin: upload to done, as the family drives it (Extract → Wait → PollTextract → … → Finish).
 * Median of RUNS runs after a warm-up (the workers load the model once). Target: ≤ 1.5 s per page on the twin.
 * Wall-clock figures depend on what else the machine runs; the CPU time per page does much less (on the
 * twin: the PDF process's, every thread, read from /proc on Linux).
 */
const RUNS = 3;
const TARGET_MS_PER_PAGE = 1500;

/** The CPU time (ms, every thread) of this process's children running the twin's PDF process (Linux only). */
function pdfProcessCpuMs(): number | null {
  if (process.platform !== 'linux') return null;
  let total = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('pdf-process-child')) continue;
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      found = true;
    } catch {}
  }
  return found ? total : null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const long = await generateStatement('multi-page');
  const short = await generateStatement('signed-amount');
  const longScan = new Uint8Array(await scanPdf(long.pdf));
  const shortScan = new Uint8Array(await scanPdf(short.pdf));
  const pages = long.truth.pages;

  const engine = new OcrEngine();
  const perPage: number[] = [];
  const renderPerPage: number[] = [];
  const onePage: number[] = [];
  const cpuPerPage: number[] = [];
  try {
    await readScan(shortScan, engine); // warm-up: the workers start and load the model
    for (let run = 0; run < RUNS; run++) {
      const timings: ScanTimings = { renderMs: 0, recogniseMs: 0, pages: 0 };
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const result = await readScan(longScan, engine, timings);
      perPage.push((performance.now() - t0) / pages);
      const cpu = process.cpuUsage(cpu0);
      cpuPerPage.push((cpu.user + cpu.system) / 1000 / pages);
      renderPerPage.push(timings.renderMs / pages);
      if (!result.ok) throw new Error(result.message);
      const read = readStatement(result.blocks);
      if (!read.ok || !read.statement.reconciliation.ok) throw new Error('the scan does not reconcile');
      const t1 = performance.now();
      await readScan(shortScan, engine);
      onePage.push(performance.now() - t1);
    }
  } finally {
    await engine.close();
  }

  const twin = await startTestTwin({ cognito: false });
  const onTwin: number[] = [];
  const twinCpuPerPage: number[] = [];
  const stepTimes = new Map<string, number[]>();
  try {
    const caller = await signedIn(twin, `bench-${ulid()}`, 'bench@example.co.uk');
    await caller.call('POST', '/api/family');
    // Each scan into an account of its statement's own bank (another bank's statement waits for a check).
    const uploadToDone = async (bytes: Uint8Array, bank: string) => {
      const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
        accounts: [{ name: `Current ${ulid()}`, bank_name: bank, account_type: 'current' }],
      });
      const started = performance.now();
      const created = await caller.call<CreateUploadResponse>('POST', '/api/uploads', {
        accountId: body.accounts[0]!.id,
        fileName: 'scanned statement.pdf',
        size: bytes.byteLength,
      });
      const { put, upload } = created.body;
      await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(bytes) });
      for (;;) {
        const { body: now } = await caller.call<Upload>('GET', `/api/uploads/${upload.uploadId}`);
        if (now.stage === 'done') {
          const ms = performance.now() - started;
          const execution = twin.runner.list(50).find((e) => e.name.startsWith(upload.uploadId));
          const totals = new Map<string, number>();
          for (const step of execution?.steps ?? [])
            totals.set(step.task, (totals.get(step.task) ?? 0) + step.ms);
          for (const [task, total] of totals) stepTimes.set(task, [...(stepTimes.get(task) ?? []), total]);
          return ms;
        }
        if (now.stage === 'failed' || now.stage === 'needs_check' || now.stage === 'needs_mapping')
          throw new Error(`the scan ended ${now.stage}: ${now.message ?? ''}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await uploadToDone(shortScan, short.truth.institution); // warm-up
    stepTimes.clear();
    for (let run = 0; run < RUNS; run++) {
      const cpu0 = pdfProcessCpuMs();
      onTwin.push(await uploadToDone(longScan, long.truth.institution));
      const cpu1 = pdfProcessCpuMs();
      if (cpu0 !== null && cpu1 !== null) twinCpuPerPage.push((cpu1 - cpu0) / pages);
    }
  } finally {
    await twin.stop();
  }

  const ocr = median(perPage);
  const twinPerPage = median(onTwin) / pages;
  return [
    {
      name: 'scan',
      value: pages,
      unit: 'pages',
      note: `multi-page layout, 300 dpi greyscale JPEG, ${(longScan.byteLength / 1024).toFixed(0)} KB`,
    },
    {
      name: 'OCR per page (draw + recognise)',
      value: ocr,
      unit: 'ms',
      note: `runs ${perPage.map((t) => t.toFixed(0)).join(', ')} ms`,
    },
    { name: '  of which drawing the pages', value: median(renderPerPage), unit: 'ms' },
    {
      name: 'OCR CPU time per page',
      value: median(cpuPerPage),
      unit: 'ms',
      note: 'all threads of the process: what a page costs whatever else the machine is doing',
    },
    { name: 'one-page scan, OCR alone', value: median(onePage), unit: 'ms', note: 'one worker busy' },
    {
      name: 'on the twin, upload to done, per page',
      value: twinPerPage,
      unit: 'ms',
      note: `target ≤ ${TARGET_MS_PER_PAGE} ms: ${(twinPerPage / TARGET_MS_PER_PAGE).toFixed(2)}× the target; runs ${onTwin.map((t) => t.toFixed(0)).join(', ')} ms for ${pages} pages`,
    },
    ...(twinCpuPerPage.length
      ? [
          {
            name: '  CPU time per page of the PDF process',
            value: median(twinCpuPerPage),
            unit: 'ms',
            note: `runs ${twinCpuPerPage.map((t) => t.toFixed(0)).join(', ')} ms: drawing, recognising, the text layer tried first`,
          },
        ]
      : []),
    ...[...stepTimes].map(([task, ms]) => ({
      name: `  step ${task} (its total an upload)`,
      value: median(ms),
      unit: 'ms',
    })),
  ];
}
