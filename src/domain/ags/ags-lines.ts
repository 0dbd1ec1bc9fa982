/** A line of an AGS file, numbered from 1, without its line end. */
export interface AgsLine {
  number: number;
  text: string;
  /** Whether it ends with CR LF (rule 2a). */
  crlf: boolean;
}

/** The fields of a line, and how the line breaks the rules of quoting and separating them. */
export interface AgsFields {
  values: string[];
  unquoted: boolean;
  strayQuote: boolean;
  badSeparator: boolean;
}

/**
 * The lines of an AGS file, read as UTF-8; the last one may have no line end. A line ends at CR LF,
 * LF or a lone CR, as the reference validator reads it (Python's universal newlines): a CR inside a
 * text field starts a line there too, and the line numbers stay the reference's.
 */
export function readLines(bytes: Uint8Array): AgsLine[] {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const lines: AgsLine[] = [];
  const end = /\r\n|\n|\r/g;
  let start = 0;
  for (let match = end.exec(text); match; match = end.exec(text)) {
    lines.push({ number: lines.length + 1, text: text.slice(start, match.index), crlf: match[0] === '\r\n' });
    start = match.index + match[0].length;
  }
  if (start < text.length) lines.push({ number: lines.length + 1, text: text.slice(start), crlf: false });
  return lines;
}

/** Splits a line into its fields: quoted, separated by commas, with quotes doubled inside. */
export function splitFields(text: string): AgsFields {
  const fields: AgsFields = { values: [], unquoted: false, strayQuote: false, badSeparator: false };
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      const [value, next] = readQuoted(text, i + 1, fields);
      fields.values.push(value);
      i = next;
    } else {
      const comma = text.indexOf(',', i);
      const end = comma < 0 ? text.length : comma;
      fields.values.push(text.slice(i, end));
      fields.unquoted = true;
      i = end + 1;
    }
  }
  return fields;
}

/**
 * Reads a quoted field from `start` (just after its opening quote). Returns its value and where the
 * next field starts, past the end of the line for the last field.
 */
function readQuoted(text: string, start: number, fields: AgsFields): [string, number] {
  let value = '';
  let i = start;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) {
      fields.unquoted = true;
      return [value + text.slice(i), text.length + 1];
    }
    value += text.slice(i, quote);
    const after = text.slice(quote + 1);
    const separator = /^[ \t]*[,;\t][ \t]*(?=")|^[ \t]+(?=")/.exec(after)?.[0];
    if (separator !== undefined) {
      if (separator !== ',') fields.badSeparator = true;
      return [value, quote + 1 + separator.length];
    }
    if (after === '') return [value, text.length + 1];
    if (after.startsWith(',')) return [value, quote + 2];
    // A doubled quote stands for one; a single quote inside a field breaks rule 5.
    if (!after.startsWith('"')) fields.strayQuote = true;
    value += '"';
    i = quote + (after.startsWith('"') ? 2 : 1);
  }
}
