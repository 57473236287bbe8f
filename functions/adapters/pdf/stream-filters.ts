import { constants, inflateRawSync } from 'node:zlib';

/**
 * A PDF stream's filters decoded here, ahead of pdf.js, each with a ceiling on what it may produce: pdf.js
 * decodes lazily and without a limit, and every one of these filters can make a small stream large (LZW about
 * 2,700 times, run-length 64 times, ASCII85 4 times, Flate about 1,000 times), or hide a Flate stream from a
 * scan that looks for Flate alone (`[/ASCII85Decode /FlateDecode]`). Past the ceiling a decoder stops at once
 * (`PastCeiling`) instead of producing more. The decoders follow the PDF 1.7 specification (7.4) and read
 * damaged data as leniently as pdf.js does: they stop where it stops making sense.
 */
export class PastCeiling extends Error {
  constructor() {
    super('A stream decodes past its ceiling');
  }
}

/** Bytes written up to `max`: one more is PastCeiling, before it is written. */
class Output {
  buffer: Uint8Array;
  length = 0;
  constructor(private readonly max: number) {
    this.buffer = new Uint8Array(Math.min(Math.max(max, 0) + 1, 64 * 1024));
  }
  /** Room for `n` more bytes. */
  private room(n: number): void {
    if (this.length + n > this.max) throw new PastCeiling();
    if (this.length + n <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(Math.min(size, this.max + 1));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
  push(byte: number): void {
    this.room(1);
    this.buffer[this.length++] = byte;
  }
  /** `count` copies of `byte`. */
  repeat(byte: number, count: number): void {
    this.room(count);
    this.buffer.fill(byte, this.length, this.length + count);
    this.length += count;
  }
  /** `count` bytes written before, from `at`, written again (they end before the end). */
  again(at: number, count: number): void {
    this.room(count);
    this.buffer.copyWithin(this.length, at, at + count);
    this.length += count;
  }
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;

/** ASCIIHexDecode: pairs of hex digits, white space ignored, `>` ends it; an odd last digit is followed by 0. */
export function asciiHexDecode(input: Uint8Array, max: number): Uint8Array {
  const out = new Output(max);
  let high = -1;
  for (const c of input) {
    if (c === 0x3e) break;
    const digit =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x41 && c <= 0x46
          ? c - 55
          : c >= 0x61 && c <= 0x66
            ? c - 87
            : -1;
    if (digit < 0) continue;
    if (high < 0) high = digit;
    else {
      out.push((high << 4) | digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.bytes();
}

/** ASCII85Decode: groups of five characters `!`..`u` to four bytes, `z` four zeros, `~>` ends it. */
export function ascii85Decode(input: Uint8Array, max: number): Uint8Array {
  const out = new Output(max);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group.length = 0;
  };
  for (const c of input) {
    if (c === 0x7e) break;
    if (isWhite(c)) continue;
    if (c === 0x7a && group.length === 0) {
      for (let i = 0; i < 4; i++) out.push(0);
      continue;
    }
    if (c < 0x21 || c > 0x75) break;
    group.push(c - 0x21);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return out.bytes();
}

/** RunLengthDecode: a length byte 0–127 copies the next n+1 bytes, 129–255 repeats the next 257−n times, 128 ends. */
export function runLengthDecode(input: Uint8Array, max: number): Uint8Array {
  const out = new Output(max);
  let i = 0;
  while (i < input.length) {
    const n = input[i++]!;
    if (n === 128) break;
    if (n < 128) {
      for (let k = 0; k <= n && i < input.length; k++) out.push(input[i++]!);
    } else {
      if (i >= input.length) break;
      out.repeat(input[i++]!, 257 - n);
    }
  }
  return out.bytes();
}

/**
 * LZWDecode: 9- to 12-bit codes, 256 clears the table, 257 ends; `earlyChange` as /DecodeParms says (1). Each
 * table entry is a string already written: kept as where it was written and its length, and copied from there.
 */
export function lzwDecode(input: Uint8Array, max: number, earlyChange = 1): Uint8Array {
  const out = new Output(max);
  const at = new Int32Array(4096);
  const length = new Int32Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  let read = 0;
  for (;;) {
    while (held < width && read < input.length) {
      bits = ((bits << 8) | input[read++]!) & 0xffffff;
      held += 8;
    }
    if (held < width) break;
    const code = (bits >>> (held - width)) & ((1 << width) - 1);
    held -= width;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    const start = out.length;
    if (code < 256) out.push(code);
    else if (previous >= 0 && code < next) out.again(at[code]!, length[code]!);
    else if (previous >= 0 && code === next) {
      // The previous string and its own first byte.
      out.again(at[previous]!, length[previous]!);
      out.push(out.buffer[at[previous]!]!);
    } else break;
    if (previous >= 0 && next < 4096) {
      // The previous string and this one's first byte: where the previous was written, one longer.
      at[next] = start - length[previous]!;
      length[next] = length[previous]! + 1;
      next++;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
    if (code < 256) length[code] = 1;
    at[code] = start;
    if (code >= 256) length[code] = out.length - start;
    previous = code;
  }
  return out.bytes();
}

/** Most a Flate stream can inflate to per byte (deflate's own limit, about 1,032 to 1). */
const FLATE_MOST_PER_BYTE = 1032;

/**
 * FlateDecode: inflated raw after its two-byte header, so that a wrong checksum or bytes after the end are
 * read past as pdf.js reads past them. A stream that cannot be inflated here to its end (damaged part way)
 * counts as the most it could inflate to: pdf.js would inflate what comes before the damage.
 */
export function flateDecode(input: Uint8Array, max: number): Uint8Array | { atMost: number } {
  const header = input[0] ?? 0;
  // Not a zlib stream at all (pdf.js refuses it at once).
  if ((header & 0x0f) !== 8 || ((header << 8) | (input[1] ?? 0)) % 31 !== 0) return { atMost: 0 };
  try {
    const out = inflateRawSync(input.subarray(2), {
      maxOutputLength: max + 1,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    if (out.byteLength > max) throw new PastCeiling();
    return out;
  } catch (error) {
    // Past the ceiling: Node refuses to produce more (ERR_BUFFER_TOO_LARGE) rather than allocate it.
    if (error instanceof PastCeiling || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new PastCeiling();
    return { atMost: input.byteLength * FLATE_MOST_PER_BYTE };
  }
}

/** Filters (and their abbreviations in inline images) decoded here; others end the chain (images, Crypt). */
const DECODERS: Record<
  string,
  (input: Uint8Array, max: number, parms: string) => Uint8Array | { atMost: number }
> = {
  FlateDecode: flateDecode,
  Fl: flateDecode,
  LZWDecode: (input, max, parms) => lzwDecode(input, max, earlyChangeOf(parms)),
  LZW: (input, max, parms) => lzwDecode(input, max, earlyChangeOf(parms)),
  RunLengthDecode: runLengthDecode,
  RL: runLengthDecode,
  ASCII85Decode: ascii85Decode,
  A85: ascii85Decode,
  ASCIIHexDecode: asciiHexDecode,
  AHx: asciiHexDecode,
};

const earlyChangeOf = (parms: string) => (/\/EarlyChange\s+0\b/.test(parms) ? 0 : 1);

/** The names of a /Filter value: `/FlateDecode` or `[/ASCII85Decode /FlateDecode]`. */
export function filterNames(value: string): string[] {
  return [...value.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!);
}

/** Whether a stream with these filters is one this module decodes (its first filter is one of DECODERS). */
export const decodesHere = (filters: readonly string[]) => filters.length > 0 && filters[0]! in DECODERS;

/**
 * What a stream's data decodes to through `filters`, in order, within `max` bytes (PastCeiling past it). The
 * chain ends at a filter not decoded here (an image's, which pdf.js bounds by pixels, or Crypt): what
 * reached it is counted. A step that could not decode to its end gives the most it could have produced.
 */
export function decodedLength(data: Uint8Array, filters: readonly string[], max: number, parms = ''): number {
  let bytes = data;
  for (const name of filters) {
    const decode = DECODERS[name];
    if (!decode) break;
    const out = decode(bytes, max, parms);
    if (!(out instanceof Uint8Array)) {
      if (out.atMost > max) throw new PastCeiling();
      return Math.max(out.atMost, 0);
    }
    bytes = out;
  }
  return bytes.byteLength;
}
