/**
 * CSV as banks and spreadsheet programs write it (RFC 4180): fields separated by commas (or semicolons or
 * tabs, detected from the header area), quoted with '"' where they hold a separator, a quote ('""') or a line
 * break; lines end in CRLF or LF. Spaces around a field are kept here and trimmed by the reader.
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      i++;
      continue;
    }
    if (c === delimiter) {
      row.push(field);
      field = '';
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    i++;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The separator used most consistently over the first lines: ',' unless ';' or a tab clearly is. */
export function detectDelimiter(text: string): string {
  const lines = text.split(/\r?\n/, 20).filter((l) => l.trim());
  const score = (d: string) => lines.reduce((sum, line) => sum + (outsideQuotes(line, d) > 0 ? 1 : 0), 0);
  const counts = [',', ';', '\t'].map((d) => ({ d, score: score(d) }));
  const best = counts.reduce((a, b) => (b.score > a.score ? b : a));
  return best.score > 0 ? best.d : ',';
}

function outsideQuotes(line: string, delimiter: string): number {
  let quoted = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
  }
  return count;
}

/** One field as CSV writes it: quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string, delimiter = ','): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
