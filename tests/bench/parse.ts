import { extractTextLayer } from '../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../functions/domain/statement';
import { generateBigStatement } from '../fixtures/statements/generate';
import { asKept, median, PIPELINE_OPTIONS, readingCpu } from './reading-cpu';

/**
 * Benchmark of statement reading on the 12-page, ~400-row statement (tests/fixtures/statements): the text
 * layer (pdf.js) and the reader, per page, median of several runs after a warm-up. Target: well under a
 * second per page end to end (a Lambda step reads a statement in one go); the reader alone a few ms a page.
 * The reading's CPU (process.cpuUsage, which a busy machine moves far less than the clock) is measured on the
 * statement as Parse reads it, from the kept text with the upload's day: target ≤ 5 ms a page, 60 ms for the
 * 12 pages (./reading-cpu.ts measures it on other statements, and against another build of the reader).
 */
const RUNS = 7;
const READING_RUNS = 20;
const READING_TARGET_MS = 60;

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const { pdf, truth } = await generateBigStatement();
  const bytes = new Uint8Array(pdf);
  const extractTimes: number[] = [];
  const parseTimes: number[] = [];
  let rows = 0;
  for (let run = 0; run <= RUNS; run++) {
    const t0 = performance.now();
    const text = await extractTextLayer(bytes);
    const t1 = performance.now();
    if (!text.ok) throw new Error(text.message);
    const result = readStatement(text.blocks);
    const t2 = performance.now();
    if (!result.ok) throw new Error(result.message);
    if (!result.statement.reconciliation.ok) throw new Error('the benchmark statement does not reconcile');
    rows = result.statement.transactions.length;
    if (run === 0) continue; // warm-up (pdf.js loads its fake worker on first use)
    extractTimes.push(t1 - t0);
    parseTimes.push(t2 - t1);
  }
  const pages = truth.pages;
  const extract = median(extractTimes);
  const parse = median(parseTimes);
  const kept = await extractTextLayer(bytes);
  if (!kept.ok) throw new Error(kept.message);
  const readingTimes = readingCpu(asKept(kept.blocks), PIPELINE_OPTIONS, READING_RUNS);
  const reading = median(readingTimes);
  return [
    { name: 'statement pages', value: pages, unit: 'pages', note: `${rows} transactions` },
    {
      name: 'text layer per page',
      value: extract / pages,
      unit: 'ms',
      note: 'pdf.js getTextContent → blocks',
    },
    { name: 'reader per page', value: parse / pages, unit: 'ms', note: 'blocks → reconciled statement' },
    {
      name: 'reading CPU, whole statement',
      value: reading,
      unit: 'ms',
      note: `target ≤ ${READING_TARGET_MS} ms: ${(reading / READING_TARGET_MS).toFixed(2)}× the target; median of ${READING_RUNS} (${Math.min(...readingTimes).toFixed(0)}–${Math.max(...readingTimes).toFixed(0)}), the kept text as Parse reads it`,
    },
    {
      name: 'extract + parse per page',
      value: (extract + parse) / pages,
      unit: 'ms',
      note: 'target < 1000 ms',
    },
    {
      name: 'extract + parse, whole statement',
      value: extract + parse,
      unit: 'ms',
      note: `median of ${RUNS}`,
    },
  ];
}
