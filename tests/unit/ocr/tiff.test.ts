import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../functions/adapters/ocr/engine';
import { greyTiff, pgmAsTiff } from '../../../functions/adapters/ocr/tiff';

/** Printed words as a grey PGM (P5), as the renderer hands a page to the recogniser, and as a PNG. */
async function printed(): Promise<{ pgm: Buffer; png: Buffer }> {
  const width = 900;
  const height = 160;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = '48px sans-serif';
  context.fillText('STANDING ORDER 650.00', 30, 100);
  const rgba = context.getImageData(0, 0, width, height).data;
  const grey = Buffer.alloc(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4] ?? 255;
  return {
    pgm: Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), grey]),
    png: await canvas.encode('png'),
  };
}

const wordsOf = (page: Awaited<ReturnType<OcrEngine['recognise']>>) =>
  (page.blocks ?? []).flatMap((b) =>
    b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => [w.text, w.bbox]))),
  );

describe('page images go to the recogniser as uncompressed TIFF', () => {
  const engine = new OcrEngine({ workers: 1 });
  afterAll(() => engine.close());

  it('a grey PGM becomes a TIFF of the same size and pixels', async () => {
    const { pgm } = await printed();
    const tiff = pgmAsTiff(pgm);
    expect(tiff.subarray(0, 4).toString('latin1')).toBe('II*\0');
    // ImageWidth and ImageLength, the first two entries of the directory at byte 8.
    expect(tiff.readUInt32LE(8 + 2 + 8)).toBe(900);
    expect(tiff.readUInt32LE(8 + 2 + 12 + 8)).toBe(160);
    const pixels = pgm.subarray(pgm.length - 900 * 160);
    expect(tiff.subarray(tiff.length - 900 * 160).equals(pixels)).toBe(true);
    expect(greyTiff(900, 160, pixels).equals(tiff)).toBe(true);
  });

  it('anything that is not a grey PGM is passed on as it is', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pgmAsTiff(png)).toBe(png);
    const cut = Buffer.from('P5\n900 160\n255\nshort', 'latin1');
    expect(pgmAsTiff(cut)).toBe(cut);
  });

  it('the recogniser reads the TIFF as it reads the same page as a PNG: the same words in the same places', async () => {
    const { pgm, png } = await printed();
    const fromTiff = wordsOf(await engine.recognise(pgm)); // recognise() sends a PGM as a TIFF
    const fromPng = wordsOf(await engine.recognise(png));
    expect(fromTiff.map(([text]) => text).join(' ')).toBe('STANDING ORDER 650.00');
    expect(fromTiff).toEqual(fromPng);
  });
});
