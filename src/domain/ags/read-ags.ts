import { issue, type AgsIssue } from './ags-issue.ts';
import { readLines, splitFields, type AgsLine } from './ags-lines.ts';

/** A DATA row, with its line number. */
export interface AgsRow {
  line: number;
  values: string[];
}

/** A group as read: its header rows and its DATA rows, with line numbers. */
export interface AgsGroup {
  name: string;
  line: number;
  headings: string[] | null;
  /** The line of the HEADING row, where the issues about headings are reported. */
  headingLine: number;
  units: string[] | null;
  types: string[] | null;
  rows: AgsRow[];
  /** DATA rows read, including those left out of `rows` for a wrong number of fields. */
  dataRows: number;
  /** The descriptor of the last row read, to check the order of the header rows. */
  last: string;
}

const DESCRIPTORS = new Set(['GROUP', 'HEADING', 'UNIT', 'TYPE', 'DATA']);

/** Reads the groups of an AGS 4 file, with what breaks the rules of its structure (2, 2b, 4, 19). */
export function readAgs(bytes: Uint8Array): { groups: AgsGroup[]; issues: AgsIssue[] } {
  return readGroups(readLines(bytes));
}

/** Reads the groups of lines already split (see readLines), with the issues of their structure. */
export function readGroups(lines: AgsLine[]): { groups: AgsGroup[]; issues: AgsIssue[] } {
  const groups: AgsGroup[] = [];
  const issues: AgsIssue[] = [];
  for (const { number, text } of lines) {
    const [descriptor = '', ...values] = splitFields(number === 1 ? text.replace(/^\ufeff/, '') : text).values;
    if (!DESCRIPTORS.has(descriptor)) continue;
    if (descriptor === 'GROUP') {
      groups.push(startGroup(values, number, issues));
      continue;
    }
    const group = groups.at(-1);
    if (group) readRow(group, descriptor, values, number, issues);
    else issues.push(issue('2', number, '', `Ligne ${descriptor} avant toute ligne GROUP.`));
  }
  if (groups.length === 0) issues.push(issue('2', null, '', 'Aucun groupe (GROUP).'));
  for (const group of groups) issues.push(...checkGroupRows(group));
  return { groups, issues };
}

function startGroup(values: string[], line: number, issues: AgsIssue[]): AgsGroup {
  const name = values[0] ?? '';
  if (values.length !== 1) issues.push(issue('4', line, name, 'La ligne GROUP ne doit porter que le nom du groupe.'));
  if (!/^[A-Z0-9]{4}$/.test(name)) {
    issues.push(issue('19', line, name, `Le nom de groupe ${name} doit faire quatre majuscules ou chiffres.`));
  }
  return {
    name,
    line,
    headings: null,
    headingLine: line,
    units: null,
    types: null,
    rows: [],
    dataRows: 0,
    last: 'GROUP',
  };
}

function readRow(group: AgsGroup, descriptor: string, values: string[], line: number, issues: AgsIssue[]): void {
  const previous = group.last;
  group.last = descriptor;
  if (descriptor === 'HEADING') {
    if (previous !== 'GROUP')
      issues.push(issue('2b', line, group.name, 'La ligne HEADING doit suivre la ligne GROUP.'));
    if (!group.headings) [group.headings, group.headingLine] = [values, line];
    return;
  }
  if (!group.headings) {
    issues.push(issue('2', line, group.name, `Ligne ${descriptor} avant la ligne HEADING.`));
    return;
  }
  if (values.length !== group.headings.length) {
    issues.push(issue('4', line, group.name, 'Le nombre de champs diffère de celui de la ligne HEADING.'));
  }
  if (descriptor === 'DATA') {
    group.dataRows++;
    if (values.length === group.headings.length) group.rows.push({ line, values });
  } else if (descriptor === 'UNIT') {
    if (previous !== 'HEADING')
      issues.push(issue('2b', line, group.name, 'La ligne UNIT doit suivre la ligne HEADING.'));
    group.units ??= values;
  } else {
    if (previous !== 'UNIT') issues.push(issue('2b', line, group.name, 'La ligne TYPE doit suivre la ligne UNIT.'));
    group.types ??= values;
  }
}

function checkGroupRows(group: AgsGroup): AgsIssue[] {
  const issues: AgsIssue[] = [];
  const at = (rule: string, message: string) => issues.push(issue(rule, group.line, group.name, message));
  if (!group.headings) at('2', 'Le groupe n’a pas de ligne HEADING.');
  if (!group.units) at('2b', 'Le groupe n’a pas de ligne UNIT.');
  if (!group.types) at('2b', 'Le groupe n’a pas de ligne TYPE.');
  if (group.dataRows === 0) at('2', 'Le groupe n’a pas de ligne DATA.');
  return issues;
}

export const headingsOf = (group: AgsGroup) => group.headings ?? [];

/** The value of a row under a heading, '' when the group has no such heading. */
export function valueOf(group: AgsGroup, row: AgsRow, heading: string): string {
  const index = headingsOf(group).indexOf(heading);
  return index < 0 ? '' : (row.values[index] ?? '');
}

/** Each heading of the group with its TYPE and UNIT. */
export function columnsOf(group: AgsGroup): { heading: string; index: number; type: string; unit: string }[] {
  return headingsOf(group).map((heading, index) => ({
    heading,
    index,
    type: group.types?.[index] ?? '',
    unit: group.units?.[index] ?? '',
  }));
}
