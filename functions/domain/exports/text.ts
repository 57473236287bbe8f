/**
 * The text of an exported file. Banks write UTF-8 (some with a byte-order mark, which spreadsheet programs
 * add when a file is saved again) or Windows-1252 (older exports, and Excel's "CSV" on Windows, where '£' is
 * the single byte 0xA3). Bytes that are valid UTF-8 are read as UTF-8; anything else as Windows-1252, which
 * gives every byte a character. UTF-16 with its byte-order mark (Excel's "Unicode text") is read too.
 */
export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

export function decodeExport(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', bom: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', bom: true };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252', bom: false };
  }
}

/** True when the bytes look like a binary file (a PDF, a spreadsheet, an image): not an export's text. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (startsWith(bytes, '%PDF-') || startsWith(bytes, 'PK\u0003\u0004')) return true;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return false;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return false;
  const sample = bytes.subarray(0, 4096);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return control > sample.length * 0.05;
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}
