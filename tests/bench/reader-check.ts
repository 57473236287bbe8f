import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type ReadStatementOptions, readStatement } from '../../functions/domain/statement';
import { readerFixtures } from './reader-fixtures';
import { asKept } from './reading-cpu';

/**
 * Whether a change to the reader leaves every reading as it was: every fixture of ./reader-fixtures.ts (the
 * generated, corpus, freehand and real-layout statements' text layers, the Textract responses, and with
 * --scans a few freehand statements' scans) read under four sets of options (and from its kept text as Parse reads it), each reading kept whole as JSON.
 *
 *   npx tsx tests/bench/reader-check.ts <cache dir> <out.json> [--compare before.json] [--only a,b] [--scans]
 *
 * The cache dir keeps each fixture's blocks (read once from its PDF). With --compare, prints every reading
 * that differs from the earlier run's (and exits 1 when any does).
 */
const OPTIONS: Array<[string, ReadStatementOptions]> = [
  ['plain', {}],
  ['pipeline', { referenceDate: '2026-01-01', regions: true }],
  ['card', { referenceDate: '2026-06-15', accountKind: 'credit_card' }],
  ['bank', { accountKind: 'bank' }],
];

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [value] = args.splice(i, 2).slice(1);
    return value;
  };
  const compare = flag('--compare');
  const only = flag('--only')?.split(',');
  const scans = args.includes('--scans');
  const [cacheDir = '/tmp/reader-check-cache', out] = args.filter((a) => !a.startsWith('--'));
  const fixtures = await readerFixtures(cacheDir, {
    ...(only ? { only } : {}),
    scans,
    log: (line) => console.error(line),
  });
  const readings: Record<string, string> = {};
  const started = process.cpuUsage();
  const cpuOf = new Map<string, number>();
  for (const { name, blocks } of fixtures) {
    const from = process.cpuUsage();
    for (const [label, options] of OPTIONS) {
      let reading: string;
      try {
        reading = JSON.stringify(readStatement(blocks, options));
      } catch (error) {
        reading = `threw: ${(error as Error).stack}`;
      }
      readings[`${name} [${label}]`] = reading;
    }
    const used = process.cpuUsage(from);
    cpuOf.set(name, (used.user + used.system) / 1000);
  }
  // As Parse reads them: from the kept text (the geometry rounded), with the upload's day and the regions.
  for (const { name, blocks } of fixtures) {
    const kept = asKept(blocks);
    readings[`${name} [kept]`] = JSON.stringify(readStatement(kept, OPTIONS[1]![1]));
  }
  const cpu = process.cpuUsage(started);
  console.log(
    `${fixtures.length} fixtures, ${Object.keys(readings).length} readings, reader CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`,
  );
  const slowest = [...cpuOf].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.SLOWEST ?? 8));
  console.log(
    `slowest (CPU of the ${OPTIONS.length} readings): ${slowest.map(([n, ms]) => `${n} ${Math.round(ms)} ms`).join(', ')}`,
  );
  if (out) writeFileSync(out, JSON.stringify(readings));
  if (compare && existsSync(compare)) {
    const before = JSON.parse(readFileSync(compare, 'utf8')) as Record<string, string>;
    let differ = 0;
    for (const [key, reading] of Object.entries(readings)) {
      if (!(key in before)) console.log(`new: ${key}`);
      else if (before[key] !== reading) {
        differ++;
        console.log(`DIFFERS: ${key}`);
      }
    }
    for (const key of Object.keys(before)) if (!(key in readings)) console.log(`not read now: ${key}`);
    console.log(differ ? `${differ} readings differ` : 'every reading the same');
    if (differ) process.exitCode = 1;
  }
}

// Run only when called itself: the bench runner imports every file here and looks for `bench`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
