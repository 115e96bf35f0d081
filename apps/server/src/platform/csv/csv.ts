import { Readable } from 'node:stream';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe. */
export const csvCell = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The header, then each batch of rows as it comes: the whole range is never held in memory. */
export const csvStream = <T>(header: readonly string[], batches: AsyncIterable<T[]>, toCells: (row: T) => unknown[]) =>
  Readable.from(
    (async function* () {
      yield csvLine(header);
      for await (const batch of batches) yield batch.map((row) => csvLine(toCells(row))).join('');
    })(),
  );
