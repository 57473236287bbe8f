import type { Block } from '../../../functions/domain/statement/blocks';

/**
 * Hand-built Textract-shaped blocks for reader tests: a page is 600 × 800 points, text is 9 pt, and each
 * character is 5 points wide. A cell is [x, text] (left-aligned at x) or [x, text, 'r'] (right edge at x).
 */
export type CellSpec = [x: number, text: string, align?: 'r'];
export type LineSpec = [y: number, cells: CellSpec[]];

const WIDTH = 600;
const HEIGHT = 800;
const CHAR = 5;
const SIZE = 9;

let counter = 0;

export function pageBlocks(lines: readonly LineSpec[], page = 1, options: { words?: boolean } = {}): Block[] {
  const blocks: Block[] = [];
  const lineIds: string[] = [];
  for (const [y, cells] of lines) {
    for (const [x, text, align] of cells) {
      const left = align === 'r' ? x - text.length * CHAR : x;
      const lineId = `L${++counter}`;
      lineIds.push(lineId);
      const wordIds: string[] = [];
      if (options.words !== false) {
        for (const m of text.matchAll(/\S+/g)) {
          const id = `W${++counter}`;
          wordIds.push(id);
          blocks.push({
            BlockType: 'WORD',
            Id: id,
            Text: m[0],
            Page: page,
            Geometry: {
              BoundingBox: {
                Left: (left + m.index * CHAR) / WIDTH,
                Top: y / HEIGHT,
                Width: (m[0].length * CHAR) / WIDTH,
                Height: SIZE / HEIGHT,
              },
            },
          });
        }
      }
      blocks.push({
        BlockType: 'LINE',
        Id: lineId,
        Text: text,
        Page: page,
        Geometry: {
          BoundingBox: {
            Left: left / WIDTH,
            Top: y / HEIGHT,
            Width: (text.length * CHAR) / WIDTH,
            Height: SIZE / HEIGHT,
          },
        },
        ...(wordIds.length ? { Relationships: [{ Type: 'CHILD' as const, Ids: wordIds }] } : {}),
      });
    }
  }
  blocks.unshift({
    BlockType: 'PAGE',
    Id: `P${++counter}`,
    Page: page,
    Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
    Relationships: [{ Type: 'CHILD', Ids: lineIds }],
  });
  return blocks;
}

/** Table rows from y0 down, `pitch` points apart. */
export function rowsFrom(y0: number, pitch: number, rows: readonly CellSpec[][]): LineSpec[] {
  return rows.map((cells, i) => [y0 + i * pitch, cells]);
}

/** A common heading: Date | Description | Money out | Money in | Balance. */
export const HEADING: CellSpec[] = [
  [40, 'Date'],
  [110, 'Description'],
  [400, 'Money out', 'r'],
  [480, 'Money in', 'r'],
  [560, 'Balance', 'r'],
];

/** A row for HEADING. */
export function row(
  date: string,
  description: string,
  out: string,
  moneyIn: string,
  balance: string,
): CellSpec[] {
  const cells: CellSpec[] = [];
  if (date) cells.push([40, date]);
  if (description) cells.push([110, description]);
  if (out) cells.push([400, out, 'r']);
  if (moneyIn) cells.push([480, moneyIn, 'r']);
  if (balance) cells.push([560, balance, 'r']);
  return cells;
}
