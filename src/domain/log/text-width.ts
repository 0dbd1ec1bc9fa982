import { BOLD, MEASURED, REGULAR } from './text-widths.ts';

const index = new Map([...MEASURED].map((character, i) => [character, i]));
/** A character not measured counts as wide as the widest measured one: never narrower than drawn. */
const WIDEST = { regular: Math.max(...REGULAR), bold: Math.max(...BOLD) };

/** The width of a text, in the unit of `size` (millimetres on a log), set in its typeface. */
export function textWidth(text: string, size: number, bold = false): number {
  const widths = bold ? BOLD : REGULAR;
  let thousandths = 0;
  for (const character of text) {
    const i = index.get(character);
    thousandths += i === undefined ? (bold ? WIDEST.bold : WIDEST.regular) : widths[i]!;
  }
  return (thousandths / 1000) * size;
}

/** How high a line of text reaches above its baseline (accented capitals), and below it, per unit of size. */
export const ASCENT = 0.93;
export const DESCENT = 0.24;

/**
 * Words in lines no wider than `width` at `size`; a word wider than a line is cut where it must
 * be, so that nothing runs past the column. Words are set apart by one space.
 */
export function fitLines(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => textWidth(candidate, size, bold) <= width;
  // A no-break space binds (« 12 m »), as in print.
  for (let word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A text cut to `width`, ending in « … » when it had to be cut. */
export function ellipsis(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  let end = text.length;
  while (end > 0 && textWidth(`${text.slice(0, end).trimEnd()}…`, size, bold) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** The largest size from `size` down to `smallest` (by tenths) at which a text fits `width`. */
export function fittingSize(text: string, width: number, size: number, smallest: number, bold = false): number {
  let fitted = size;
  while (fitted > smallest && textWidth(text, fitted, bold) > width) fitted = Math.round((fitted - 0.1) * 10) / 10;
  return fitted;
}
