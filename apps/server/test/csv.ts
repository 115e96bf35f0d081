/**
 * For the server's tests and the browser specs: the rows of a CSV file as RFC 4180 reads it:
 * cells split on commas, lines ending in CRLF or LF (the reports' database COPY writes LF, the
 * projects report CRLF), quoted cells keeping their
 * commas, quotes (doubled) and line breaks. A final line break ends the last row, not a new one.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') {
      if (cell !== '') throw new Error(`CSV row ${rows.length + 1}: a quote inside an unquoted cell`);
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i += 1;
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new Error('CSV: a quoted cell is not closed');
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
};

/** The rows of a CSV as objects keyed by its header. */
export const csvRecords = (text: string): Record<string, string>[] => {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
};
