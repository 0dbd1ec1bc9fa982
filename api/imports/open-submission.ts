import { CsvError, parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import type { Cell, Sheet } from '../../src/domain/ags/import/prepare-sheet.ts';
import { decodeText, type ReportEntry } from '../../src/domain/ags/import/prepare-import.ts';
import { IMPORT_LIMITS } from '../../src/domain/ags/import/import-limits.ts';
import { UploadRefusal } from '../files/receive-upload.ts';
import { readZip } from './read-zip.ts';
import { numberFormat } from '../../src/domain/format.ts';

/**
 * What an import file holds, once opened: an AGS 4 file (with the files beside it when it came in a
 * ZIP submission), or sheets following the GéoSonde template (an .xlsx workbook, a .csv file, or a
 * ZIP of .csv files, one per sheet).
 */
export type Submission =
  | { kind: 'ags'; bytes: Uint8Array; files: Map<string, Uint8Array> | null }
  | { kind: 'sheets'; sheets: Sheet[]; warnings: ReportEntry[] };

export const IMPORT_FORMATS = 'un fichier AGS 4 (.ags), un envoi AGS en ZIP, un classeur .xlsx ou un fichier .csv';

/** The delimiter of a CSV file: the one of ';', ',' and tab that its first line holds most of. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((d) => [d, first.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

const thousands = numberFormat();

/** The refusal of a sheet past the rows (`maxRows`) or columns an import accepts, or null. */
function sheetPastLimits(name: string, rows: number, columns: number, maxRows: number): UploadRefusal | null {
  if (rows > maxRows) {
    return new UploadRefusal(
      422,
      `« ${name} » compte ${thousands.format(rows)} lignes ; un import en accepte au plus ${thousands.format(maxRows)} par feuille${maxRows < IMPORT_LIMITS.sheetRows ? ` de classeur (jusqu’à ${thousands.format(IMPORT_LIMITS.sheetRows)} en CSV)` : ''}.`,
    );
  }
  if (columns > IMPORT_LIMITS.sheetColumns) {
    return new UploadRefusal(
      422,
      `« ${name} » compte ${thousands.format(columns)} colonnes ; un import en accepte au plus ${thousands.format(IMPORT_LIMITS.sheetColumns)} par feuille.`,
    );
  }
  return null;
}

/** The refusal of a file of more cells than `maxCells`, or of a cell longer than Excel allows, or null. */
function cellsPastLimits(name: string, rows: readonly (readonly unknown[])[], maxCells: number): UploadRefusal | null {
  let cells = 0;
  for (const [index, row] of rows.entries()) {
    cells += row.length;
    const long = row.findIndex((cell) => typeof cell === 'string' && cell.length > IMPORT_LIMITS.cellChars);
    if (long !== -1) {
      return new UploadRefusal(
        422,
        `« ${name} », ligne ${thousands.format(index + 1)}, colonne ${thousands.format(long + 1)} : la cellule compte ${thousands.format((row[long] as string).length)} caractères ; un import en accepte au plus ${thousands.format(IMPORT_LIMITS.cellChars)} par cellule.`,
      );
    }
  }
  return cells > maxCells ? tooManyCells(name, cells, maxCells) : null;
}

const tooManyCells = (name: string, cells: number, maxCells: number) =>
  new UploadRefusal(
    422,
    `« ${name} » compte ${thousands.format(cells)} cellules ; un import en accepte au plus ${thousands.format(maxCells)} par fichier${maxCells < IMPORT_LIMITS.csvCells ? ` de classeur (jusqu’à ${thousands.format(IMPORT_LIMITS.csvCells)} en CSV)` : ''}.`,
  );

/** The most cells a row of `rows` holds (without spreading a long list into arguments). */
const widest = (rows: readonly unknown[][]) => rows.reduce((most, row) => Math.max(most, row.length), 0);

/** How many times `needle` occurs in `bytes`, counted without decoding them. */
function occurrences(bytes: Uint8Array, needle: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(needle); at !== -1; at = buffer.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** A CSV file as a sheet; a file that is not CSV (a quote left open…) is refused in French. */
function csvSheet(name: string, bytes: Uint8Array, warnings: ReportEntry[]): Sheet {
  // Counted before parsing: a file of millions of lines is refused at once.
  const lines = occurrences(bytes, '\n') + 1;
  const tooMany = sheetPastLimits(name, lines, 0, IMPORT_LIMITS.sheetRows);
  if (tooMany) throw tooMany;
  const { text, warnings: decoding } = decodeText(bytes);
  warnings.push(...decoding.map((entry) => ({ ...entry, group: name })));
  try {
    const rows: string[][] = parse(text, { delimiter: delimiterOf(text), relax_column_count: true });
    const past =
      sheetPastLimits(name, rows.length, widest(rows), IMPORT_LIMITS.sheetRows) ??
      cellsPastLimits(name, rows, IMPORT_LIMITS.csvCells);
    if (past) throw past;
    return { name, rows };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    throw new UploadRefusal(
      422,
      `« ${name} » n’est pas un CSV lisible${line ? ` (ligne ${line})` : ''} : vérifiez les guillemets et le séparateur.`,
    );
  }
}

/** The sheets of an .xlsx workbook; the archive is first read with the ZIP limits (no bomb). */
async function workbookSheets(name: string, bytes: Uint8Array): Promise<Sheet[]> {
  // Each sheet's rows and the workbook's cells are counted in its XML before it is read: a sheet of
  // 2.5 million small rows (185 MB once unpacked) is refused at once rather than read for a minute.
  let cells = 0;
  for (const [path, xml] of readZip(bytes)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(path)) continue;
    const tooMany = sheetPastLimits(
      `${name} (${path.slice(path.lastIndexOf('/') + 1, -4)})`,
      occurrences(xml, '<row ') + occurrences(xml, '<row>'),
      0,
      IMPORT_LIMITS.workbookRows,
    );
    if (tooMany) throw tooMany;
    cells += occurrences(xml, '<c ') + occurrences(xml, '<c>');
  }
  if (cells > IMPORT_LIMITS.workbookCells) throw tooManyCells(name, cells, IMPORT_LIMITS.workbookCells);
  let sheets: Sheet[];
  try {
    const read = await readXlsxFile(Buffer.from(bytes));
    sheets = read.map(({ sheet, data }) => ({ name: sheet, rows: data as Cell[][] }));
  } catch {
    throw new UploadRefusal(422, `« ${name} » n’est pas un classeur Excel lisible : enregistrez-le en .xlsx.`);
  }
  for (const sheet of sheets) {
    const past =
      sheetPastLimits(sheet.name, sheet.rows.length, widest(sheet.rows), IMPORT_LIMITS.workbookRows) ??
      cellsPastLimits(sheet.name, sheet.rows, IMPORT_LIMITS.workbookCells);
    if (past) throw past;
  }
  return sheets;
}

/**
 * The AGS file of a ZIP submission and the files beside it (paths relative to its folder), or the
 * template's CSV files when it holds no .ags.
 */
function zipSubmission(name: string, bytes: Uint8Array): Submission {
  const files = readZip(bytes);
  const ags = [...files.keys()].filter((path) => /\.ags$/i.test(path) && !/(^|\/)FILE\//.test(path));
  if (ags.length > 1) {
    throw new UploadRefusal(422, `« ${name} » contient ${ags.length} fichiers .ags : un import par fichier AGS.`);
  }
  if (ags.length === 1) {
    const folder = ags[0]!.slice(0, ags[0]!.lastIndexOf('/') + 1);
    const beside = new Map(
      [...files]
        .filter(([path]) => path.startsWith(folder) && path !== ags[0])
        .map(([path, content]) => [path.slice(folder.length), content]),
    );
    return { kind: 'ags', bytes: files.get(ags[0]!)!, files: beside };
  }
  const csv = [...files].filter(([path]) => /\.csv$/i.test(path));
  if (csv.length === 0) {
    throw new UploadRefusal(422, `« ${name} » ne contient ni fichier .ags ni fichier .csv du modèle GéoSonde.`);
  }
  const warnings: ReportEntry[] = [];
  const sheets = csv.map(([path, content]) => csvSheet(path.slice(path.lastIndexOf('/') + 1), content, warnings));
  return { kind: 'sheets', sheets, warnings };
}

/** Opens an import file by its extension; another kind of file is refused (415) in French. */
export async function openSubmission(name: string, bytes: Uint8Array): Promise<Submission> {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  switch (extension) {
    case 'ags':
      return { kind: 'ags', bytes, files: null };
    case 'zip':
      return zipSubmission(name, bytes);
    case 'xlsx':
      return { kind: 'sheets', sheets: await workbookSheets(name, bytes), warnings: [] };
    case 'csv': {
      // A CSV file alone is the Forages sheet, whatever its name.
      const warnings: ReportEntry[] = [];
      const sheet = csvSheet(name, bytes, warnings);
      return { kind: 'sheets', sheets: [{ ...sheet, name: 'Forages' }], warnings };
    }
    default:
      throw new UploadRefusal(415, `« ${name} » n’est pas un format d’import : envoyez ${IMPORT_FORMATS}.`);
  }
}
