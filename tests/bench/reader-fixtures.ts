import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'tesseract.js';
import { OcrEngine } from '../../functions/adapters/ocr/engine';
import { readScan } from '../../functions/adapters/ocr/scan-reader';
import { extractTextLayer } from '../../functions/adapters/pdf/text-layer';
import type { Block } from '../../functions/domain/statement/blocks';
import { CORPUS, generateCorpusStatement } from '../fixtures/statements/corpus';
import { FREEHAND_SETS as SETS } from '../fixtures/statements/freehand-sets';
import {
  generateBigStatement,
  generateStatement,
  generateTraitStatement,
  LAYOUTS,
  TRAITS,
  type Trait,
} from '../fixtures/statements/generate';
import { generatePdfTraitStatement, PDF_TRAITS } from '../fixtures/statements/pdf-traits';
import { hiddenTextStatementPdf } from '../fixtures/statements/real-layouts';
import { scanPdf } from '../fixtures/statements/scan';
import { VARIATIONS } from '../fixtures/statements/variations';

/**
 * The statements the reader's speed and sameness are measured on, as blocks (what the reader reads), each
 * read once from its PDF and kept in a cache directory, so that the reader alone is timed and compared, and
 * a change to the text layer does not move the blocks under it:
 *  - the pipeline bench's 12-page, 408-row statement ('big'), the two real-layout PDFs
 *    (/work/shared/fixtures/statements-real or STATEMENTS_REAL_DIR);
 *  - every generated layout, every trait alone, all together and mixed sets (as traits.test.ts), every PDF
 *    trait, every corpus layout and variation, every freehand statement, the hidden-text statement;
 *  - the Textract responses in /work/shared/fixtures/textract (TEXTRACT_DIR), read as they are;
 *  - with `scans`, a few freehand statements read from their scans (`SCANNED`; the OCR words kept in the
 *    cache directory too).
 */
export interface ReaderFixture {
  name: string;
  blocks: Block[];
}

const REAL_DIR =
  process.env.STATEMENTS_REAL_DIR ?? join(import.meta.dirname, '../../../shared/fixtures/statements-real');
const TEXTRACT_DIR =
  process.env.TEXTRACT_DIR ?? join(import.meta.dirname, '../../../shared/fixtures/textract');

export const FREEHAND_SETS = SETS.map(([, layouts]) => layouts);

/** The trait sets traits.test.ts reads: none, each alone, all, and 24 mixed. */
function traitSets(): Array<{ traits: Trait[]; seed: number }> {
  const sets: Array<{ traits: Trait[]; seed: number }> = [{ traits: [], seed: 1 }];
  TRAITS.forEach((t, i) => {
    sets.push({ traits: [t], seed: i + 2 });
  });
  sets.push({ traits: [...TRAITS], seed: 99 });
  let state = 12345;
  const next = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  for (let k = 0; k < 24; k++) sets.push({ traits: TRAITS.filter(() => next() < 0.5), seed: 100 + k });
  return sets;
}

type Source = { name: string; pdf: () => Promise<Uint8Array | Buffer> };

/** Every PDF statement, by a name unique among them. */
export function pdfSources(): Source[] {
  const sources: Source[] = [{ name: 'big', pdf: async () => (await generateBigStatement()).pdf }];
  if (existsSync(REAL_DIR))
    for (const f of readdirSync(REAL_DIR)
      .filter((f) => f.endsWith('.pdf'))
      .sort())
      sources.push({ name: `real:${f}`, pdf: async () => readFileSync(join(REAL_DIR, f)) });
  for (const layout of LAYOUTS)
    sources.push({ name: `layout:${layout}`, pdf: async () => (await generateStatement(layout)).pdf });
  for (const { traits, seed } of traitSets())
    sources.push({
      name: `traits:${seed}:${traits.join('+') || 'none'}`,
      pdf: async () => (await generateTraitStatement(traits, seed)).pdf,
    });
  for (const trait of PDF_TRAITS)
    sources.push({
      name: `pdf-trait:${trait}`,
      pdf: async () => (await generatePdfTraitStatement(trait)).pdf,
    });
  for (const layout of CORPUS)
    sources.push({
      name: `corpus:${layout.name}`,
      pdf: async () => (await generateCorpusStatement(layout.name)).pdf,
    });
  for (const [trait, name, change] of VARIATIONS) {
    const base = CORPUS.find((l) => l.name === name)!;
    sources.push({
      name: `variation:${name}: ${trait}`,
      pdf: async () => (await generateCorpusStatement({ ...base, ...change, name: `${name}: ${trait}` })).pdf,
    });
  }
  for (const set of FREEHAND_SETS)
    for (const layout of set)
      sources.push({ name: `freehand:${layout.name}`, pdf: async () => (await layout.draw()).pdf });
  sources.push({ name: 'hidden-text', pdf: hiddenTextStatementPdf });
  return sources;
}

const fileOf = (dir: string, name: string) =>
  join(dir, `${createHash('sha1').update(name).digest('hex').slice(0, 16)}.json`);

/** One statement's blocks: from the cache, else read from its PDF's text layer and kept. */
export async function textLayerBlocks(cacheDir: string, source: Source): Promise<Block[] | null> {
  mkdirSync(cacheDir, { recursive: true });
  const file = fileOf(cacheDir, source.name);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Block[] | null;
  const text = await extractTextLayer(new Uint8Array(await source.pdf()));
  const blocks = text.ok && 'blocks' in text ? text.blocks : null;
  writeFileSync(file, JSON.stringify(blocks));
  return blocks;
}

/** An OCR engine whose every recognition is kept on disk by the image's bytes. */
class CachedEngine {
  readonly workers = 2;
  /** The pages cut as the twin cuts them on two cores (the cached words are those strips'). */
  readonly strips = 2;
  private engine: OcrEngine | null = null;
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }
  get closed(): boolean {
    return false;
  }
  async recognise(image: Buffer): Promise<Page> {
    const file = join(this.dir, `${createHash('sha1').update(image).digest('hex')}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Page;
    this.engine ??= new OcrEngine({ workers: this.workers });
    const page = await this.engine.recognise(image);
    writeFileSync(file, JSON.stringify(page));
    return JSON.parse(JSON.stringify(page)) as Page;
  }
  async close(): Promise<void> {
    await this.engine?.close();
  }
}

/** Freehand statements also read from their scans (OCR is slow: a few, banks and cards). */
export const SCANNED = [
  'three-page-current',
  'partner-credit-card',
  'courier-left-summary',
  'grouped-card-subtotals',
  'weekday-dates',
  'society-savings',
];

/** Every fixture's blocks (see above); `only` keeps the names containing one of its strings. */
export async function readerFixtures(
  cacheDir: string,
  options: { only?: string[]; scans?: boolean; log?: (line: string) => void } = {},
): Promise<ReaderFixture[]> {
  const wanted = (name: string) => !options.only || options.only.some((o) => name.includes(o));
  const fixtures: ReaderFixture[] = [];
  for (const source of pdfSources()) {
    if (!wanted(source.name)) continue;
    const blocks = await textLayerBlocks(join(cacheDir, 'text'), source);
    if (blocks) fixtures.push({ name: source.name, blocks });
    else options.log?.(`no text layer: ${source.name}`);
  }
  if (existsSync(TEXTRACT_DIR))
    for (const f of readdirSync(TEXTRACT_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const name = `textract:${f}`;
      if (!wanted(name)) continue;
      const json = JSON.parse(readFileSync(join(TEXTRACT_DIR, f), 'utf8')) as { Blocks?: Block[] };
      if (json.Blocks?.length) fixtures.push({ name, blocks: json.Blocks });
    }
  if (options.scans) {
    const scans = join(cacheDir, 'scan');
    mkdirSync(scans, { recursive: true });
    const engine = new CachedEngine(join(cacheDir, 'ocr'));
    try {
      for (const layout of FREEHAND_SETS.flat()) {
        const name = `scan:${layout.name}`;
        if (!wanted(name) || !SCANNED.includes(layout.name)) continue;
        const file = fileOf(scans, name);
        let blocks: Block[] | null;
        if (existsSync(file)) blocks = JSON.parse(readFileSync(file, 'utf8')) as Block[] | null;
        else {
          const scan = await readScan(await scanPdf(new Uint8Array((await layout.draw()).pdf)), engine);
          blocks = scan.ok ? scan.blocks : null;
          writeFileSync(file, JSON.stringify(blocks));
        }
        if (blocks) fixtures.push({ name, blocks });
      }
    } finally {
      await engine.close();
    }
  }
  return fixtures;
}
