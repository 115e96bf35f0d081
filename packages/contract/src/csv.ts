/**
 * The CSV cells every report writes, server-side or in the browser (doc 1 section 9): a cell a
 * spreadsheet would run as a formula (leading = + - @ tab or carriage return) gets a leading
 * apostrophe; a cell with a comma, quote or line break is quoted with its quotes doubled.
 */
export const csvCell = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly unknown[], end = '\r\n') => `${cells.map(csvCell).join(',')}${end}`;
