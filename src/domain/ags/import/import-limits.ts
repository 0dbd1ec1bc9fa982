import type { AgsIssue } from '../ags-issue.ts';
import { numberFormat } from '../../format.ts';

/**
 * What one import file may hold. Each limit is far above the largest real files we know (the AGS
 * files of tests/fixtures/ags: 585 characters a line at most, 50 headings a group, 7,225 lines;
 * spreadsheets of the template: a few thousand rows) and far below what would hold the server
 * for long: beyond one, the file is refused at once, in French, naming the limit.
 */
export const IMPORT_LIMITS = {
  /** Characters of one line of an AGS file (a HEADING of a million columns is 9.9 MB on one line). */
  lineChars: 65_536,
  /** Headings of one AGS group. */
  columns: 500,
  /** Rows of one CSV file of the template. */
  sheetRows: 200_000,
  /**
   * Rows of one sheet of a workbook, and cells of a whole workbook. The workbook reader
   * (read-excel-file 9.3) gathers rows by copying those read so far after each chunk of XML, so
   * its time grows with the square of the size: 100,000 rows of 2 cells read in 0.7 s, of 10 in
   * 2.2 s, 170,000 rows in 7.5 s; at 200,000 rows it runs out of stack. Bigger sheets come as CSV
   * files (in a ZIP), read in linear time.
   */
  workbookRows: 100_000,
  workbookCells: 1_000_000,
  /** Cells of one CSV file (200,000 rows of 20 columns). */
  csvCells: 4_000_000,
  /** Columns of one sheet. */
  sheetColumns: 200,
  /** Characters of one cell: Excel's own limit (32,767). */
  cellChars: 32_767,
  /** Entries of the report kept for one rule: the first ones, then how many more. */
  entriesPerRule: 1_000,
} as const;

const thousands = numberFormat();
export const LIMIT_RULE = 'Limites de GéoSonde';

/**
 * The first line of an AGS text past a limit (too long, or a HEADING of too many columns), as an
 * issue that stops the reading; null when the text keeps within them. Scans the text once,
 * without splitting it.
 */
export function agsLimitIssue(text: string): AgsIssue | null {
  let start = 0;
  let line = 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const length = end - start - (text[end - 1] === '\r' ? 1 : 0);
    if (length > IMPORT_LIMITS.lineChars) {
      return {
        rule: LIMIT_RULE,
        line,
        group: '',
        message: `La ligne ${thousands.format(line)} compte ${thousands.format(length)} caractères ; un fichier AGS en accepte au plus ${thousands.format(IMPORT_LIMITS.lineChars)} par ligne.`,
      };
    }
    if (text.startsWith('"HEADING"', start)) {
      let columns = 0; // the first field is "HEADING" itself
      for (let at = text.indexOf('","', start); at !== -1 && at < end; at = text.indexOf('","', at + 3)) columns++;
      if (columns > IMPORT_LIMITS.columns) {
        return {
          rule: LIMIT_RULE,
          line,
          group: '',
          message: `La ligne ${thousands.format(line)} nomme ${thousands.format(columns)} en-têtes ; un groupe AGS en accepte au plus ${thousands.format(IMPORT_LIMITS.columns)}.`,
        };
      }
    }
    start = end + 1;
    line++;
  }
  return null;
}

/**
 * The issues of one rule as the report keeps them: the first `entriesPerRule`, then one entry
 * saying how many more were found (a rule failed a million times is said in a thousand and one lines; the reference validator's own reports on real files hold 158 at most).
 */
export function cappedEntries<T extends { line: number | null; group: string; message: string }>(
  entries: T[],
): { line: number | null; group: string; message: string }[] {
  if (entries.length <= IMPORT_LIMITS.entriesPerRule) return entries;
  const more = entries.length - IMPORT_LIMITS.entriesPerRule;
  return [
    ...entries.slice(0, IMPORT_LIMITS.entriesPerRule),
    {
      line: null,
      group: '',
      message: `… et ${thousands.format(more)} ${more > 1 ? 'autres' : 'autre'} de la même règle (${thousands.format(entries.length)} en tout).`,
    },
  ];
}
