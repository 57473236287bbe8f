import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'tesseract.js';
import { OcrEngine } from '../../functions/adapters/ocr/engine';
import { readPdfStatement } from '../../functions/adapters/ocr/pdf-text';
import { readScan } from '../../functions/adapters/ocr/scan-reader';
import { readStatement } from '../../functions/domain/statement';
import { readingReasons } from '../../functions/domain/statement-check';
import { FREEHAND_LATER_SETS } from '../fixtures/statements/freehand-sets';
import { scanPdf } from '../fixtures/statements/scan';

/**
 * The later sets' scans (the corpus bench's 'freehand later sets, scanned' line) read with `readScan`'s own
 * steps, each page image's OCR words recognised once and kept in a cache directory (keyed by the image's
 * bytes), so the word shaping and the reader can be changed and the same words read again in minutes rather
 * than the bench's half hour. A page image not in the cache (the strips cut elsewhere, a band read again) is
 * recognised and added.
 *
 *   npx tsx tests/bench/scan-words.ts <cache dir> [out.json] [--only name,name] [--compare before.json]
 *
 * Writes each statement's rows exact, whether it is exact and whether it is confirmed (nothing sends it to
 * the family's check) to out.json; with --compare (an earlier out.json, or the lines of a run still going),
 * reads only the statements that run read and prints those whose reading changed and the totals before →
 * after. SHOW=name prints that statement's rows read (+ not in its answer) and missed (-).
 */
interface Row {
  date: string;
  description: string;
  signedAmount: number;
  balance: number | null;
}
export interface ScanWordsResult {
  name: string;
  rows: number;
  exact: number;
  read: number;
  ok: boolean;
  confirmed: boolean;
  reasons: string[];
}

const key = (r: Row) =>
  `${r.date}|${r.description}|${r.signedAmount.toFixed(2)}|${r.balance === null ? '' : r.balance.toFixed(2)}`;

function exactRows(read: readonly Row[], expected: readonly Row[]): number {
  const left = new Map<string, number>();
  for (const r of read) left.set(key(r), (left.get(key(r)) ?? 0) + 1);
  let found = 0;
  for (const r of expected) {
    const n = left.get(key(r)) ?? 0;
    if (n > 0) {
      found++;
      left.set(key(r), n - 1);
    }
  }
  return found;
}

/** An OCR engine whose every recognition is kept on disk by the image's bytes. */
class CachedEngine {
  readonly workers: number;
  /** As many strips as workers, as the cached words were read (two: the twin on two cores). */
  readonly strips: number;
  private engine: OcrEngine | null = null;
  misses = 0;
  constructor(
    private readonly dir: string,
    workers = 2,
  ) {
    this.workers = workers;
    this.strips = workers;
    mkdirSync(dir, { recursive: true });
  }
  get closed(): boolean {
    return false;
  }
  async recognise(image: Buffer): Promise<Page> {
    const file = join(this.dir, `${createHash('sha1').update(image).digest('hex')}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Page;
    this.misses++;
    this.engine ??= new OcrEngine({ workers: this.workers });
    const page = await this.engine.recognise(image);
    writeFileSync(file, JSON.stringify(page));
    return JSON.parse(JSON.stringify(page)) as Page;
  }
  async close(): Promise<void> {
    await this.engine?.close();
  }
}

const SETS = FREEHAND_LATER_SETS.map(([, layouts]) => layouts);

function totals(results: readonly ScanWordsResult[]) {
  return {
    statements: results.length,
    exact: results.filter((r) => r.ok).length,
    rows: results.reduce((n, r) => n + r.rows, 0),
    rowsExact: results.reduce((n, r) => n + r.exact, 0),
    confirmedWrong: results.filter((r) => !r.ok && r.confirmed).map((r) => `${r.name} ${r.exact}/${r.rows}`),
  };
}

/** An earlier run's results: its out.json, or the lines it printed (a run still going). */
function earlier(file: string): ScanWordsResult[] {
  const text = readFileSync(file, 'utf8');
  if (text.startsWith('[')) return JSON.parse(text) as ScanWordsResult[];
  return text.split('\n').flatMap((line) => {
    const m = /^(exact|NOT) +(confirmed|check) +(\d+)\/(\d+) \(read (\d+)\) (\S+)/.exec(line);
    if (!m) return [];
    return [
      {
        name: m[6]!,
        rows: Number(m[4]),
        exact: Number(m[3]),
        read: Number(m[5]),
        ok: m[1] === 'exact',
        confirmed: m[2] === 'confirmed',
        reasons: [],
      },
    ];
  });
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [value] = args.splice(i, 2).slice(1);
    return value;
  };
  const only = flag('--only')?.split(',');
  const compare = flag('--compare');
  const [dir = '/tmp/scan-words-cache', out] = args;
  const before = compare ? earlier(compare) : null;
  const engine = new CachedEngine(join(dir, 'ocr'));
  mkdirSync(join(dir, 'pdf'), { recursive: true });
  const results: ScanWordsResult[] = [];
  try {
    for (const set of SETS) {
      for (const layout of set) {
        if (only && !only.some((o) => layout.name.includes(o))) continue;
        // Compared with an earlier run: only the statements it read (their words are cached).
        if (before && !before.some((b) => b.name === layout.name)) continue;
        const { pdf, truth } = await layout.draw();
        const scanFile = join(dir, 'pdf', `${layout.name}.pdf`);
        if (!existsSync(scanFile)) writeFileSync(scanFile, await scanPdf(new Uint8Array(pdf)));
        const scan = new Uint8Array(readFileSync(scanFile));
        const { text, result } = await readPdfStatement(scan, (bytes) => readScan(bytes, engine));
        const read = result ?? readStatement(text.ok ? text.blocks : []);
        const rows: Row[] = read.ok ? read.statement.transactions : [];
        const exact = exactRows(rows, truth.transactions);
        const reasons = read.ok ? readingReasons(read.statement) : ['not read'];
        const r: ScanWordsResult = {
          name: layout.name,
          rows: truth.transactions.length,
          exact,
          read: rows.length,
          ok: exact === truth.transactions.length && rows.length === truth.transactions.length,
          confirmed: read.ok && rows.length > 0 && !reasons.length,
          reasons: reasons.map(String),
        };
        results.push(r);
        if (process.env.SHOW && layout.name.includes(process.env.SHOW)) {
          const want = new Set(truth.transactions.map(key));
          const got = new Set(rows.map(key));
          for (const row of rows) console.error(`${want.has(key(row)) ? '  ' : '+ '}${key(row)}`);
          for (const row of truth.transactions) if (!got.has(key(row))) console.error(`- ${key(row)}`);
          if (read.ok)
            console.error(
              JSON.stringify({
                opening: read.statement.openingBalance,
                closing: read.statement.closingBalance,
                reasons,
                warnings: read.statement.warnings,
              }),
            );
        }
        console.error(
          `${r.ok ? 'exact' : 'NOT  '} ${r.confirmed ? 'confirmed' : 'check    '} ${r.exact}/${r.rows} (read ${r.read}) ${r.name}${engine.misses ? ` [ocr ${engine.misses}]` : ''}`,
        );
      }
    }
  } finally {
    await engine.close();
  }
  if (out) writeFileSync(out, JSON.stringify(results, null, 1));
  const after = totals(results);
  if (compare) {
    const was = before!.filter((b) => results.some((r) => r.name === b.name));
    for (const r of results) {
      const b = was.find((x) => x.name === r.name);
      if (!b) continue;
      if (b.exact !== r.exact || b.ok !== r.ok || b.confirmed !== r.confirmed || b.read !== r.read)
        console.log(
          `${r.exact < b.exact || (b.ok && !r.ok) ? 'WORSE ' : 'changed'} ${r.name}: ${b.exact}/${b.rows} ${b.confirmed ? 'confirmed' : 'check'} → ${r.exact}/${r.rows} ${r.confirmed ? 'confirmed' : 'check'}`,
        );
    }
    const then = totals(was);
    console.log(
      `statements exact ${then.exact} → ${after.exact} of ${after.statements}; rows exact ${then.rowsExact} → ${after.rowsExact} of ${after.rows}; confirmed but not exact ${then.confirmedWrong.length} → ${after.confirmedWrong.length}`,
    );
  } else
    console.log(
      `statements exact ${after.exact} of ${after.statements}; rows exact ${after.rowsExact} of ${after.rows}; confirmed but not exact ${after.confirmedWrong.length}`,
    );
  console.log(`confirmed but not exact: ${after.confirmedWrong.join(', ') || 'none'}`);
}

// Run only when called itself: the bench runner imports every file here and looks for `bench`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
