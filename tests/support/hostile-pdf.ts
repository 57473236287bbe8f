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
