import '../../../functions/local/polyfills';
import { readFileSync } from 'node:fs';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { restoreNativePush } from '../../../functions/adapters/pdf/pdfjs';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { processThreadTimes } from '../../../functions/local/thread-cpu';
import { keptTextOf } from '../../../functions/services/pipeline/kept-text';

/**
 * One process reading a PDF's text layer again and again as the twin's PDF process reads it for Extract
 * (functions/local/pdf-process-child.ts: bundled, the engine's own push, the blocks packed as the kept text),
 * for ../text-layer.ts. Prints one JSON line per reading: its main thread's CPU and the other threads' (Linux:
 * /proc's schedstat of each thread), the process's CPU (process.cpuUsage), the garbage collections the main
 * thread ran (V8's GCProfiler: how many, their time) and the heap allocated meanwhile.
 *
 *   node <this file, bundled> <pdf> <readings> [pause ms]
 */
restoreNativePush();

const [file, count = '20', pause = '0'] = process.argv.slice(2);
if (!file) throw new Error('usage: text-layer-child <pdf> <readings> [pause ms]');
const bytes = new Uint8Array(readFileSync(file));

/** Each thread's time on a core so far, in ms (Linux; zeros elsewhere): the main thread's and the others' sum. */
function threadCpu(): { main: number; other: number } {
  const times = processThreadTimes(process.pid);
  return { main: times?.mainMs ?? 0, other: times?.otherMs ?? 0 };
}

for (let reading = 1; reading <= Number(count); reading++) {
  const profiler = new GCProfiler();
  const threadsBefore = threadCpu();
  const cpuBefore = process.cpuUsage();
  const heapBefore = getHeapStatistics().used_heap_size;
  const started = performance.now();
  profiler.start();
  const read = await extractTextLayer(bytes);
  if (!read.ok || !('blocks' in read))
    throw new Error(`the text layer was not read: ${JSON.stringify(read)}`);
  const kept = keptTextOf(read.blocks);
  const gc = profiler.stop();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const threadsAfter = threadCpu();
  // Allocated: what each collection found in use less what the one before it left, and the growth since.
  let allocated = 0;
  let left = heapBefore;
  for (const entry of gc.statistics) {
    allocated += entry.beforeGC.heapStatistics.usedHeapSize - left;
    left = entry.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += getHeapStatistics().used_heap_size - left;
  console.log(
    JSON.stringify({
      reading,
      wallMs,
      mainMs: threadsAfter.main - threadsBefore.main,
      otherMs: threadsAfter.other - threadsBefore.other,
      processMs: (cpu.user + cpu.system) / 1000,
      gcs: gc.statistics.length,
      markCompacts: gc.statistics.filter((entry) => entry.gcType === 'MarkSweepCompact').length,
      gcMs: gc.statistics.reduce((sum, entry) => sum + entry.cost, 0) / 1000,
      allocatedMb: allocated / 2 ** 20,
      keptKb: kept.byteLength / 1024,
    }),
  );
  if (Number(pause)) await new Promise((resolve) => setTimeout(resolve, Number(pause)));
}
