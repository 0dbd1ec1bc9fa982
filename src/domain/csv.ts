/**
 * Spreadsheet programs run a cell that starts with =, +, -, @, a tab or a carriage return as a
 * formula (`=HYPERLINK(…)` in a document's name). Such text gets a leading apostrophe, which
 * they show as text; numbers stay numbers, so a negative longitude is still a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Where a spreadsheet splitting on the other delimiter would start a cell inside the text: a comma
 * or semicolon, then maybe quotes, then a formula's first character.
 */
const FORMULA_AFTER_DELIMITER = /([,;])(?=["]*[=+\-@\t\r])/g;

/**
 * One CSV field (RFC 4180: quotes doubled), safe in both dialects: French Excel splits a line on
 * `;`, English Excel and most tools on `,`. Text holding either is quoted, so that the file's own
 * dialect reads it whole; and since a spreadsheet splitting on the other one starts a cell at each
 * of them whatever the quotes (`P;=cmd|…` in a comma file is the formula `=cmd|…` in French Excel),
 * a delimiter followed by a formula's first character gets an apostrophe after it, as text that
 * starts with one does. Numbers stay numbers, with a decimal comma in a semicolon file.
 *
 * @example csvCell('=1+1', ';') // "'=1+1"
 * @example csvCell('P;=2+3', ',') // "\"P;'=2+3\""
 */
export function csvCell(value: string | number | null, delimiter: ',' | ';' = ','): string {
  if (value === null) return '';
  if (typeof value === 'number') return delimiter === ';' ? String(value).replace('.', ',') : String(value);
  const safe = value.replace(FORMULA_AFTER_DELIMITER, "$1'");
  const text = FORMULA_START.test(safe) ? `'${safe}` : safe;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
