/** Reads CSV back as a spreadsheet would (RFC 4180: quoted cells, doubled quotes; rows end with CRLF or LF), for tests. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (c === '\r') i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
};

/** The rows of a CSV as objects keyed by its header. */
export const csvRecords = (text: string): Record<string, string>[] => {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
};
