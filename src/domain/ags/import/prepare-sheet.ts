import { crsFromName } from '../../crs/locate.ts';
import { isError, type AgsIssue } from '../ags-issue.ts';
import { calendarDate } from '../date-format.ts';
import type { AgsGroup } from '../read-ags.ts';
import { checkBoreholes, SET_ASIDE, withoutSetAside } from './geosonde-rules.ts';
import { reportOf, type PreparedImport, type PrepareOptions } from './prepare-import.ts';
import { readBoreholes } from './read-project.ts';
import { foldText } from '../../text.ts';
import {
  headerKey,
  TEMPLATE_NOTICE,
  templateColumnOf,
  templateSheetOf,
  type TemplateColumn,
  type TemplateSheet,
} from './sheet-template.ts';

/** A cell as a spreadsheet reader gives it (a CSV gives text only). */
export type Cell = string | number | boolean | Date | null;

/** A sheet of a workbook, or a CSV file: its name and its rows, the first one being the headers. */
export interface Sheet {
  name: string;
  rows: Cell[][];
}

const RULE = 'Modèle GéoSonde';
const at = (line: number | null, group: string, message: string): AgsIssue => ({ rule: RULE, line, group, message });

/** What the template's checks find: errors block the import, warnings (what is ignored) do not. */
interface Found {
  errors: AgsIssue[];
  warnings: AgsIssue[];
}

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');
const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/** The unit a header gives in brackets, folded ('Profondeur (pi)' → 'pi'), or null. */
const unitOf = (header: string) => /\(([^)]*)\)/.exec(foldText(header))?.[1]?.trim() ?? null;
const METRES = new Set(['m', 'metre', 'metres', 'meter', 'meters']);

/**
 * A cell as the AGS text of its column, or an error message. Numbers accept a decimal comma and
 * spaces between thousands ('5 040 123,75'); dates are a spreadsheet date or AAAA-MM-JJ text.
 */
function agsValue(cell: Cell, column: TemplateColumn): { value: string } | { error: string } {
  if (isBlank(cell)) return { value: '' };
  const text = cell instanceof Date ? dateText(cell) : String(cell).trim();
  if (column.kind === 'number') {
    if (typeof cell === 'number')
      return Number.isFinite(cell) ? { value: String(cell) } : { error: 'nombre illisible' };
    const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^([+-]?\d*),(\d+)$/, '$1.$2');
    return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(plain)
      ? { value: String(Number(plain)) }
      : { error: `« ${text.slice(0, 40)} » n’est pas un nombre` };
  }
  if (column.kind === 'date') {
    if (cell instanceof Date) {
      if (Number.isNaN(cell.getTime())) return { error: 'date illisible' };
      return { value: `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}` };
    }
    const day = text.length === 10 ? calendarDate(text) : null;
    return day ? { value: day } : { error: `« ${text.slice(0, 40)} » n’est pas une date AAAA-MM-JJ` };
  }
  return { value: cell instanceof Date ? cell.toISOString().slice(0, 10) : text };
}

const damaged = (text: string) => text.includes('\u0000') || !text.isWellFormed();
const mended = (text: string) => text.replaceAll('\u0000', ' ').toWellFormed();

/**
 * Sheets whose text no database would store (a NUL character, half of a UTF-16 pair) mended so that
 * the report can quote them, with an error for each such cell: the import is refused.
 */
function mendSheets(sheets: Sheet[], found: Found): Sheet[] {
  return sheets.map((sheet) => ({
    name: mended(sheet.name),
    rows: sheet.rows.map((row, i) =>
      row.map((cell) => {
        if (typeof cell !== 'string' || !damaged(cell)) return cell;
        found.errors.push(at(i + 1, mended(sheet.name), 'Caractère nul ou invalide : la cellule semble abîmée.'));
        return mended(cell);
      }),
    ),
  }));
}

/** The template's headings in the order of the AGS 4 dictionary, as an AGS group lists them (rule 7). */
const AGS_ORDER = [
  'PROJ_ID',
  'LOCA_ID',
  'LOCA_TYPE',
  'LOCA_NATE',
  'LOCA_NATN',
  'LOCA_GREF',
  'LOCA_GL',
  'LOCA_REM',
  'LOCA_FDEP',
  'LOCA_STAR',
  'LOCA_ENDD',
  'LOCA_LAT',
  'LOCA_LON',
  'GEOL_TOP',
  'GEOL_BASE',
  'GEOL_DESC',
  'GEOL_LEG',
  'GEOL_GEOL',
  'ISPT_TOP',
  'ISPT_NVAL',
  'WSTG_DPTH',
  'WSTG_REM',
];

/**
 * The UNIT and TYPE of a column in AGS, for an export of what it imported: numbers as typed (U,
 * variable format, in metres where the label says so or for X and Y), dates AAAA-MM-JJ, LOCA_ID
 * an identifier, the rest text.
 */
function agsShapeOf(column: TemplateColumn): { unit: string; type: string } {
  if (column.kind === 'date') return { unit: 'yyyy-mm-dd', type: 'DT' };
  if (column.kind === 'number') {
    const metres = unitOf(column.label) === 'm' || column.heading === 'LOCA_NATE' || column.heading === 'LOCA_NATN';
    return { unit: metres ? 'm' : '', type: 'U' };
  }
  return { unit: '', type: column.heading === 'LOCA_ID' ? 'ID' : 'X' };
}

/** A sheet read into an AGS group: the template's columns found, one row per non-empty line. */
function groupOf(sheet: Sheet, template: TemplateSheet, found: Found): AgsGroup | null {
  const [headerRow = [], ...rows] = sheet.rows;
  const columns: { index: number; column: TemplateColumn }[] = [];
  headerRow.forEach((header, index) => {
    if (isBlank(header)) return;
    const column = templateColumnOf(template, String(header));
    const unit = unitOf(String(header));
    if (!column) found.warnings.push(at(1, sheet.name, `Colonne « ${String(header)} » inconnue du modèle : ignorée.`));
    else if (unit !== null && unitOf(column.label) === 'm' && !METRES.has(unit)) {
      // Feet read as metres would put every depth wrong by a factor of 3.28: refused, not guessed.
      found.errors.push(
        at(1, sheet.name, `Colonne « ${String(header)} » : le modèle attend des mètres (${column.label}).`),
      );
      columns.push({ index, column });
    } else if (columns.some((seen) => seen.column === column)) {
      found.warnings.push(at(1, sheet.name, `Colonne « ${column.label} » en double : seule la première est lue.`));
    } else columns.push({ index, column });
  });
  const missing = template.columns.filter((column) => column.required && !columns.some((c) => c.column === column));
  for (const column of missing)
    found.errors.push(at(1, sheet.name, `Colonne obligatoire « ${column.label} » absente.`));
  if (missing.length > 0) return null;
  const headings = columns.map(({ column }) => column.heading);
  const group: AgsGroup = {
    name: template.group,
    line: 1,
    headings,
    headingLine: 1,
    units: columns.map(({ column }) => agsShapeOf(column).unit),
    types: columns.map(({ column }) => agsShapeOf(column).type),
    rows: [],
    dataRows: 0,
    last: 'DATA',
  };
  rows.forEach((cells, i) => {
    const line = i + 2;
    if (cells.every(isBlank)) return;
    const values = columns.map(({ index, column }) => {
      const read = agsValue(cells[index] ?? null, column);
      if ('error' in read) {
        found.errors.push(at(line, sheet.name, `Colonne « ${column.label} » : ${read.error}.`));
        return '';
      }
      if (column.required && read.value === '') {
        found.errors.push(at(line, sheet.name, `Colonne « ${column.label} » vide : elle est obligatoire.`));
      }
      return read.value;
    });
    group.rows.push({ line, values });
    group.dataRows++;
  });
  return inDictionaryOrder(group);
}

/** A group with its headings in the order of the AGS dictionary (rule 7), whatever the sheet's. */
function inDictionaryOrder(group: AgsGroup): AgsGroup {
  const rank = (heading: string) => AGS_ORDER.indexOf(heading);
  const order = (group.headings ?? [])
    .map((heading, i) => i)
    .sort((a, b) => rank(group.headings![a]!) - rank(group.headings![b]!));
  const ordered = <T>(list: T[]) => order.map((i) => list[i]!);
  return {
    ...group,
    headings: ordered(group.headings ?? []),
    units: ordered(group.units ?? []),
    types: ordered(group.types ?? []),
    rows: group.rows.map((row) => ({ ...row, values: ordered(row.values) })),
  };
}

const valueIn = (group: AgsGroup, heading: string) => {
  const index = group.headings?.indexOf(heading) ?? -1;
  return (row: { values: string[] }) => (index >= 0 ? (row.values[index] ?? '') : '');
};

/**
 * Validates a spreadsheet that follows the GéoSonde template (see TEMPLATE_SHEETS), writing
 * nothing: the template's own checks (sheets, columns, numbers, dates, one project, boreholes
 * named once and known to the other sheets), then the same GéoSonde rules as an AGS file. Line
 * numbers are the sheet's rows (1 = headers); the report names sheets where AGS names groups.
 */
export function prepareSheetImport(
  sheets: Sheet[],
  fileName: string,
  options: Pick<PrepareOptions, 'chosenCrs' | 'existing'>,
): PreparedImport {
  const found: Found = { errors: [], warnings: [] };
  const groups: AgsGroup[] = [];
  const sheetNames = new Map<string, string>();
  for (const sheet of mendSheets(sheets, found)) {
    const template = templateSheetOf(sheet.name);
    const filled = sheet.rows.some((row) => !row.every(isBlank));
    if (!template) {
      if (headerKey(sheet.name) !== headerKey(TEMPLATE_NOTICE) && filled) {
        found.warnings.push(at(null, sheet.name, `Feuille « ${sheet.name} » inconnue du modèle : ignorée.`));
      }
      continue;
    }
    const first = sheetNames.get(template.group);
    if (first !== undefined) {
      if (filled) {
        const message = `Feuille « ${sheet.name} » ignorée : « ${first} » tient déjà lieu de « ${template.name} ».`;
        found.warnings.push(at(null, sheet.name, message));
      }
      continue;
    }
    sheetNames.set(template.group, sheet.name);
    const group = groupOf(sheet, template, found);
    if (group) groups.push(group);
  }
  const loca = groups.find((group) => group.name === 'LOCA');
  if (!sheetNames.has('LOCA')) {
    found.errors.push(at(null, '', 'Feuille « Forages » introuvable : le classeur doit suivre le modèle GéoSonde.'));
  }
  if (loca) {
    const id = valueIn(loca, 'LOCA_ID');
    const seen = new Map<string, number>();
    for (const row of loca.rows) {
      const first = seen.get(id(row));
      if (id(row) !== '' && first !== undefined) {
        found.errors.push(at(row.line, sheetNames.get('LOCA')!, `Forage « ${id(row)} » déjà nommé ligne ${first}.`));
      } else seen.set(id(row), row.line);
    }
    for (const group of groups.filter((g) => g !== loca)) {
      const ofRow = valueIn(group, 'LOCA_ID');
      for (const row of group.rows.filter((r) => ofRow(r) !== '' && !seen.has(ofRow(r)))) {
        const where = sheetNames.get(group.name)!;
        found.errors.push(at(row.line, where, `Forage « ${ofRow(row)} » absent de la feuille « Forages ».`));
      }
    }
    moveGeographicCrs(loca);
  }
  const project = projectGroup(loca, fileName, sheetNames.get('LOCA') ?? '', found);
  const read = loca ? readBoreholes(new Map(groups.map((g) => [g.name, g])), options.chosenCrs) : [];
  const check = checkBoreholes(loca ? groups : [], read);
  const rules = check.issues.map((found) => ({ ...found, group: sheetNames.get(found.group) ?? found.group }));
  const kept = withoutSetAside({ boreholes: read, groups: [project, ...groups], attachments: [] }, check.setAside);
  const report = reportOf(
    kept.boreholes,
    options.existing,
    {
      errors: [...found.errors, ...rules.filter((rule) => isError(rule) && !SET_ASIDE.has(rule.rule))],
      warnings: [...found.warnings, ...rules.filter((rule) => !isError(rule))],
      fyi: [],
      setAside: rules.filter((rule) => SET_ASIDE.has(rule.rule)),
    },
    0,
    null,
    check.setAside.size,
  );
  return { report, ...kept };
}

/** Removes a column from a group read from a sheet. */
function dropHeading(group: AgsGroup, heading: string) {
  const index = group.headings!.indexOf(heading);
  if (index < 0) return;
  for (const list of [group.headings!, group.units!, group.types!]) list.splice(index, 1);
  for (const row of group.rows) row.values.splice(index, 1);
}

/** Latitudes and longitudes in a geographic system named in the CRS column: AGS puts it in LOCA_LLZ. */
function moveGeographicCrs(loca: AgsGroup) {
  const gref = loca.headings!.indexOf('LOCA_GREF');
  const lat = loca.headings!.indexOf('LOCA_LAT');
  if (gref < 0 || lat < 0) return;
  loca.headings!.push('LOCA_LLZ');
  loca.units!.push('');
  loca.types!.push('');
  for (const row of loca.rows) {
    const crs = crsFromName(row.values[gref]!);
    const geographic = crs !== undefined && !crs.projected && row.values[lat] !== '';
    row.values.push(geographic ? row.values[gref]! : '');
    if (geographic) row.values[gref] = '';
  }
}

/** The PROJ group: the Projet column (one value for the whole file) or the file's name. */
function projectGroup(loca: AgsGroup | undefined, fileName: string, sheet: string, found: Found): AgsGroup {
  const codes = loca ? [...new Set(loca.rows.map(valueIn(loca, 'PROJ_ID')).filter((code) => code !== ''))] : [];
  if (loca) dropHeading(loca, 'PROJ_ID');
  if (codes.length > 1) {
    found.errors.push(
      at(null, sheet, `Un import porte sur un seul projet ; la colonne « Projet » en nomme ${codes.length}.`),
    );
  }
  const code = codes[0] ?? fileName.replace(/\.(csv|xlsx|zip)$/i, '');
  return {
    name: 'PROJ',
    line: 1,
    headings: ['PROJ_ID', 'PROJ_NAME'],
    headingLine: 1,
    units: ['', ''],
    types: ['ID', 'X'],
    rows: [{ line: 1, values: [code, code] }],
    dataRows: 1,
    last: 'DATA',
  };
}
