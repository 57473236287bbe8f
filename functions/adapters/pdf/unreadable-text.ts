/**
 * A text layer that is there but cannot be read. A font embedded without a usable ToUnicode map draws its
 * glyphs correctly, but a text extractor can only give each glyph's code: pdf.js gives the codes as they are
 * (control characters, '\u0001\u0002\u0003'), or private-use code points for glyphs it cannot name; pdfminer
 * and pdfplumber print them as '(cid:3)' (pdfminer/pdfminer.six#447, #368; jsvine/pdfplumber#249, #424; a
 * bank's statement, mozilla/pdf.js#12581). A map shifted by the font's glyph order gives letters for letters
 * and control characters for digits and spaces ('7KHGDQFHUV' for 'The dancers': pymupdf/PyMuPDF#3799,
 * firecrawl/pdf-inspector#118). Either way the page looks like text and reads as nonsense: it is read from
 * its image instead, as a scan is.
 *
 * No pdf.js here: the pipeline's later steps use the warning without loading the PDF adapter.
 */

/**
 * Characters no printed statement is made of: control characters (glyph codes given as they are; tab, line
 * feed and carriage return are left to the whitespace), private-use code points and the replacement character.
 */
function unmapped(char: string): boolean {
  const c = char.codePointAt(0) ?? 0;
  return (
    (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
    (c >= 0x7f && c <= 0x9f) ||
    (c >= 0xe000 && c <= 0xf8ff) ||
    c === 0xfffd
  );
}
/** A glyph code as pdfminer prints it ('(cid:87)'), should such text ever be given as the page's text. */
const CID = /\(cid:\d+\)/g;

/** Fewer printed characters than this are too few to judge (a page number, a stamp). */
export const UNREADABLE_MIN_CHARS = 20;
/** The share of a page's printed characters that, unmapped, make the page unreadable. */
export const UNREADABLE_SHARE = 0.1;

/**
 * Whether a page's text (its text items' strings) is a font's glyph codes rather than its characters: at
 * least UNREADABLE_MIN_CHARS printed characters, of which at least UNREADABLE_SHARE are unmapped. A clean
 * page's few symbols (a bullet from a symbol font in the private-use area) are far below that share.
 */
export function unreadableText(texts: readonly string[]): boolean {
  let printed = 0;
  let codes = 0;
  for (const text of texts) {
    const cids = text.match(CID)?.length ?? 0;
    const rest = cids ? text.replace(CID, '') : text;
    codes += cids + [...rest].filter(unmapped).length;
    printed += cids + rest.replace(/\s/gu, '').length;
  }
  return printed >= UNREADABLE_MIN_CHARS && codes >= UNREADABLE_SHARE * printed;
}

const pageList = (pages: readonly number[]) =>
  pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;

/** The reading's warning for the pages read from their image because their text layer could not be read. */
export function unreadablePagesWarning(pages: readonly number[]): string {
  return `The text of ${pageList(pages)} could not be read from the PDF (its font gives no characters), so ${pages.length === 1 ? 'it was' : 'they were'} read from the page image, as a scan is.`;
}
