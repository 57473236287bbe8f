import { pathToFileURL } from 'node:url';
import { blocksArtefactSchema, unpackBlocks } from '../../functions/contracts/statement';
import { type ReadStatementOptions, readStatement } from '../../functions/domain/statement';
import type { Block } from '../../functions/domain/statement/blocks';
import { keptTextOf, readKeptText } from '../../functions/services/pipeline/kept-text';

/**
 * The CPU of one reading of a statement (the reader alone, blocks in, statement out), in this process: the
 * median of `runs` readings after `warm` readings, from process.cpuUsage (user + system, every thread of the
 * process). CPU holds on a busy machine where wall time does not.
 *
 *   npx tsx tests/bench/reading-cpu.ts [cache dir] [--runs 20] [--only big,hsbc] [--kept] [--against before.mjs [--with after.mjs]]
 *
 * Reads the pipeline bench's 12-page, 408-row statement ('big', read as Parse reads it: the upload's day
 * and the transactions' regions), a real-layout one and a freehand one (./reader-fixtures.ts; --only picks
 * others by name). --kept also times Parse's whole reading of the kept text (`readKeptText`: the kept
 * text's JSON unpacked and checked, then read). --against another build of the reader (`npx esbuild
 * functions/domain/statement/index.ts --bundle --format=esm --outfile=before.mjs` in a checkout from before a
 * change) reads each statement with both in turn and gives the ratio. Profile with
 * `node --import tsx --cpu-prof tests/bench/reading-cpu.ts --only big --runs 50`.
 */
export const PIPELINE_OPTIONS: ReadStatementOptions = { referenceDate: '2026-01-01', regions: true };

/** The blocks as Parse reads them: packed into the kept text by Extract and unpacked (geometry rounded). */
export function asKept(blocks: readonly Block[]): Block[] {
  const bytes = keptTextOf(blocks);
  return unpackBlocks(blocksArtefactSchema.parse(JSON.parse(new TextDecoder().decode(bytes))));
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each reading's CPU (ms), `warm` readings first not counted. */
export function readingCpu(
  blocks: readonly Block[],
  options: ReadStatementOptions,
  runs: number,
  warm = 3,
  read: typeof readStatement = readStatement,
): number[] {
  const times: number[] = [];
  for (let i = 0; i < warm + runs; i++) {
    const from = process.cpuUsage();
    const result = read(blocks, options);
    const ms = cpuMs(from);
    if (!result.ok) throw new Error(result.message);
    if (i >= warm) times.push(ms);
  }
  return times;
}

/** Each reading's CPU (ms) of the kept text as Parse reads it (unpacked, checked, read). */
export function keptTextCpu(blocks: readonly Block[], runs: number, warm = 3): number[] {
  const bytes = keptTextOf(blocks);
  const times: number[] = [];
  for (let i = 0; i < warm + runs; i++) {
    const from = process.cpuUsage();
    const result = readKeptText(bytes, { referenceDate: '2026-01-01', accountType: null });
    const ms = cpuMs(from);
    if (!result.ok) throw new Error(result.message);
    if (i >= warm) times.push(ms);
  }
  return times;
}

const DEFAULT_ONLY = ['big', 'real:hsbc-uk-current-mock.pdf', 'freehand:three-page-current'];

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [value] = args.splice(i, 2).slice(1);
    return value;
  };
  const runs = Number(flag('--runs') ?? 20);
  const only = flag('--only')?.split(',') ?? DEFAULT_ONLY;
  const kept = args.includes('--kept');
  // Another build of the reader (an esbuild bundle of functions/domain/statement/index.ts, e.g. from before a
  // change), read in turn with this one so that both see the same load.
  const against = flag('--against');
  const load = async (file: string) =>
    ((await import(pathToFileURL(file).href)) as { readStatement: typeof readStatement }).readStatement;
  const other = against ? await load(against) : null;
  // This reader bundled as the other is (esbuild inlines across modules as tsx does not): like with like.
  const mine = flag('--with');
  const read = mine ? await load(mine) : readStatement;
  const [cacheDir = '/tmp/reader-check-cache'] = args.filter((a) => !a.startsWith('--'));
  const { readerFixtures } = await import('./reader-fixtures');
  const fixtures = (await readerFixtures(cacheDir, { only })).filter((f) =>
    only.some((o) => f.name === o || (o !== 'big' && f.name.includes(o))),
  );
  for (const fixture of fixtures) {
    const { name } = fixture;
    // The pipeline bench's statement as Parse reads it: from the kept text.
    const blocks = name === 'big' ? asKept(fixture.blocks) : fixture.blocks;
    const options = name === 'big' ? PIPELINE_OPTIONS : {};
    const rows = readStatement(blocks, options);
    const summary = (times: number[]) =>
      `median ${median(times).toFixed(1)} ms (${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)})`;
    if (other) {
      // In turn, a reading each, so that a change of load falls on both alike.
      const ours: number[] = [];
      const theirs: number[] = [];
      for (let i = 0; i < runs; i++) {
        theirs.push(...readingCpu(blocks, options, 1, i ? 0 : 3, other));
        ours.push(...readingCpu(blocks, options, 1, i ? 0 : 3, read));
      }
      console.log(
        `${name}: reading CPU ${against} ${summary(theirs)}, ${mine ?? 'this'} ${summary(ours)}: ${(median(ours) / median(theirs)).toFixed(2)}× (${runs} readings each)`,
      );
      continue;
    }
    const times = readingCpu(blocks, options, runs);
    console.log(
      `${name}: reading CPU ${summary(times)}, ${runs} readings, ${rows.ok ? rows.statement.transactions.length : 0} rows, ${blocks.length} blocks`,
    );
    if (kept) {
      const k = keptTextCpu(fixture.blocks, runs);
      console.log(`${name}: kept text read as Parse reads it, CPU median ${median(k).toFixed(1)} ms`);
    }
  }
}

// Run only when called itself: the bench runner imports every file here and looks for `bench`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
