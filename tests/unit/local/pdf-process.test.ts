import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { PDF_FAILURE_MESSAGES } from '../../../functions/domain/statement-failures';
import { PdfProcess } from '../../../functions/local/pdf-process';
import { keptTextOf, readKeptText } from '../../../functions/services/pipeline/kept-text';
import type { TextLayerReading } from '../../../functions/shared/ports';
import { generateStatement } from '../../fixtures/statements/generate';

/**
 * The twin reads PDFs in a child process, so that a long or hostile PDF never stalls the API it serves: the
 * process reads exactly what the in-process adapters read (scans are drawn and recognised there too, as every
 * scan test through the twin shows), a PDF past the process's deadline or heap ends the process with the
 * family's words, the next PDF is read by a new process, every thread of it runs at the priority asked for,
 * and no process outlives the twin that started it, however the twin ends.
 */
const reader = new PdfProcess();
afterAll(() => reader.close());

const TOO_LARGE = {
  ok: false,
  reason: 'too_large_to_read',
  message: PDF_FAILURE_MESSAGES.too_large_to_read,
};

/** Pages dense with text: reading them takes far longer than the 1 ms deadlines below. */
function densePdf(pages: number): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: [1500, 1500], margin: 20, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((r) => doc.on('end', () => r(new Uint8Array(Buffer.concat(chunks)))));
  doc.fontSize(9);
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    for (let line = 0; line < 110; line++) {
      const words = Array.from({ length: 18 }, (_, w) => `word${(page * 7 + line * 3 + w) % 97}`);
      doc.text(words.join(' '), 20, 20 + line * 12.5, { lineBreak: false });
    }
  }
  doc.end();
  return done;
}

/** Whether a process is still running (a zombie waiting for its parent to collect it has ended). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 50));
}

describe("the twin's PDF process", { timeout: 180_000 }, () => {
  it('reads a multi-page text statement exactly as the in-process reader does, packed as the kept text', async () => {
    const { pdf } = await generateStatement('multi-page', { seed: 3 });
    const bytes = new Uint8Array(pdf);
    const inProcessOf = await reader.textLayer(bytes, {});
    const inProcess = await extractTextLayer(bytes, {});
    if (!inProcess.ok) throw new Error(inProcess.message);
    // Only the kept text's bytes cross to the API's thread, never the words as objects.
    expect(inProcessOf).toEqual({ ok: true, kept: keptTextOf(inProcess.blocks), pages: inProcess.pages });
    expect(inProcessOf.ok && inProcessOf.pages).toBeGreaterThan(1);
    // The caller keeps its bytes: a copy is moved to the thread.
    expect(bytes.byteLength).toBe(pdf.byteLength);
  });

  it("reads a kept text as a statement exactly as Parse's in-process reader does", async () => {
    const { pdf } = await generateStatement('multi-page', { seed: 3 });
    const inProcessOf = (await reader.textLayer(new Uint8Array(pdf), {})) as Extract<
      TextLayerReading,
      { kept: Uint8Array }
    >;
    const options = { referenceDate: '2026-11-26', accountType: 'current' };
    const reading = await reader.keptText(inProcessOf.kept, options);
    expect(reading).toEqual(readKeptText(inProcessOf.kept, options));
    expect(reading.ok && reading.statement.transactions.length).toBeGreaterThan(10);
    // A working file of another shape fails as it does in process: an error, not a family's message.
    await expect(reader.keptText(new TextEncoder().encode('{"words":1}'), options)).rejects.toThrow();
  });

  it('a kept text past its deadline is too large to read', async () => {
    const short = new PdfProcess({ textLayerMs: 1 });
    try {
      const { pdf } = await generateStatement('signed-amount', { seed: 4 });
      const read = await extractTextLayer(new Uint8Array(pdf), {});
      if (!read.ok) throw new Error(read.message);
      expect(
        await short.keptText(keptTextOf(read.blocks), { referenceDate: '2026-11-26', accountType: null }),
      ).toEqual({
        ok: false,
        reason: 'too_large_to_read',
        message: PDF_FAILURE_MESSAGES.too_large_to_read,
      });
    } finally {
      await short.close();
    }
  });

  it("tells its threads' time: none before it starts, the main thread's once it has read a PDF", async () => {
    const fresh = new PdfProcess();
    try {
      expect(fresh.threadTimes()).toBeNull();
      const { pdf } = await generateStatement('signed-amount', { seed: 4 });
      expect((await fresh.textLayer(new Uint8Array(pdf), {})).ok).toBe(true);
      const times = fresh.threadTimes();
      // /proc's schedstat is Linux's; elsewhere there are none.
      if (process.platform !== 'linux') expect(times).toBeNull();
      else {
        expect(times?.mainMs).toBeGreaterThan(0);
        expect(times?.otherMs).toBeGreaterThanOrEqual(0);
        expect(times?.mainWaitingMs).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await fresh.close();
    }
  });

  it("answers a PDF's own problems with the family's words, as in process", async () => {
    const notPdf = new TextEncoder().encode('Date,Description,Amount\n');
    expect(await reader.textLayer(notPdf, {})).toEqual(await extractTextLayer(notPdf, {}));
  });

  it('a PDF past its deadline ends the process; the next PDF starts a new one', async () => {
    const before = reader.pid;
    const late = await reader.textLayer(await densePdf(20), { deadlineMs: 1 });
    expect(late).toEqual(TOO_LARGE);
    expect(reader.describe()).toContain('restarted 1 time(s)');
    if (before !== undefined) await until(() => !running(before));
    const { pdf } = await generateStatement('paid-out-paid-in', { seed: 5 });
    const bytes = new Uint8Array(pdf);
    const next = await reader.textLayer(bytes, {});
    const inProcess = await extractTextLayer(bytes, {});
    expect(next).toEqual(
      inProcess.ok ? { ok: true, kept: keptTextOf(inProcess.blocks), pages: inProcess.pages } : inProcess,
    );
    expect(reader.pid).not.toBe(before);
  });

  it('a PDF past the heap ceiling is too large to read, and the next PDF starts a new process', async () => {
    // A ceiling far below what pdf.js needs to read these pages.
    const small = new PdfProcess({ heapMb: 16 });
    try {
      expect(await small.textLayer(await densePdf(20), {})).toEqual(TOO_LARGE);
      expect(small.describe()).toContain('restarted 1 time(s)');
      expect(small.pid).toBeUndefined();
    } finally {
      await small.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'every thread of the process runs at the priority asked for, from its first',
    async () => {
      const low = new PdfProcess({ priority: 19 });
      try {
        const { pdf } = await generateStatement('signed-amount', { seed: 6 });
        expect((await low.textLayer(new Uint8Array(pdf), {})).ok).toBe(true);
        const pid = low.pid;
        if (pid === undefined) throw new Error('no PDF process');
        expect(getPriority(pid)).toBe(19);
        // pdf.js's thread, V8's and libuv's helper threads, and the watchdog: nice is kept per thread on Linux.
        const tasks = readdirSync(`/proc/${pid}/task`);
        expect(tasks.length).toBeGreaterThan(1);
        for (const task of tasks) expect(getPriority(Number(task))).toBe(19);
        expect(low.describe()).toContain('nice 19');
      } finally {
        await low.close();
      }
    },
  );

  it('closing ends the process', async () => {
    const closing = new PdfProcess();
    const { pdf } = await generateStatement('signed-amount', { seed: 7 });
    expect((await closing.textLayer(new Uint8Array(pdf), {})).ok).toBe(true);
    const pid = closing.pid;
    if (pid === undefined) throw new Error('no PDF process');
    await closing.close();
    await until(() => !running(pid));
    expect(await closing.textLayer(new Uint8Array(pdf), {})).toEqual(TOO_LARGE);
  });

  it.runIf(process.platform === 'linux')(
    'no PDF process outlives its twin: killed outright, or signalled with its whole process group',
    async () => {
      const root = join(import.meta.dirname, '..', '..', '..');
      const module = join(root, 'functions', 'local', 'pdf-process.ts');
      for (const ending of ['SIGKILL', 'group SIGTERM'] as const) {
        // A stand-in twin: a process of its own that starts a PDF process, reads one PDF and waits.
        const twin = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            '--input-type=module',
            '-e',
            `import { PdfProcess } from ${JSON.stringify(module)};
             setInterval(() => undefined, 1000);
             const reader = new PdfProcess();
             await reader.textLayer(new TextEncoder().encode('not a PDF'), {});
             console.log(reader.pid);
             process.on('SIGTERM', () => process.exit(0));`,
          ],
          { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
        );
        const child = await new Promise<number>((resolve, reject) => {
          let out = '';
          twin.stdout?.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.includes('\n')) resolve(Number(out.trim()));
          });
          twin.once('exit', (code) => reject(new Error(`the stand-in twin exited (${code})`)));
        });
        expect(running(child)).toBe(true);
        const twinPid = twin.pid ?? 0;
        if (ending === 'SIGKILL') process.kill(twinPid, 'SIGKILL');
        // As a terminal's Ctrl-C or a job control stop reaches every process of the group, the child included.
        else process.kill(-twinPid, 'SIGTERM');
        await until(() => !running(twinPid) && !running(child));
        expect(existsSync(`/proc/${child}`) ? running(child) : false).toBe(false);
      }
    },
  );
});
