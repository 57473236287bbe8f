import { constants, createDeflate } from 'node:zlib';

/**
 * Hostile PDFs, built byte by byte (no PDF library would write them): tiny files that cost a reader far more
 * than their size. Each is a well-formed PDF with a correct cross-reference table.
 */
function assemble(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(body);
    length += body.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** `count` blank pages of `side` × `side` points (3,000 pt is 1.06 m): about a kilobyte. */
export function hugePagesPdf(count = 5, side = 3000): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${3 + i} 0 R`).join(' ');
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...Array.from({ length: count }, () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side} ${side}] >>`),
  ]);
}

/** Zeros deflated as they are produced (never `inflated` bytes in memory at once). */
async function deflatedZeros(inflated: number): Promise<Buffer> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < inflated; written += block.length) {
    const piece = Math.min(block.length, inflated - written);
    if (!deflate.write(piece === block.length ? block : block.subarray(0, piece)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A one-page A4 PDF whose page content is `streams` FlateDecode streams of `inflatedEach` zero bytes each:
 * a "flate bomb", a few hundred kilobytes that inflate to hundreds of megabytes.
 */
export async function flateBombPdf(inflatedEach: number, streams = 1): Promise<Buffer> {
  const data = await deflatedZeros(inflatedEach);
  const contents = Array.from({ length: streams }, (_, i) => `${4 + i} 0 R`).join(' ');
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [${contents}] >>`,
    ...Array.from({ length: streams }, () =>
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    ),
  ]);
}

/**
 * A one-page A4 PDF whose page content is one stream of `data` under `filter` (a /Filter value as written in
 * the dictionary: `/LZWDecode`, `[/ASCII85Decode /FlateDecode]`, or a reference `5 0 R`), with `extra`
 * objects after it (from 5: the object a reference names, a font, more streams) and the page's /Resources.
 */
export function encodedStreamPdf(
  filter: string,
  data: Buffer,
  extra: Array<string | Buffer> = [],
  resources = '',
): Buffer {
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R${resources ? ` /Resources ${resources}` : ''} >>`,
    Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    ...extra,
  ]);
}

/** Zeros deflated (as flateBombPdf's), for wrapping in another filter. */
export const deflatedZerosOf = (inflated: number) => deflatedZeros(inflated);

/** LZW-encoded bytes (PDF 7.4.4: 9–12-bit codes, EarlyChange 1, a clear code when the table is full). */
export function lzwEncode(input: Uint8Array): Buffer {
  const out: number[] = [];
  let bits = 0;
  let held = 0;
  let width = 9;
  const emit = (code: number) => {
    bits = (bits << width) | code;
    held += width;
    while (held >= 8) {
      out.push((bits >>> (held - 8)) & 0xff);
      held -= 8;
    }
    bits &= (1 << held) - 1;
  };
  let table = new Map<string, number>();
  let next = 258;
  const reset = () => {
    table = new Map();
    next = 258;
    width = 9;
  };
  emit(256);
  let current = -1;
  for (const byte of input) {
    if (current < 0) {
      current = byte;
      continue;
    }
    const key = `${current},${byte}`;
    const found = table.get(key);
    if (found !== undefined) {
      current = found;
      continue;
    }
    emit(current);
    table.set(key, next++);
    if (next >= 1 << width && width < 12) width++;
    if (next >= 4094) {
      emit(256);
      reset();
    }
    current = byte;
  }
  if (current >= 0) emit(current);
  emit(257);
  if (held) out.push((bits << (8 - held)) & 0xff);
  return Buffer.from(out);
}

/** Run-length-encoded zeros: each two bytes repeat a zero 128 times. */
export function runLengthZeros(decoded: number): Buffer {
  const runs = Math.ceil(decoded / 128);
  const out = Buffer.alloc(runs * 2 + 1);
  for (let i = 0; i < runs; i++) out[i * 2] = 129;
  out[runs * 2] = 128;
  return out;
}

/** A stream object of `data` under `filter` (for encodedStreamPdf's extra objects). */
export function streamObject(filter: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * At least `decoded` zeros LZW-encoded as an encoder writes them, without encoding each byte: after a zero,
 * each code names a run one longer than the last (258 two zeros, 259 three, …), the table cleared when full.
 * About 1,400 to 1: 65 MB in under 50 KB.
 */
export function lzwZeros(decoded: number): Buffer {
  const out: number[] = [];
  let bits = 0;
  let held = 0;
  let width = 9;
  const emit = (code: number) => {
    bits = (bits << width) | code;
    held += width;
    while (held >= 8) {
      out.push((bits >>> (held - 8)) & 0xff);
      held -= 8;
    }
    bits &= (1 << held) - 1;
  };
  emit(256);
  let written = 0;
  while (written < decoded) {
    // A fresh table: a zero, then runs of 2, 3, … zeros, each code adding the next entry.
    let next = 258;
    emit(0);
    written += 1;
    next++;
    if (next >= 1 << width) width++;
    for (let code = 258; next < 4094 && written < decoded; code++) {
      emit(code);
      written += code - 256;
      next++;
      if (next >= 1 << width && width < 12) width++;
    }
    emit(256);
    width = 9;
  }
  emit(257);
  if (held) out.push((bits << (8 - held)) & 0xff);
  return Buffer.from(out);
}
