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
 * page's few symbols (a bullet from a symbol font in the private-use area) are far below that share. Or
 * printable characters, but the wrong ones (implausibleText).
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
  if (printed >= UNREADABLE_MIN_CHARS && codes >= UNREADABLE_SHARE * printed) return true;
  return implausibleText(texts);
}

/**
 * The hundred commonest letter pairs of English text (in words, any case). In a statement's words (payees,
 * headings, the bank's notices) they are three pairs in five or more, merchants' names and type codes
 * included; in letters turned into other letters by a wrong map, one in five or fewer.
 */
const COMMON_PAIRS = new Set(
  (
    'th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me ' +
    'de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us ac ot ' +
    'il tr ly nc et ut ss so rs un lo wa ge ie wh ee wi em ad ol rt po we na ul ni ts mo ow pa im mi ai sh'
  ).split(' '),
);

/** Fewer printed characters than this are too few to judge by their words (a page with a few lines). */
export const IMPLAUSIBLE_MIN_CHARS = 200;
/** Fewer letter pairs than this are too few to judge by them. */
const MIN_PAIRS = 60;
/** Words whose letter pairs are this rarely common ones are not words. */
const WORDS_SHARE = 0.35;
/** Nor, on a page without a single figure with pence, are words whose pairs are common this rarely. */
const WORDS_SHARE_WITHOUT_FIGURES = 0.5;

/**
 * Whether a page's text is printable but wrong: a font whose character map gives other characters than its
 * glyphs show ('Wkh' for 'The', letters shifted by a constant; every lower-case letter 15 code points low,
 * every capital 11, every digit 13, so that '12.50' comes out '$%.(#': firecrawl/pdf-inspector#118,
 * yfedoseev/pdf_oxide#99). At least IMPLAUSIBLE_MIN_CHARS printed characters (a table's worth), and its
 * words are not words: their letter pairs are rarely the common pairs of English, the more so when no figure
 * with pence is printed either (where a wrong map gives symbols for digits, no figure parses).
 */
export function implausibleText(texts: readonly string[]): boolean {
  let printed = 0;
  let pairs = 0;
  let common = 0;
  let figures = 0;
  for (const text of texts) {
    printed += text.replace(/\s/gu, '').length;
    figures += text.match(/\d\.\d\d(?!\d)/g)?.length ?? 0;
    for (const word of text.toLowerCase().split(/[^a-z]+/)) {
      for (let i = 0; i + 1 < word.length; i++) {
        pairs++;
        if (COMMON_PAIRS.has(word.slice(i, i + 2))) common++;
      }
    }
  }
  if (printed < IMPLAUSIBLE_MIN_CHARS) return false;
  if (pairs < MIN_PAIRS) return figures === 0;
  const share = common / pairs;
  return share < WORDS_SHARE || (figures === 0 && share < WORDS_SHARE_WITHOUT_FIGURES);
}

const pageList = (pages: readonly number[]) =>
  pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;

/** The reading's warning for the pages read from their image because their text layer could not be read. */
export function unreadablePagesWarning(pages: readonly number[]): string {
  return `The text of ${pageList(pages)} could not be read from the PDF (its font gives no characters, or the wrong ones), so ${pages.length === 1 ? 'it was' : 'they were'} read from the page image, as a scan is.`;
}
