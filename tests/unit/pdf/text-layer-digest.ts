import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { CORPUS, generateCorpusStatement } from '../../fixtures/statements/corpus';
import { FREEHAND_SETS } from '../../fixtures/statements/freehand-sets';
import {
  generateBigStatement,
  generateImageOnlyPdf,
  generateNoTablePdf,
  generateStatement,
  generateTraitStatement,
  LAYOUTS,
  TRAITS,
} from '../../fixtures/statements/generate';
import { hiddenTextStatementPdf } from '../../fixtures/statements/real-layouts';
import { VARIATIONS } from '../../fixtures/statements/variations';

/**
 * The text layer's blocks for every PDF the fixtures make or hold, written one JSON file per PDF to a folder,
 * with a digest of each: run it before and after a change to the text layer and compare the two folders
 * (`diff -r`), so that every difference is seen and explained.
 *
 *   npx tsx tests/unit/pdf/text-layer-digest.ts <out-dir>
 *
 * PDFs: every generated layout (two seeds), the 12-page statement, every trait and every pair of adjacent
 * traits of the trait generator, every corpus layout and variation, the hand-made real layouts, the failure
 * PDFs, the real-layout statements (STATEMENTS_REAL_DIR), every freehand set's statements and the PDF-level
 * traits (pdf-traits.ts, when it exists). Scans are left out: their text is read by OCR, not here.
 */

const REAL_DIR =
  process.env.STATEMENTS_REAL_DIR ?? join(import.meta.dirname, '../../../../shared/fixtures/statements-real');

async function* pdfs(): AsyncGenerator<[string, Uint8Array]> {
  for (const layout of LAYOUTS) {
    yield [`generated-${layout}`, (await generateStatement(layout)).pdf];
    yield [`generated-${layout}-seed4242`, (await generateStatement(layout, { seed: 4242 })).pdf];
  }
  yield ['generated-big', (await generateBigStatement()).pdf];
  for (const [k, trait] of TRAITS.entries()) {
    yield [`trait-${trait}`, (await generateTraitStatement([trait])).pdf];
    const next = TRAITS[(k + 1) % TRAITS.length]!;
    yield [`trait-${trait}+${next}`, (await generateTraitStatement([trait, next], 3)).pdf];
  }
  for (const layout of CORPUS)
    yield [`corpus-${layout.name}`, (await generateCorpusStatement(layout.name)).pdf];
  for (const [trait, name, change] of VARIATIONS) {
    const base = CORPUS.find((l) => l.name === name)!;
    const label = `${name}: ${trait}`;
    yield [`variation-${label}`, (await generateCorpusStatement({ ...base, ...change, name: label })).pdf];
  }
  yield ['real-layout-hidden-text', await hiddenTextStatementPdf()];
  yield ['image-only', await generateImageOnlyPdf()];
  yield ['no-table', await generateNoTablePdf()];
  if (existsSync(REAL_DIR))
    for (const file of readdirSync(REAL_DIR).filter((f) => f.endsWith('.pdf')))
      yield [`real-${file}`, readFileSync(join(REAL_DIR, file))];
  for (const [set, layouts] of FREEHAND_SETS)
    for (const layout of layouts) yield [`${set.toLowerCase()}-${layout.name}`, (await layout.draw()).pdf];
  const traits = join(import.meta.dirname, '../../fixtures/statements/pdf-traits.ts');
  if (existsSync(traits)) {
    const { PDF_TRAITS, generatePdfTraitStatement } = await import(traits);
    for (const trait of PDF_TRAITS as string[])
      yield [`pdf-trait-${trait}`, (await generatePdfTraitStatement(trait)).pdf];
  }
}

const out = process.argv[2];
if (!out) throw new Error('usage: text-layer-digest.ts <out-dir>');
mkdirSync(out, { recursive: true });
const digests: string[] = [];
for await (const [name, pdf] of pdfs()) {
  const read = await extractTextLayer(new Uint8Array(pdf));
  const json = JSON.stringify(read, null, 1);
  const file = name.replace(/[^\w.+-]+/g, '_');
  writeFileSync(join(out, `${file}.json`), json);
  digests.push(`${createHash('sha256').update(json).digest('hex').slice(0, 16)}  ${file}`);
}
writeFileSync(join(out, 'DIGESTS'), `${digests.join('\n')}\n`);
console.log(`${digests.length} PDFs read; digests in ${join(out, 'DIGESTS')}`);
