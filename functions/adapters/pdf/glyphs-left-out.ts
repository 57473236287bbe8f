import type { PlacedGlyph } from './glyph-positions';
import { blank } from './glyph-text';

/**
 * Fewer visible characters than this on a page, and fewer than its invisible ones, make the invisible text
 * the page's own: a searchable scan (its words drawn invisibly over the image, perhaps with a short visible
 * stamp such as a page number).
 */
export const SCAN_VISIBLE_CHARS = 100;

/**
 * The glyphs a reader does not see and that would be read twice or read wrongly, by index:
 *  - a copy of a glyph already drawn: the same character, the same size, within a fraction of its width to
 *    the side and of the font size up or down. Bold simulated by overprinting draws every glyph (or whole
 *    strings) two or three times a fraction of a point apart ("TToottaall", pdfplumber's dedupe_chars,
 *    mozilla/pdf.js#7445). Two glyphs of a word ("ll") stand a whole glyph width apart and are kept.
 *  - invisible text (rendering mode 3 or 7) on a page that prints its text visibly (a born-digital
 *    statement's hidden screen-reader or search text). A page whose text is nearly all invisible is a
 *    searchable scan, and its invisible text is kept: it is the page's only text (SCAN_VISIBLE_CHARS).
 */
export function glyphsLeftOut(glyphs: readonly PlacedGlyph[]): Set<number> {
  const out = new Set<number>();
  let visible = 0;
  let invisible = 0;
  for (const glyph of glyphs) {
    if (glyph.inView === false || blank(glyph.text)) continue;
    if (glyph.visible === false) invisible += glyph.text.length;
    else visible += glyph.text.length;
  }
  const scan = visible < SCAN_VISIBLE_CHARS && visible < invisible;
  if (invisible && !scan)
    for (let index = 0; index < glyphs.length; index++) if (glyphs[index]!.visible === false) out.add(index);
  // Kept glyphs by character and baseline (rounded to a point), to find copies near each new one.
  const kept = new Map<string, Map<number, number[]>>();
  const copies = new Set<number>();
  const copied = new Set<number>();
  for (let index = 0; index < glyphs.length; index++) {
    const glyph = glyphs[index]!;
    if (out.has(index) || blank(glyph.text) || !glyph.horizontal || glyph.y === undefined) continue;
    const line = Math.round(glyph.y);
    let lines = kept.get(glyph.text);
    if (!lines) {
      lines = new Map();
      kept.set(glyph.text, lines);
    }
    const copy =
      copyOf(glyph, glyphs, lines.get(line - 1)) ??
      copyOf(glyph, glyphs, lines.get(line)) ??
      copyOf(glyph, glyphs, lines.get(line + 1));
    if (copy !== null) {
      copies.add(index);
      copied.add(copy);
      continue;
    }
    const list = lines.get(line);
    if (list) list.push(index);
    else lines.set(line, [index]);
  }
  // Overprinting repeats what an operation drew, whole: an operation whose glyphs are each a copy or copied
  // (a string drawn again, or 'TToottaall' in one array) loses its copies. Different text drawn over other
  // text, where only some glyphs happen to coincide, is left as it is.
  if (!copies.size) return out;
  const whole = new Map<number, boolean>();
  for (let index = 0; index < glyphs.length; index++) {
    const glyph = glyphs[index]!;
    if (blank(glyph.text) || out.has(index)) continue;
    const op = glyph.op ?? -1;
    whole.set(op, (whole.get(op) ?? true) && (copies.has(index) || copied.has(index)));
  }
  for (const index of copies) if (whole.get(glyphs[index]!.op ?? -1)) out.add(index);
  return out;
}

/** The first of `kept` (glyphs of the same text on one baseline) that `glyph` is a copy of, or null. */
function copyOf(
  glyph: PlacedGlyph,
  glyphs: readonly PlacedGlyph[],
  kept: readonly number[] | undefined,
): number | null {
  if (!kept) return null;
  const y = glyph.y ?? 0;
  for (const other of kept) {
    const first = glyphs[other]!;
    if (
      Math.abs(first.size - glyph.size) <= 0.05 * glyph.size &&
      Math.abs((first.y ?? 0) - y) <= 0.1 * glyph.size &&
      Math.abs(first.x - glyph.x) <= Math.min(0.3 * Math.abs(first.width), 0.15 * glyph.size)
    )
      return other;
  }
  return null;
}
