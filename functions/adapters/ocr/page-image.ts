import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
} from 'pdf-lib';

/**
 * The JPEG a scanned page is, when the page is nothing but one JPEG laid over the whole page (what scanners
 * and most "scan to PDF" apps write). Such a page is decoded natively (@napi-rs/canvas, libjpeg-turbo) instead
 * of drawn by pdf.js, whose JavaScript JPEG decoder spends about half a second of CPU on a 300 dpi A4 page.
 * Anything else on the page, or any doubt about how the image is placed or coloured, gives null, and the
 * page is drawn by pdf.js as before: a rotated page, a crop box, text or fonts, more than one image, masks,
 * a Decode array, 16-bit, CMYK or an ICC profile, an image not covering the page upright.
 * pdf-lib reads the PDF's objects (the raw stream bytes); it never decodes the image itself.
 */
export type ScanPageImages = (pageNumber: number) => Uint8Array | null;

const name = (value: string) => PDFName.of(value);

/** The PDF's pages as their JPEGs where they are one (null: none could be read this way). */
export async function scanPageImages(bytes: Uint8Array): Promise<ScanPageImages | null> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  const pages = document.getPages();
  return (pageNumber) => {
    const page = pages[pageNumber - 1];
    if (!page) return null;
    try {
      return pageJpeg(document, page.node);
    } catch {
      return null;
    }
  };
}

type PageNode = ReturnType<PDFDocument['getPages']>[number]['node'];

function pageJpeg(document: PDFDocument, node: PageNode): Uint8Array | null {
  const { context } = document;
  const rotate = node.Rotate()?.asNumber() ?? 0;
  if (rotate % 360 !== 0) return null;
  const mediaBox = boxOf(node.MediaBox());
  const cropBox = node.CropBox();
  if (!mediaBox || (cropBox && !sameBox(boxOf(cropBox), mediaBox))) return null;
  const resources = node.Resources();
  if (!resources || resources.lookupMaybe(name('Font'), PDFDict)) return null;
  const xObjects = resources.lookupMaybe(name('XObject'), PDFDict);
  const entries = xObjects?.entries() ?? [];
  if (entries.length !== 1) return null;
  const [imageName, ref] = entries[0] as [PDFName, PDFObject];
  const image = context.lookup(ref);
  if (!(image instanceof PDFRawStream)) return null;
  const dict = image.dict;
  const filter = dict.get(name('Filter'));
  const isJpeg =
    filter === name('DCTDecode') ||
    (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === name('DCTDecode'));
  const colourSpace = dict.get(name('ColorSpace'));
  if (
    dict.get(name('Subtype')) !== name('Image') ||
    !isJpeg ||
    dict.get(name('DecodeParms')) ||
    dict.get(name('Decode')) ||
    dict.get(name('SMask')) ||
    dict.get(name('Mask')) ||
    dict.get(name('ImageMask')) ||
    numberOf(dict.get(name('BitsPerComponent'))) !== 8 ||
    (colourSpace !== name('DeviceGray') && colourSpace !== name('DeviceRGB'))
  )
    return null;
  // The page's content must only place that image: q, Q, cm and one Do, covering the page upright.
  const contents = node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => context.lookup(r)) : [contents];
  let program = '';
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) return null;
    program += `${Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')}\n`;
  }
  const placed = placement(program, imageName.asString());
  if (!placed) return null;
  const [a, b, c, d, e, f] = placed;
  const close = (x: number, y: number) => Math.abs(x - y) <= Math.max(1, Math.abs(y) * 0.005);
  if (
    !close(b, 0) ||
    !close(c, 0) ||
    !close(a, mediaBox.width) ||
    !close(d, mediaBox.height) ||
    !close(e, mediaBox.x) ||
    !close(f, mediaBox.y)
  )
    return null;
  return image.contents;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxOf(value: PDFArray | undefined): Box | null {
  if (value?.size() !== 4) return null;
  const [x0, y0, x1, y1] = value.asArray().map(numberOf);
  if ([x0, y0, x1, y1].some((n) => n === null)) return null;
  return {
    x: Math.min(x0 as number, x1 as number),
    y: Math.min(y0 as number, y1 as number),
    width: Math.abs((x1 as number) - (x0 as number)),
    height: Math.abs((y1 as number) - (y0 as number)),
  };
}

const sameBox = (a: Box | null, b: Box) =>
  !!a && [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].every((d) => Math.abs(d) < 0.5);

const numberOf = (value: PDFObject | undefined): number | null =>
  value instanceof PDFNumber ? value.asNumber() : null;

type Matrix = [number, number, number, number, number, number];

/** [m] then [n]: the matrix `m` concatenated onto the current one `n` (PDF's `cm`). */
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * The transformation in effect where the content draws the image, when the content is only q, Q, cm and a
 * single `/name Do` (null for anything else: text, paths, another image, a second Do).
 */
export function placement(program: string, imageName: string): Matrix | null {
  const tokens = program.split(/\s+/).filter(Boolean);
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const operands: string[] = [];
  let drawn: Matrix | null = null;
  for (const token of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token) || token.startsWith('/')) {
      operands.push(token);
      continue;
    }
    if (token === 'q' && !operands.length) stack.push(ctm);
    else if (token === 'Q' && !operands.length) {
      const previous = stack.pop();
      if (!previous) return null;
      ctm = previous;
    } else if (token === 'cm' && operands.length === 6) {
      ctm = times(operands.map(Number) as Matrix, ctm);
    } else if (
      token === 'Do' &&
      operands.length === 1 &&
      !drawn &&
      operands[0] === `/${imageName.replace(/^\//, '')}`
    ) {
      drawn = ctm;
    } else return null;
    operands.length = 0;
  }
  return operands.length ? null : drawn;
}
