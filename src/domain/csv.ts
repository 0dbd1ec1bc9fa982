/**
 * Spreadsheet programs run a cell that starts with =, +, -, @, a tab or a carriage return as a
 * formula (`=HYPERLINK(…)` in a document's name). Such text gets a leading apostrophe, which
 * they show as text; numbers stay numbers, so a negative longitude is still a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180: quoted when it holds the delimiter, a quote or a line break, quotes
 * doubled), text that a spreadsheet would run as a formula neutralised.
 *
 * @example csvCell('=1+1', ';') // "'=1+1"
 */
export function csvCell(value: string | number | null, delimiter: ',' | ';' = ','): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
