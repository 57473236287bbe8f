import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledCode } from '../../functions/local/bundled-code';
import { generateBigStatement } from '../fixtures/statements/generate';

/**
 * The 12-page, 408-row statement's text layer read in a process of its own as the twin's PDF process reads it
 * for Extract (bundled, the engine's own push, the blocks packed as the kept text; ./processes/text-layer.ts),
 * READINGS times back to back: the medians of readings 2 on (the first loads and compiles pdf.js) of its main
 * thread's CPU, its other threads' CPU (V8's compilers and garbage collector's helpers, the thread pool), the
 * garbage collections' count and time on the main thread and the heap allocated, and the first reading's CPU.
 * CPU, not wall time: the machine's other work changes the one and not the other.
 *
 *   npm run bench -- text-layer
 *   TEXT_LAYER_READINGS=40 TEXT_LAYER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- text-layer
 *   TEXT_LAYER_BUNDLE=<a bundle built before a change> npm run bench -- text-layer   (to compare two versions)
 */
const READINGS = Number(process.env.TEXT_LAYER_READINGS ?? 20);

interface Reading {
  reading: number;
  wallMs: number;
  mainMs: number;
  otherMs: number;
  processMs: number;
  gcs: number;
  gcMs: number;
  allocatedMb: number;
  keptKb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The readings of one process: `bundle` run on `pdf`, with `flags` for node. */
export async function textLayerReadings(
  pdf: Uint8Array,
  readings = READINGS,
  options: { bundle?: string; flags?: string[] } = {},
): Promise<Reading[]> {
  const bundle =
    options.bundle ??
    (await bundledCode('text-layer', 'The text-layer bench process', {
      entry: join(import.meta.dirname, 'processes', 'text-layer.ts'),
    }));
  const dir = mkdtempSync(join(tmpdir(), 'text-layer-bench-'));
  try {
    const file = join(dir, 'statement.pdf');
    writeFileSync(file, pdf);
    const child = spawn(process.execPath, [...(options.flags ?? []), bundle, file, String(readings)], {
      env: { ...process.env, NODE_OPTIONS: undefined },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the text-layer process ended with ${code}`);
    return out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Reading);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const { pdf } = await generateBigStatement();
  const flags = process.env.TEXT_LAYER_NODE_FLAGS?.split(' ').filter(Boolean);
  const all = await textLayerReadings(new Uint8Array(pdf), READINGS, {
    bundle: process.env.TEXT_LAYER_BUNDLE,
    flags,
  });
  const [first, ...rest] = all;
  if (!first || !rest.length) throw new Error('no readings');
  const of = (key: keyof Reading) => median(rest.map((r) => r[key]));
  const note = `median of readings 2–${all.length} in one process`;
  return [
    { name: 'statement', value: 12, unit: 'pages', note: `kept text ${first.keptKb.toFixed(0)} KB` },
    { name: 'main thread CPU', value: of('mainMs'), unit: 'ms', note },
    { name: 'other threads CPU', value: of('otherMs'), unit: 'ms', note },
    { name: 'process CPU', value: of('processMs'), unit: 'ms', note: `${note} (process.cpuUsage)` },
    { name: 'garbage collections', value: of('gcs'), unit: '', note: 'main thread' },
    { name: 'garbage collection time', value: of('gcMs'), unit: 'ms', note: 'main thread' },
    { name: 'heap allocated', value: of('allocatedMb'), unit: 'MB' },
    { name: 'wall time', value: of('wallMs'), unit: 'ms', note: 'depends on the machine’s load' },
    {
      name: 'first reading: main / other threads CPU',
      value: first.mainMs,
      unit: 'ms',
      note: `other threads ${first.otherMs.toFixed(0)} ms`,
    },
  ];
}
