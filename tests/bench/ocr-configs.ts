import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createWorker, OEM, type Page, PSM, type Worker } from 'tesseract.js';
import { renderPages, SCAN_DPI } from '../../functions/adapters/ocr/render';
import { withoutRuledGrid } from '../../functions/adapters/ocr/ruled-grid';
import { readPgm, splitPage } from '../../functions/adapters/ocr/strips';
import { greyTiff } from '../../functions/adapters/ocr/tiff';
import { generateStatement, LAYOUTS, type LayoutName } from '../fixtures/statements/generate';
import { scanPdf } from '../fixtures/statements/scan';

/**
 * What the recogniser's CPU depends on: a generated layout's scan drawn and cut into strips as readScan does,
 * then recognised by one tesseract.js worker per configuration, the configurations taking turns round after
 * round (the order reversed every other round), each round's CPU (the whole process, every thread) printed
 * with the load average beside it, and each configuration's words (text, box, confidence) compared with the
 * first's. On a shared machine the CPU of one round says little; the medians over rounds run alternately do.
 *
 *   npx tsx tests/bench/ocr-configs.ts '<configs JSON>' [rounds] [layout]
 *
 * A configuration is { model?, init?, params?, image? }: the model directory of @tesseract.js-data/eng
 * ('4.0.0_best_int', the engine's, or '4.0.0'), init-only and run-time Tesseract parameters (on top of the
 * engine's own), and what is done to each strip first: 'scale:0.83' (both ways, area average, as if drawn
 * at 250 dpi), 'condense:0.8' (across only) or 'binarise:160'. For example
 * '{"now":{},"250dpi":{"image":"scale:0.833"},"lean":{"init":{"load_system_dawg":"0"}}}'.
 */
interface Config {
  model?: string;
  init?: Record<string, string>;
  params?: Record<string, string>;
  image?: string;
}

interface Grey {
  width: number;
  height: number;
  pixels: Uint8Array;
}

function grey(image: Buffer): Grey {
  const pgm = readPgm(image);
  if (!pgm) throw new Error('not a PGM');
  return { width: pgm.width, height: pgm.height, pixels: image.subarray(pgm.offset) };
}

/** Area-average resampling by `fx` across and `fy` down. */
function resample({ width, height, pixels }: Grey, fx: number, fy: number): Grey {
  const along = (length: number, f: number) => {
    const out = Math.round(length * f);
    return Array.from({ length: out }, (_, i) => {
      const a = i / f;
      const b = a + 1 / f;
      const parts: Array<[number, number]> = [];
      for (let p = Math.floor(a); p < b && p < length; p++)
        parts.push([p, (Math.min(b, p + 1) - Math.max(a, p)) * f]);
      return parts;
    });
  };
  const xs = along(width, fx);
  const ys = along(height, fy);
  const out = new Uint8Array(xs.length * ys.length);
  ys.forEach((rows, y) => {
    xs.forEach((cols, x) => {
      let sum = 0;
      for (const [r, wr] of rows) for (const [c, wc] of cols) sum += (pixels[r * width + c] ?? 255) * wr * wc;
      out[y * xs.length + x] = Math.round(sum);
    });
  });
  return { width: xs.length, height: ys.length, pixels: out };
}

function prepared(image: Buffer, how: string | undefined): Buffer {
  let g = grey(image);
  const [kind, value] = (how ?? '').split(':');
  const v = Number(value);
  if (kind === 'scale') g = resample(g, v, v);
  else if (kind === 'condense') g = resample(g, v, 1);
  else if (kind === 'binarise') g = { ...g, pixels: g.pixels.map((p) => (p < v ? 0 : 255)) };
  else if (kind) throw new Error(`unknown image change ${how}`);
  return greyTiff(g.width, g.height, g.pixels);
}

const wordsOf = (page: Page) =>
  (page.blocks ?? []).flatMap((b) =>
    b.paragraphs.flatMap((p) =>
      p.lines.flatMap((l) =>
        l.words.map((w) => ({
          text: w.text,
          at: `${w.bbox.x0},${w.bbox.y0},${w.bbox.x1},${w.bbox.y1}:${Math.round(w.confidence)}`,
        })),
      ),
    ),
  );

async function main() {
  const [json, roundsArg = '4', layout = 'multi-page'] = process.argv.slice(2);
  if (!json) throw new Error("usage: ocr-configs.ts '<configs JSON>' [rounds] [layout]");
  let configs: Record<string, Config>;
  try {
    configs = JSON.parse(json) as Record<string, Config>;
  } catch {
    throw new Error(`the configurations are not JSON: ${json}`);
  }
  if (!configs || typeof configs !== 'object' || !Object.keys(configs).length)
    throw new Error('the configurations must be an object of one or more named configurations');
  if (!/^[1-9]\d*$/.test(roundsArg)) throw new Error(`rounds must be a whole number from 1: ${roundsArg}`);
  if (!(LAYOUTS as readonly string[]).includes(layout))
    throw new Error(`unknown layout ${layout}; one of: ${LAYOUTS.join(', ')}`);
  const names = Object.keys(configs);
  const statement = await generateStatement(layout as LayoutName);
  const scan = new Uint8Array(await scanPdf(statement.pdf));
  const strips: Buffer[] = [];
  for await (const page of renderPages(scan, { greyscale: true }))
    for (const strip of splitPage(withoutRuledGrid(page.image), Math.min(2, cpus().length)))
      strips.push(strip.image);
  const modelRoot = dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
  const workers = new Map<string, Worker>();
  const images = new Map<string, Buffer[]>();
  for (const name of names) {
    const c = configs[name]!;
    const worker = await createWorker(
      'eng',
      OEM.LSTM_ONLY,
      {
        langPath: join(modelRoot, c.model ?? '4.0.0_best_int'),
        gzip: true,
        cacheMethod: 'none',
        logger: () => undefined,
        errorHandler: () => undefined,
      },
      c.init ?? {},
    );
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      user_defined_dpi: String(SCAN_DPI),
      ...c.params,
    });
    workers.set(name, worker);
    images.set(
      name,
      strips.map((s) => prepared(s, c.image)),
    );
  }
  const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
  const words = new Map<string, Array<{ text: string; at: string }>>();
  try {
    const rounds = Number(roundsArg);
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? [...names].reverse() : names) {
        const before = process.cpuUsage();
        const read: Array<{ text: string; at: string }> = [];
        for (const image of images.get(name)!) {
          const { data } = await workers.get(name)!.recognize(image, {}, { blocks: true, text: false });
          read.push(...wordsOf(data), { text: '|', at: '' });
        }
        const used = process.cpuUsage(before);
        const seconds = (used.user + used.system) / 1e6;
        cpu.get(name)!.push(seconds);
        words.set(name, read);
        const hash = createHash('sha1').update(JSON.stringify(read)).digest('hex').slice(0, 8);
        console.log(
          `round ${round} ${name.padEnd(12)} CPU ${seconds.toFixed(2)} s (load ${loadavg()[0]!.toFixed(1)}), ${read.length - strips.length} words, ${hash}`,
        );
      }
    }
  } finally {
    for (const worker of workers.values()) await worker.terminate();
  }
  const first = words.get(names[0]!)!;
  for (const name of names) {
    const seconds = [...cpu.get(name)!].sort((a, b) => a - b);
    const read = words.get(name)!;
    const texts = (w: typeof read) => w.map((x) => x.text);
    const same = JSON.stringify(texts(read)) === JSON.stringify(texts(first));
    const boxes = JSON.stringify(read) === JSON.stringify(first);
    const had = new Set(texts(first));
    const has = new Set(texts(read));
    console.log(
      `${name.padEnd(12)} median ${seconds[Math.floor(seconds.length / 2)]!.toFixed(2)} s for ${strips.length} strips (${seconds.map((s) => s.toFixed(2)).join(', ')}); ` +
        (same
          ? `the same words${boxes ? ', boxes and confidences' : ' (boxes or confidences moved)'}`
          : `other words: lost ${texts(first)
              .filter((t) => !has.has(t))
              .join(' ')} · new ${texts(read)
              .filter((t) => !had.has(t))
              .join(' ')}`),
    );
  }
}

// Run only when called itself: the bench runner imports every file here and looks for `bench`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
