/**
 * An 8-bit grey image as an uncompressed TIFF, the form the recogniser (Leptonica, in WebAssembly) takes
 * in fastest: its PGM reader goes through the pixels a number at a time and costs about a quarter of a
 * second more on a 300 dpi A4 page, for the same pixels. A binary PGM (P5) given to `pgmAsTiff` becomes
 * the same picture as a TIFF; anything else is returned as it is.
 */
const TAGS = 9;
const IFD_AT = 8;
const PIXELS_AT = IFD_AT + 2 + TAGS * 12 + 4;

/** Little-endian, one strip, no compression, BlackIsZero. */
export function greyTiff(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(PIXELS_AT);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(IFD_AT, 4);
  header.writeUInt16LE(TAGS, IFD_AT);
  const SHORT = 3;
  const LONG = 4;
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, LONG, width], // ImageWidth
    [257, LONG, height], // ImageLength
    [258, SHORT, 8], // BitsPerSample
    [259, SHORT, 1], // Compression: none
    [262, SHORT, 1], // PhotometricInterpretation: BlackIsZero
    [273, LONG, PIXELS_AT], // StripOffsets
    [277, SHORT, 1], // SamplesPerPixel
    [278, LONG, height], // RowsPerStrip
    [279, LONG, width * height], // StripByteCounts
  ];
  entries.forEach(([tag, type, value], i) => {
    const at = IFD_AT + 2 + i * 12;
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(1, at + 4);
    if (type === SHORT) header.writeUInt16LE(value, at + 8);
    else header.writeUInt32LE(value, at + 8);
  });
  header.writeUInt32LE(0, IFD_AT + 2 + TAGS * 12); // no next IFD
  return Buffer.concat([header, pixels.subarray(0, width * height)]);
}

/** A binary PGM (P5, 8-bit) as the same picture in a TIFF; any other image as it is. */
export function pgmAsTiff(image: Buffer): Buffer {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 64).toString('latin1'));
  if (!header) return image;
  const width = Number(header[1]);
  const height = Number(header[2]);
  const offset = header[0].length;
  if (!width || !height || image.length < offset + width * height) return image;
  return greyTiff(width, height, image.subarray(offset, offset + width * height));
}
