import { readPgm } from './strips';
import type { OcrBox } from './textract-shape';

/** A pixel darker than this counts as ink (as strips.ts). */
export const INK_BELOW = 160;

/** A page image's pixels, read where the recognised words' boxes say (greyscale, 255 paper, 0 ink). */
export interface Pixels {
  width: number;
  height: number;
  /** The grey of (x, y); paper outside the image. */
  grey(x: number, y: number): number;
  ink(x: number, y: number): boolean;
}

/** The PGM image's pixels, or null when it is no PGM. */
export function pixelsOf(image: Buffer): Pixels | null {
  const pgm = readPgm(image);
  if (!pgm) return null;
  const { width, height, offset } = pgm;
  const grey = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 255 : (image[offset + y * width + x] ?? 255);
  return { width, height, grey, ink: (x, y) => grey(x, y) < INK_BELOW };
}

/** The runs of ink along row y from x0 to x1 (inclusive), as [first, last] columns. */
export function inkRuns(pixels: Pixels, y: number, x0: number, x1: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let x = Math.floor(x0); x <= Math.ceil(x1); x++) {
    if (!pixels.ink(x, y)) continue;
    const last = runs.at(-1);
    if (last && last[1] === x - 1) last[1] = x;
    else runs.push([x, x]);
  }
  return runs;
}

/** Whether a row of the box's columns holds no ink. */
export function blankRow(pixels: Pixels, y: number, box: OcrBox): boolean {
  return inkRuns(pixels, y, box.x0, box.x1).length === 0;
}

export const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
