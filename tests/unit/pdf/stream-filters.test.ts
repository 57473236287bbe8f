import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { inflatedSizeWithinLimits } from '../../../functions/adapters/pdf/limits';
import { inspectPdf } from '../../../functions/adapters/pdf/pdf-document';
import {
  ascii85Decode,
  asciiHexDecode,
  lzwDecode,
  runLengthDecode,
} from '../../../functions/adapters/pdf/stream-filters';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { PDF_FAILURE_MESSAGES, PDF_LIMITS } from '../../../functions/domain/statement-failures';
import {
  deflatedZerosOf,
  encodedStreamPdf,
  lzwEncode,
  lzwZeros,
  runLengthZeros,
  streamObject,
} from '../../support/hostile-pdf';

/**
 * Every filter that makes a PDF stream larger is decoded ahead of pdf.js with the same ceilings as Flate
 * (PDF_LIMITS: 64 MB a stream, 256 MB a document), and a Flate stream hidden behind another filter or a
 * /Filter reference is found. Each hostile PDF is made here byte by byte, small, and refused with the
 * family's words before pdf.js parses it; the decoders are checked against the PDF specification's own
 * examples and against pdf.js, which reads the same streams as text.
 */
const refusal = { ok: false, reason: 'too_large_to_read', message: PDF_FAILURE_MESSAGES.too_large_to_read };
const past = PDF_LIMITS.inflatedBytesPerStream + 1024 * 1024;
const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

async function expectRefused(pdf: Buffer, maxFileBytes: number) {
  expect(pdf.length).toBeLessThan(maxFileBytes);
  expect(inflatedSizeWithinLimits(new Uint8Array(pdf))).toBe(false);
  expect(await inspectPdf(new Uint8Array(pdf))).toEqual(refusal);
  expect(await extractTextLayer(new Uint8Array(pdf))).toEqual(refusal);
}

/** A page's content stream drawing `words` lines, as pdf.js reads it after the filter. */
function pageContent(lines: number): string {
  const shown = Array.from(
    { length: lines },
    (_, i) => `BT /F1 9 Tf 40 ${800 - (i % 80) * 9} Td (Line ${i} pays ${(i * 37) % 1000}.${i % 100}) Tj ET`,
  );
  return shown.join('\n');
}
const fontObject = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

describe('the decoders, against the PDF specification and pdf.js', () => {
  it('LZW: the specification example (7.4.4.2) decodes to its bytes', () => {
    const encoded = new Uint8Array([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect([...lzwDecode(encoded, 100)]).toEqual([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]);
  });

  it('ASCII85, ASCIIHex and run-length decode their textbook examples', () => {
    expect(Buffer.from(ascii85Decode(text('9jqo^~>'), 100)).toString('latin1')).toBe('Man ');
    expect([...ascii85Decode(text('z!!~>'), 100)]).toEqual([0, 0, 0, 0, 0]);
    expect(Buffer.from(asciiHexDecode(text('48 65 6C6c 6F7>'), 100)).toString('latin1')).toBe('Hellop');
    expect([...runLengthDecode(new Uint8Array([2, 1, 2, 3, 253, 9, 128, 7]), 100)]).toEqual([
      1, 2, 3, 9, 9, 9, 9,
    ]);
  });

  it('LZW past the 9-, 10- and 11-bit code widths decodes what pdf.js reads as text', async () => {
    const content = pageContent(400);
    const encoded = lzwEncode(Buffer.from(content, 'latin1'));
    expect(Buffer.from(lzwDecode(encoded, 1_000_000)).toString('latin1')).toBe(content);
    const pdf = pdfWithFont('/LZWDecode', encoded);
    expect(inflatedSizeWithinLimits(new Uint8Array(pdf))).toBe(true);
    const read = await extractTextLayer(new Uint8Array(pdf));
    if (!read.ok) throw new Error(read.message);
    expect(read.blocks.some((b) => b.Text === 'Line 399 pays 763.99')).toBe(true);
  });

  it('a statement-sized page under every filter chain is within the limits', () => {
    const content = Buffer.from(pageContent(80), 'latin1');
    const hex = Buffer.from(`${content.toString('hex')}>`, 'latin1');
    for (const [filter, data] of [
      ['/LZWDecode', lzwEncode(content)],
      ['/ASCIIHexDecode', hex],
      ['[/ASCIIHexDecode /LZWDecode]', Buffer.from(`${lzwEncode(content).toString('hex')}>`, 'latin1')],
    ] as const)
      expect(inflatedSizeWithinLimits(new Uint8Array(pdfWithFont(filter, data))), filter).toBe(true);
  });
});

function pdfWithFont(filter: string, data: Buffer): Buffer {
  return encodedStreamPdf(filter, data, [fontObject], '<< /Font << /F1 5 0 R >> >>');
}

describe('hostile streams under every filter are refused, too large to read', () => {
  it('LZW: under 100 KB that decode to 65 MB', async () => {
    const bomb = lzwZeros(past);
    // The encoder's own output decodes to zeros, as many as asked (within one run).
    const small = lzwDecode(lzwZeros(100_000), 200_000);
    expect(small.length).toBeGreaterThanOrEqual(100_000);
    expect(small.every((b) => b === 0)).toBe(true);
    await expectRefused(encodedStreamPdf('/LZWDecode', bomb), 100_000);
  }, 60_000);

  it('run-length: 1 MB that decode to 65 MB', async () => {
    await expectRefused(encodedStreamPdf('/RunLengthDecode', runLengthZeros(past)), 1_200_000);
  }, 60_000);

  it('a flate bomb behind ASCII85 (a scan for Flate alone reads past it)', async () => {
    const flate = await deflatedZerosOf(past);
    await expectRefused(encodedStreamPdf('[/ASCII85Decode /FlateDecode]', ascii85(flate)), 200_000);
  }, 60_000);

  it('a flate bomb behind ASCIIHex, in the abbreviated names', async () => {
    const flate = await deflatedZerosOf(past);
    const hex = Buffer.from(`${flate.toString('hex')}>`, 'latin1');
    await expectRefused(encodedStreamPdf('[/AHx /Fl]', hex), 300_000);
  }, 60_000);

  it('a flate bomb whose /Filter is a reference to another object', async () => {
    const flate = await deflatedZerosOf(past);
    await expectRefused(encodedStreamPdf('5 0 R', flate, ['[/FlateDecode]']), 200_000);
  }, 60_000);

  it('ASCII85 alone (four bytes a character) and ASCIIHex alone, past a lowered ceiling', () => {
    const zs = Buffer.from(`${'z'.repeat(300_000)}~>`, 'latin1');
    const limits = { perStream: 1_000_000, perDocument: 4_000_000 };
    expect(inflatedSizeWithinLimits(new Uint8Array(encodedStreamPdf('/ASCII85Decode', zs)), limits)).toBe(
      false,
    );
    expect(
      inflatedSizeWithinLimits(new Uint8Array(encodedStreamPdf('/A85', zs.subarray(0, 1000))), limits),
    ).toBe(true);
    const hex = Buffer.from(`${'00'.repeat(1_100_000)}>`, 'latin1');
    expect(inflatedSizeWithinLimits(new Uint8Array(encodedStreamPdf('/ASCIIHexDecode', hex)), limits)).toBe(
      false,
    );
  });

  it('streams each under the ceiling, past the per-document one together (LZW)', () => {
    const one = lzwZeros(3_000_000);
    // Five streams of 3 MB each, 15 MB in all, against a 10 MB document ceiling (and a 20 MB one).
    const streams = encodedStreamPdf(
      '/LZWDecode',
      one,
      Array.from({ length: 4 }, () => streamObject('/LZWDecode', one)),
    );
    expect(
      inflatedSizeWithinLimits(new Uint8Array(streams), { perStream: 4_000_000, perDocument: 10_000_000 }),
    ).toBe(false);
    expect(
      inflatedSizeWithinLimits(new Uint8Array(streams), { perStream: 4_000_000, perDocument: 20_000_000 }),
    ).toBe(true);
  });
});

/** ASCII85 of `bytes` (groups of four to five characters, `z` for four zeros). */
function ascii85(bytes: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const chunk = Buffer.alloc(4);
    bytes.copy(chunk, 0, i, Math.min(i + 4, bytes.length));
    const n = Math.min(4, bytes.length - i);
    let value = chunk.readUInt32BE(0);
    if (value === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

describe('an encrypted statement (an owner password only, as banks send them) is not decoded ahead', () => {
  it('its streams are ciphertext: never read as data, so never refused for what noise would decode to', async () => {
    const doc = new PDFDocument({ ownerPassword: 'owner', pdfVersion: '1.7', autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
    for (let page = 0; page < 40; page++) doc.addPage().fontSize(9).text(pageContent(60), 40, 40);
    doc.end();
    const pdf = await done;
    expect(pdf.toString('latin1')).toMatch(/\/Encrypt \d+ 0 R/);
    expect(inflatedSizeWithinLimits(new Uint8Array(pdf))).toBe(true);
    expect(await inspectPdf(new Uint8Array(pdf))).toMatchObject({ ok: true, pages: 40 });
  }, 60_000);
});
