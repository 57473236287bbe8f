/**
 * CSV as banks and spreadsheet programs write it (RFC 4180): fields separated by commas (or semicolons or
 * tabs, detected from the header area), quoted with '"' where they hold a separator, a quote ('""') or a line
 * break; lines end in CRLF or LF. Spaces around a field are kept here and trimmed by the reader.
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  const n = text.length;
  let i = 0;
  // Fields are cut out of the text whole (slices, not one character at a time): a 5,000-row file is read
  // without building a string per character.
  while (i < n) {
    let start = i;
    while (start < n && (text[start] === ' ' || text[start] === '\t') && text[start] !== delimiter) start++;
    let field: string;
    if (text[start] === '"') {
      // Quoted: up to the closing quote, '""' standing for one quote; what follows up to the separator is kept.
      let j = start + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          value += text.slice(j);
          j = n;
          break;
        }
        value += text.slice(j, q);
        if (text[q + 1] === '"') {
          value += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        break;
      }
      let end = j;
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end++;
      field = value + text.slice(j, end);
      i = end;
    } else {
      let end = i;
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end++;
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      if (i >= n) row.push('');
      continue;
    }
    // A line break ends the row.
    rows.push(row);
    row = [];
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
  }
  if (row.length) rows.push(row);
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
