import { dictionaryNameOf } from '../ags-dictionary.ts';
import { kindOf, PROCESS_ERROR, type AgsIssue } from '../ags-issue.ts';
import { checkAgsGroups } from '../check-ags.ts';
import { readAgs, type AgsGroup } from '../read-ags.ts';
import { attachmentsOf, type Attachment } from './attachments.ts';
import { checkBoreholes, SET_ASIDE, withoutSetAside } from './geosonde-rules.ts';
import { readBoreholes, type ImportedBorehole } from './read-project.ts';
import { agsLimitIssue, cappedEntries } from './import-limits.ts';
import { numberFormat } from '../../format.ts';

export interface ReportEntry {
  line: number | null;
  group: string;
  message: string;
  /** The line as the file writes it (its first 200 characters), for the first entries of a rule. */
  text?: string;
}

/** Entries by rule ('AGS Format Rule 10b', 'Règle GéoSonde 3', 'Encodage'…), rules in the order met. */
export type EntriesByRule = Record<string, ReportEntry[]>;

/** The verdict on a file, before anything is written (the JSON the API returns). */
export interface ImportReport {
  valid: boolean;
  summary: string;
  /** What the import writes: the boreholes set aside are not counted (see setAside). */
  counts: { boreholes: number; layers: number; spt: number; updates: number; documents: number; setAside?: number };
  errors: EntriesByRule;
  /**
   * The boreholes GéoSonde cannot store safely (rules GéoSonde 2 to 4), which the import leaves out
   * while writing the others. Absent from the reports of imports checked before it existed.
   */
  setAside?: EntriesByRule;
  warnings: EntriesByRule;
  fyi: EntriesByRule;
}

export interface PreparedImport {
  report: ImportReport;
  boreholes: ImportedBorehole[];
  /** The files of a ZIP submission that become documents of their boreholes. */
  attachments: Attachment[];
  /** Every group of the file as read, to keep verbatim what the model does not hold. */
  groups: AgsGroup[];
}

export interface PrepareOptions {
  /** The bytes of a standard dictionary by its file name (see standardDictionaryName). */
  dictionary: (name: string) => Uint8Array;
  /** The files beside the .ags file in a ZIP submission, by path (rule 20, attachments); null when alone. */
  files: ReadonlyMap<string, Uint8Array> | null;
  /** The CRS chosen at import for coordinates whose LOCA_GREF is empty ('EPSG:32188'). */
  chosenCrs: string | null;
  /** The LOCA_IDs the project already holds: those boreholes will be updated. */
  existing: ReadonlySet<string>;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const number = numberFormat();
const counted = (count: number, one: string, many: string) => `${number.format(count)} ${count > 1 ? many : one}`;

/**
 * The text of a file, with what was changed to read it (warnings): a UTF-8 byte-order mark
 * dropped, Windows-1252 read when the bytes are not UTF-8.
 */
export function decodeText(bytes: Uint8Array): { text: string; warnings: ReportEntry[] } {
  const warnings: ReportEntry[] = [];
  let body = bytes;
  if (UTF8_BOM.every((byte, i) => bytes[i] === byte)) {
    body = bytes.subarray(3);
    warnings.push({ line: 1, group: '', message: 'Marque d’ordre des octets (BOM) retirée au début du fichier.' });
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), warnings };
  } catch {
    warnings.push({ line: null, group: '', message: 'Fichier lu en Windows-1252 : enregistrez-le en UTF-8.' });
    return { text: new TextDecoder('windows-1252').decode(body), warnings };
  }
}

/**
 * The text of a file as GéoSonde reads it, with what was changed to read it (warnings): see
 * decodeText, and bare LF line ends made CR LF. These are transport accidents, not data errors,
 * so they do not block an import.
 */
export function normaliseText(bytes: Uint8Array): { text: string; warnings: ReportEntry[]; errors: ReportEntry[] } {
  const decoded = decodeText(bytes);
  const { warnings } = decoded;
  let { text } = decoded;
  const errors: ReportEntry[] = [];
  if (text.includes('\u0000')) {
    // No database stores it, and no AGS file holds one: a binary or damaged file. Replaced by a
    // space, so that the rest of the report can still be read; the import is refused.
    const lines = text.split('\n');
    const where = lines.flatMap((line, i) => (line.includes('\u0000') ? [i + 1] : []));
    for (const line of where.slice(0, 10)) {
      errors.push({ line, group: '', message: 'Caractère nul (code 0) : le fichier semble binaire ou abîmé.' });
    }
    if (where.length > 10) {
      errors.push({
        line: null,
        group: '',
        message: `… et ${where.length - 10 > 1 ? `${where.length - 10} autres lignes` : 'une autre ligne'} avec un caractère nul.`,
      });
    }
    text = text.replaceAll('\u0000', ' ');
  }
  if (/(^|[^\r])\n/.test(text)) {
    text = text.replace(/\r?\n/g, '\r\n');
    warnings.push({ line: null, group: '', message: 'Fins de ligne LF changées en CR LF (règle 2a de l’AGS).' });
  }
  return { text, warnings, errors };
}

/** Entries of a rule shown with the text of their line: those the screen lists. */
const SHOWN_WITH_TEXT = 50;
const LINE_TEXT_CHARS = 200;

function byRule(issues: AgsIssue[], lineText: LineText | null = null): EntriesByRule {
  const entries: EntriesByRule = {};
  for (const { rule, line, group, message } of issues) {
    const list = (entries[rule] ??= []);
    // A process error names its line in its message only, as the reference validator does.
    const at = line ?? (rule === PROCESS_ERROR ? Number(/ligne (\d+)/.exec(message)?.[1] ?? Number.NaN) : null);
    const text = lineText && at !== null && list.length < SHOWN_WITH_TEXT ? lineText(at) : null;
    list.push(text === null ? { line, group, message } : { line, group, message, text });
  }
  for (const rule of Object.keys(entries)) entries[rule] = cappedEntries(entries[rule]!);
  return entries;
}

/** The text of a line of the file by its number (from 1), null past its end. */
export type LineText = (line: number) => string | null;

/**
 * The lines of a text as the checks number them (CR LF, LF or a lone CR ends one, as readLines),
 * cut to LINE_TEXT_CHARS; found only when asked, since most reports have none to show.
 */
export function lineTexts(text: string): LineText {
  let starts: number[] | null = null;
  return (line) => {
    if (!starts) {
      starts = [0];
      for (const match of text.matchAll(/\r\n|\n|\r/g)) starts.push(match.index + match[0].length);
    }
    const start = starts[line - 1];
    if (start === undefined || !Number.isInteger(line) || start >= text.length) return null;
    const end = text.slice(start, start + LINE_TEXT_CHARS + 2).search(/\r|\n/);
    const whole = end < 0 ? text.slice(start, start + LINE_TEXT_CHARS + 1) : text.slice(start, start + end);
    return whole.length > LINE_TEXT_CHARS ? `${whole.slice(0, LINE_TEXT_CHARS)}…` : whole;
  };
}

/** The report on what an import would write, from its boreholes and what was found. */
export function reportOf(
  boreholes: ImportedBorehole[],
  existing: ReadonlySet<string>,
  found: { errors: AgsIssue[]; warnings: AgsIssue[]; fyi: AgsIssue[]; setAside?: AgsIssue[] },
  documents = 0,
  lineText: LineText | null = null,
  setAsideCount = 0,
): ImportReport {
  const counts = {
    boreholes: boreholes.length,
    layers: boreholes.reduce((sum, b) => sum + b.layers.length, 0),
    spt: boreholes.reduce((sum, b) => sum + b.spt.length, 0),
    updates: boreholes.filter((b) => existing.has(b.locaId)).length,
    documents,
    setAside: setAsideCount,
  };
  const parts = [
    counted(counts.boreholes, 'forage', 'forages'),
    counted(counts.layers, 'couche', 'couches'),
    counted(counts.spt, 'essai SPT', 'essais SPT'),
    ...(documents > 0 ? [counted(documents, 'document joint', 'documents joints')] : []),
  ].join(', ');
  const updates =
    counts.updates === 0
      ? ''
      : ` ; ${counted(counts.updates, 'forage existe déjà et sera mis à jour', 'forages existent déjà et seront mis à jour')}`;
  const left =
    setAsideCount === 0
      ? ''
      : ` ; ${counted(setAsideCount, 'forage écarté, que GéoSonde ne peut pas ranger', 'forages écartés, que GéoSonde ne peut pas ranger')}`;
  // A check that stopped read no borehole: « 0 forage » would read as if the file were empty.
  const stopped = found.errors.some((issue) => issue.rule === PROCESS_ERROR);
  return {
    valid: found.errors.length === 0,
    summary: stopped ? 'lecture arrêtée avant la fin du fichier, aucun forage lu' : `${parts}${updates}${left}`,
    counts,
    errors: byRule(found.errors, lineText),
    setAside: byRule(found.setAside ?? [], lineText),
    warnings: byRule(found.warnings, lineText),
    fyi: byRule(found.fyi),
  };
}

/**
 * Validates an AGS 4 file for import, writing nothing: the AGS Format Rules as the reference
 * validator checks them (on the text once normalised, see normaliseText), then GéoSonde's rules
 * on the boreholes (positions, layers, SPT depths). Errors block the import; warnings and notes
 * (FYI) do not. Returns the report and what an import would write.
 */
export function prepareAgsImport(bytes: Uint8Array, options: PrepareOptions): PreparedImport {
  const { text, warnings, errors: unreadable } = normaliseText(bytes);
  const past = agsLimitIssue(text);
  if (past) {
    const report = reportOf([], options.existing, { errors: [past], warnings: [], fyi: [] });
    return { report, boreholes: [], attachments: [], groups: [] };
  }
  const utf8 = new TextEncoder().encode(text);
  const paths = options.files ? [...options.files.keys()] : null;
  const { issues, groups } = checkAgsGroups(utf8, (read) => options.dictionary(dictionaryNameOf(read)), paths);
  const stopped = issues.some((found) => found.rule === 'Validator Process Error');
  const read = stopped ? [] : readBoreholes(new Map(groups.map((g) => [g.name, g])), options.chosenCrs);
  const check = stopped ? { issues: [], setAside: new Set<string>() } : checkBoreholes(groups, read);
  issues.push(...check.issues);
  const errors = [
    ...unreadable.map((entry) => ({ rule: 'Encodage', ...entry })),
    ...issues.filter((found) => kindOf(found) === 'error' && !SET_ASIDE.has(found.rule)),
  ];
  const files = stopped || !options.files ? null : attachmentsOf(groups, options.files);
  const kept = withoutSetAside({ boreholes: read, groups, attachments: files?.attachments ?? [] }, check.setAside);
  const report = reportOf(
    kept.boreholes,
    options.existing,
    {
      errors,
      warnings: [
        ...warnings.map((entry) => ({ rule: 'Encodage', ...entry })),
        ...issues.filter((f) => kindOf(f) === 'warning'),
        ...(files?.warnings ?? []),
      ],
      fyi: issues.filter((found) => kindOf(found) === 'fyi'),
      setAside: issues.filter((found) => SET_ASIDE.has(found.rule)),
    },
    kept.attachments.reduce((sum, attachment) => sum + attachment.locaIds.length, 0),
    lineTexts(text),
    check.setAside.size,
  );
  return { report, ...kept };
}

/**
 * What a validated AGS file writes, read again at commit without checking it again (only GéoSonde's
 * rules, to leave out the same boreholes set aside): the verdict
 * stays the validation's, since the bytes are the same and no rule depends on what is stored
 * (the stored boreholes only change the count of updates). Half the time of prepareAgsImport.
 */
export function readAgsImport(
  bytes: Uint8Array,
  options: Pick<PrepareOptions, 'files' | 'chosenCrs'>,
): Omit<PreparedImport, 'report'> {
  const { groups } = readAgs(new TextEncoder().encode(normaliseText(bytes).text));
  const boreholes = readBoreholes(new Map(groups.map((g) => [g.name, g])), options.chosenCrs);
  const attachments = options.files ? attachmentsOf(groups, options.files).attachments : [];
  return withoutSetAside({ boreholes, attachments, groups }, checkBoreholes(groups, boreholes).setAside);
}
