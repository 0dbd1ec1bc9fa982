import { AGS_VERSION } from './ags-export.ts';
import { ascii } from './ascii.ts';
import { LOG_GROUPS } from './import/read-project.ts';
import { TYPE_DESCRIPTIONS } from './type-group.ts';
import { UNITS } from './units.ts';

/** A group as a project keeps it: verbatim, or the shape of a modelled group (rows rebuilt). */
export interface KeptGroup {
  name: string;
  headings: string[];
  units: string[];
  types: string[];
  rows: string[][];
}

/**
 * A row of a modelled group (LOCA, GEOL, ISPT, SAMP…): its fields as the file wrote them, LOCA_ID
 * included, and what the tables hold for the headings GéoSonde reads (for rows imported before
 * the file's own fields were kept), written in the heading's TYPE when the file's value is missing.
 */
export interface ModelledRow {
  fields: Record<string, string>;
  known: Record<string, string | number | null>;
}

export interface ProjectAgs {
  /** The transfer's day (AAAA-MM-JJ) and recipient, for a TRAN group of our own when the project has none. */
  date: string;
  recipient: string;
  /** PROJ, TRAN, ABBR, UNIT… as kept, and the shapes of the modelled groups. */
  groups: KeptGroup[];
  /** The rows of the modelled groups, by group. */
  rows: ReadonlyMap<string, ModelledRow[]>;
}

/** The shape of a modelled group when no import said it (the headings GéoSonde reads). */
const DEFAULT_SHAPES: Record<string, [heading: string, unit: string, type: string][]> = {
  LOCA: [
    ['LOCA_ID', '', 'ID'],
    ['LOCA_TYPE', '', 'X'],
    ['LOCA_NATE', 'm', 'U'],
    ['LOCA_NATN', 'm', 'U'],
    ['LOCA_GREF', '', 'X'],
    ['LOCA_GL', 'm', 'U'],
    ['LOCA_FDEP', 'm', 'U'],
    ['LOCA_STAR', 'yyyy-mm-dd', 'DT'],
    ['LOCA_ENDD', 'yyyy-mm-dd', 'DT'],
  ],
  GEOL: [
    ['LOCA_ID', '', 'ID'],
    ['GEOL_TOP', 'm', 'U'],
    ['GEOL_BASE', 'm', 'U'],
    ['GEOL_DESC', '', 'X'],
    ['GEOL_LEG', '', 'X'],
    ['GEOL_GEOL', '', 'X'],
  ],
  ISPT: [
    ['LOCA_ID', '', 'ID'],
    ['ISPT_TOP', 'm', 'U'],
    ['ISPT_NVAL', '', 'U'],
  ],
};

const MODELLED = ['LOCA', 'GEOL', 'ISPT', ...LOG_GROUPS];
const FIRST = ['PROJ', 'TRAN', 'ABBR', 'DICT', 'TYPE', 'UNIT'];

/** A number in the TYPE of its heading: '2DP' → '2.50', '3SF' → '2.50', else as JavaScript writes it. */
function formatted(value: string | number | null | undefined, type: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '';
  const [, places = '', kind] = /^(\d+)(DP|SF|SCI)$/.exec(type) ?? [];
  if (kind === 'DP') return value.toFixed(Number(places));
  if (kind === 'SF') return value.toPrecision(Number(places));
  if (kind === 'SCI') return value.toExponential(Number(places));
  return String(value);
}

/** Text for a field: kept as written up to code point 255 (an FYI for the checker), else in ASCII (rule 1). */
const field = (value: string) => (/^[\x20-\xff]*$/.test(value) ? value : ascii(value));
const line = (values: string[]) => values.map((value) => `"${field(value).replace(/"/g, '""')}"`).join(',');

/** A modelled group's shape: as kept, else the default, plus any heading its rows hold. */
function shapeOf(name: string, kept: KeptGroup | undefined, rows: ModelledRow[]): KeptGroup {
  const shape: KeptGroup = kept
    ? { ...kept, headings: [...kept.headings], units: [...kept.units], types: [...kept.types], rows: [] }
    : { name, headings: [], units: [], types: [], rows: [] };
  const add = (heading: string, unit: string, type: string) => {
    if (shape.headings.includes(heading)) return;
    shape.headings.push(heading);
    shape.units.push(unit);
    shape.types.push(type);
  };
  if (!kept)
    for (const [heading, unit, type] of DEFAULT_SHAPES[name] ?? [['LOCA_ID', '', 'ID']]) add(heading, unit, type);
  for (const row of rows) {
    for (const heading of Object.keys(row.fields)) add(heading, '', 'X');
    for (const [heading, value] of Object.entries(row.known)) {
      if (value !== null) add(heading, '', typeof value === 'number' ? 'U' : 'X');
    }
  }
  return shape;
}

/** A modelled group with its rows: each heading's value as the file wrote it, else from the tables. */
function modelledGroup(shape: KeptGroup, rows: ModelledRow[]): KeptGroup {
  return {
    ...shape,
    rows: rows.map(({ fields, known }) =>
      shape.headings.map((heading, i) => fields[heading] ?? formatted(known[heading], shape.types[i] ?? '')),
    ),
  };
}

/** UNIT or TYPE as kept, with a row added for each unit or type the written groups use and it lacks. */
function listing(name: 'UNIT' | 'TYPE', kept: KeptGroup | undefined, used: Set<string>): KeptGroup {
  const [code, description] = name === 'UNIT' ? ['UNIT_UNIT', 'UNIT_DESC'] : ['TYPE_TYPE', 'TYPE_DESC'];
  const group = kept ?? { name, headings: [code, description], units: ['', ''], types: ['X', 'X'], rows: [] };
  const at = (heading: string) => group.headings.indexOf(heading);
  const listed = new Set(group.rows.map((row) => row[at(code)] ?? ''));
  const describe = (value: string) =>
    (name === 'UNIT'
      ? UNITS[value as keyof typeof UNITS]
      : TYPE_DESCRIPTIONS[value as keyof typeof TYPE_DESCRIPTIONS]) ??
    (value === 'U' ? 'Value with a variable format' : value);
  const added = [...used]
    .filter((value) => value !== '' && !listed.has(value))
    .sort()
    .map((value) =>
      group.headings.map((heading) => (heading === code ? value : heading === description ? describe(value) : '')),
    );
  return { ...group, rows: [...group.rows, ...added] };
}

/**
 * The AGS 4 text of an imported project: every group the imports kept verbatim (PROJ, TRAN, ABBR,
 * DICT, FILE…), the modelled ones rebuilt from the tables in the shape the files gave them, and UNIT
 * and TYPE completed so that every unit and type written is listed (rules 15 and 17). CRLF line
 * ends, every field quoted, a blank line between groups; groups without rows left out (rule 2).
 */
export function writeProjectAgs({ date, recipient, groups, rows }: ProjectAgs): string {
  const kept = new Map(groups.map((group) => [group.name, group]));
  const written: KeptGroup[] = [];
  for (const name of MODELLED) {
    const groupRows = rows.get(name) ?? [];
    if (groupRows.length > 0) written.push(modelledGroup(shapeOf(name, kept.get(name), groupRows), groupRows));
  }
  const verbatim = groups.filter(
    (group) => !MODELLED.includes(group.name) && group.name !== 'UNIT' && group.name !== 'TYPE',
  );
  if (!kept.has('TRAN')) {
    verbatim.push({
      name: 'TRAN',
      headings: ['TRAN_ISNO', 'TRAN_DATE', 'TRAN_PROD', 'TRAN_STAT', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_DLIM', 'TRAN_RCON'],
      units: ['', 'yyyy-mm-dd', '', '', '', '', '', ''],
      types: ['X', 'DT', 'X', 'X', 'X', 'X', 'X', 'X'],
      rows: [['1', date, 'GéoSonde', 'Export', AGS_VERSION, recipient, '|', '+']],
    });
  }
  const all = [...verbatim, ...written];
  const units = new Set(all.flatMap((group) => group.units));
  const types = new Set(all.flatMap((group) => group.types));
  const typeGroup = listing('TYPE', kept.get('TYPE'), new Set([...types, 'X']));
  const unitGroup = listing('UNIT', kept.get('UNIT'), units);
  const rank = (name: string) => {
    const first = FIRST.indexOf(name);
    const modelled = MODELLED.indexOf(name);
    return first >= 0 ? first : modelled >= 0 ? FIRST.length + modelled : FIRST.length + MODELLED.length;
  };
  const ordered = [...all, typeGroup, unitGroup]
    .filter((group) => group.rows.length > 0)
    .sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const text = ordered.map((group) =>
    [
      line(['GROUP', group.name]),
      line(['HEADING', ...group.headings]),
      line(['UNIT', ...group.headings.map((_, i) => group.units[i] ?? '')]),
      line(['TYPE', ...group.headings.map((_, i) => group.types[i] ?? '')]),
      ...group.rows.map((row) => line(['DATA', ...group.headings.map((_, i) => row[i] ?? '')])),
    ].join('\r\n'),
  );
  return `${text.join('\r\n\r\n')}\r\n`;
}
