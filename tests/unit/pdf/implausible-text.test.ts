import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { implausibleText, unreadableText } from '../../../functions/adapters/pdf/unreadable-text';
import { CORPUS, generateCorpusStatement } from '../../fixtures/statements/corpus';
import { generateBigStatement, generateStatement, LAYOUTS } from '../../fixtures/statements/generate';
import { VARIATIONS } from '../../fixtures/statements/variations';

/**
 * A text layer of printable characters, all wrong: a font whose ToUnicode map gives other letters, digits
 * or symbols than its glyphs show (firecrawl/pdf-inspector#118, yfedoseev/pdf_oxide#99; pdf-traits.ts
 * 'class-shifted-tounicode' and 'rotated-tounicode'). Such a page's words are not words: it is read from
 * its image, as a page of glyph codes is. A statement's own text never is (a false alarm costs seconds of
 * OCR a page).
 */
const SHARED = join(import.meta.dirname, '../../../../shared/fixtures');

const PAGE = [
  'Your Barclays Bank Account statement',
  'Sort code 20-00-00 Account number 12345678',
  'Statement date 31 January 2025',
  'Date Description Money out Money in Balance',
  'Start balance 1,234.56',
  '03 Jan Card payment to TESCO STORES 2841 12.50 1,222.06',
  '04 Jan Direct debit to BRITISH GAS 64.00 1,158.06',
  '06 Jan Bill payment from J SMITH ref RENT 450.00 1,608.06',
  '09 Jan Card payment to AMAZON.CO.UK*2K4LM8 23.99 1,584.07',
  '12 Jan Standing order to SAVINGS ACCOUNT 100.00 1,484.07',
  '15 Jan Card payment to SAINSBURYS S/MKTS 45.12 1,438.95',
  '20 Jan Received from ACME LTD SALARY 2,150.00 3,588.95',
  'End balance 3,588.95',
  'Barclays Bank UK PLC. Authorised by the Prudential Regulation Authority.',
];

/** Each class of characters moved its own way (pdf-inspector#118: lower case −15, capitals −11, digits −13). */
const classShifted = (text: string) =>
  text.replace(/[a-z]|[A-Z]|\d/g, (c) => {
    const p = c.charCodeAt(0);
    return String.fromCharCode(/[a-z]/.test(c) ? p - 15 : /[A-Z]/.test(c) ? p - 11 : p - 13);
  });
/** Each letter the one three on, each digit the one three on ('Wkh' for 'The', '45.83' for '12.50'). */
const rotated = (text: string) =>
  text.replace(/[a-z]|[A-Z]|\d/g, (c) => {
    const first = /[a-z]/.test(c) ? 97 : /[A-Z]/.test(c) ? 65 : 48;
    const size = first === 48 ? 10 : 26;
    return String.fromCharCode(first + ((c.charCodeAt(0) - first + 3) % size));
  });
/** Letters and digits swapped among themselves in a fixed order (a map made for another subset of the font). */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SHUFFLED = [...ALNUM].map((_, i) => ALNUM[(i * 17 + 5) % ALNUM.length]).join('');
const scrambled = (text: string) => text.replace(/[A-Za-z0-9]/g, (c) => SHUFFLED[ALNUM.indexOf(c)] ?? c);

describe('implausibleText: printable characters, all wrong', () => {
  it('a statement page read through a wrong map is not words', () => {
    expect(implausibleText(PAGE)).toBe(false);
    expect(implausibleText(PAGE.map(classShifted))).toBe(true);
    expect(implausibleText(PAGE.map(rotated))).toBe(true);
    expect(implausibleText(PAGE.map(scrambled))).toBe(true);
    // And such a page is unreadable, as one of glyph codes is.
    expect(unreadableText(PAGE.map(rotated))).toBe(true);
  });

  it('a few lines are too few to judge', () => {
    expect(implausibleText(PAGE.slice(0, 3).map(rotated))).toBe(false);
  });

  it("other people's documents read by Textract are words (a pay slip, a 10-Q, a lending file ...)", () => {
    const dir = join(SHARED, 'textract');
    if (!existsSync(dir)) return;
    let judged = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const response = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        Blocks?: Array<{ BlockType?: string; Page?: number; Text?: string }>;
      };
      const pages = new Map<number, string[]>();
      for (const b of response.Blocks ?? [])
        if (b.BlockType === 'LINE') pages.set(b.Page ?? 1, [...(pages.get(b.Page ?? 1) ?? []), b.Text ?? '']);
      for (const [page, lines] of pages) {
        expect(implausibleText(lines), `${file} page ${page}`).toBe(false);
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(3);
  });
});

describe('no statement of the fixtures is sent to OCR', { timeout: 600_000 }, () => {
  it('every generated layout, corpus layout, variation and real statement: no page unreadable', async () => {
    const pdfs: Array<[string, Uint8Array]> = [];
    for (const layout of LAYOUTS) pdfs.push([layout, new Uint8Array((await generateStatement(layout)).pdf)]);
    pdfs.push(['big', new Uint8Array((await generateBigStatement()).pdf)]);
    for (const layout of CORPUS)
      pdfs.push([layout.name, new Uint8Array((await generateCorpusStatement(layout.name)).pdf)]);
    for (const [trait, name, change] of VARIATIONS) {
      const base = CORPUS.find((l) => l.name === name)!;
      const label = `${name}: ${trait}`;
      pdfs.push([
        label,
        new Uint8Array((await generateCorpusStatement({ ...base, ...change, name: label })).pdf),
      ]);
    }
    const real = join(SHARED, 'statements-real');
    if (existsSync(real))
      for (const file of readdirSync(real).filter((f) => f.endsWith('.pdf')))
        pdfs.push([file, new Uint8Array(readFileSync(join(real, file)))]);
    const sent: string[] = [];
    for (const [name, pdf] of pdfs) {
      const text = await extractTextLayer(pdf);
      if (!text.ok) throw new Error(`${name}: ${text.message}`);
      if (text.unreadablePages?.length) sent.push(`${name} ${text.unreadablePages.join(',')}`);
    }
    expect(sent).toEqual([]);
    expect(pdfs.length).toBeGreaterThan(80);
  });
});
