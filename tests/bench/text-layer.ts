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
 *   TEXT_LAYER_BUNDLE=<a bundle> npm run bench -- text-layer          (that bundle's figures)
 *   TEXT_LAYER_COMPARE=<a bundle built before a change> npm run bench -- text-layer   (this code against it)
 *
 * The bundles are kept under node_modules/.cache/family-finance/text-layer-<hash>.mjs: copy the one built before
 * a change to compare with it after.
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

/** One process's figures: medians of its readings 2 on, the sums of readings 2–6, the first reading. */
function figuresOf(all: Reading[]) {
  const [first, ...rest] = all;
  if (!first || !rest.length) throw new Error('no readings');
  const of = (key: keyof Reading) => median(rest.map((r) => r[key]));
  const early = rest.slice(0, 5);
  const sum = (key: keyof Reading) => early.reduce((total, r) => total + r[key], 0);
  return {
    mainMs: of('mainMs'),
    otherMs: of('otherMs'),
    processMs: of('processMs'),
    gcs: of('gcs'),
    gcMs: of('gcMs'),
    allocatedMb: of('allocatedMb'),
    wallMs: of('wallMs'),
    earlyMainMs: sum('mainMs'),
    earlyOtherMs: sum('otherMs'),
    firstMainMs: first.mainMs,
    firstOtherMs: first.otherMs,
    keptKb: first.keptKb,
  };
}

const FIGURES: Array<[keyof ReturnType<typeof figuresOf>, string, string, string]> = [
  ['mainMs', 'main thread CPU', 'ms', 'median of readings 2 on, one process'],
  ['otherMs', 'other threads CPU', 'ms', 'V8’s compilers and collector’s helpers, the thread pool'],
  ['processMs', 'process CPU', 'ms', 'process.cpuUsage'],
  ['gcs', 'garbage collections', '', 'on the main thread'],
  ['gcMs', 'garbage collection time', 'ms', 'their pauses, wall time: depends on the machine’s load'],
  ['allocatedMb', 'heap allocated', 'MB', ''],
  ['wallMs', 'wall time', 'ms', 'depends on the machine’s load'],
  ['earlyMainMs', 'readings 2–6: main thread CPU', 'ms', 'summed: the pipeline bench’s uploads are these'],
  ['earlyOtherMs', 'readings 2–6: other threads CPU', 'ms', 'summed (mostly TurboFan compiling)'],
  ['firstMainMs', 'first reading: main thread CPU', 'ms', ''],
  ['firstOtherMs', 'first reading: other threads CPU', 'ms', ''],
];

/**
 * With TEXT_LAYER_COMPARE=<bundle> (a bundle of ./processes/text-layer.ts built from other code), TEXT_LAYER_PAIRS
 * processes of each (default 6), alternating, and the medians of each figure for both.
 */
export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const { pdf } = await generateBigStatement();
  const bytes = new Uint8Array(pdf);
  const flags = process.env.TEXT_LAYER_NODE_FLAGS?.split(' ').filter(Boolean);
  const compare = process.env.TEXT_LAYER_COMPARE;
  if (!compare) {
    const one = figuresOf(
      await textLayerReadings(bytes, READINGS, { bundle: process.env.TEXT_LAYER_BUNDLE, flags }),
    );
    return [
      { name: 'statement', value: 12, unit: 'pages', note: `kept text ${one.keptKb.toFixed(0)} KB` },
      ...FIGURES.map(([key, name, unit, note]) => ({ name, value: one[key], unit, note })),
    ];
  }
  const pairs = Number(process.env.TEXT_LAYER_PAIRS ?? 6);
  const these: Array<ReturnType<typeof figuresOf>> = [];
  const those: Array<ReturnType<typeof figuresOf>> = [];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 ? [compare, undefined] : [undefined, compare];
    for (const bundle of order) {
      const figures = figuresOf(await textLayerReadings(bytes, READINGS, { bundle, flags }));
      (bundle ? those : these).push(figures);
    }
  }
  return FIGURES.map(([key, name, unit]) => {
    const now = median(these.map((f) => f[key]));
    const then = median(those.map((f) => f[key]));
    return {
      name,
      value: now,
      unit,
      note: `against ${then.toFixed(1)} ${unit} (TEXT_LAYER_COMPARE); medians of ${pairs} processes each, alternating`,
    };
  });
}
