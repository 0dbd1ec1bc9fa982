import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An AGS 4 checker for the tests: the AGS Format Rules 1 to 20 (edition 4.1), applied to the
 * bytes of a file and to a standard dictionary (itself an AGS 4 file with a DICT group).
 * Calibrated on the output of the reference validator (see check-ags.test.ts).
 */

export interface AgsIssue {
  rule: string;
  line: number | null;
  group: string;
  message: string;
}

const DESCRIPTORS = new Set(['GROUP', 'HEADING', 'UNIT', 'TYPE', 'DATA']);
/** Groups without a parent row to look for (rule 10c). */
const NO_PARENT_CHECK = new Set('PROJ TRAN ABBR DICT UNIT TYPE LOCA FILE LBSG PREM STND'.split(' '));
const DICTIONARY_FILES: Record<string, string> = {
  '4.0': 'Standard_dictionary_v4_0_3.ags',
  '4.0.3': 'Standard_dictionary_v4_0_3.ags',
  '4.0.4': 'Standard_dictionary_v4_0_4.ags',
  '4.1': 'Standard_dictionary_v4_1.ags',
  '4.1.1': 'Standard_dictionary_v4_1_1.ags',
  '4.2': 'Standard_dictionary_v4_2.ags',
};

interface TextLine {
  number: number;
  text: string;
  crlf: boolean;
}

interface Fields {
  values: string[];
  unquoted: boolean;
  strayQuote: boolean;
  badSeparator: boolean;
}

interface Row {
  line: number;
  values: string[];
}

interface Group {
  name: string;
  line: number;
  headings: string[] | null;
  /** The line of the HEADING row, where the issues about headings are reported. */
  headingLine: number;
  units: string[] | null;
  types: string[] | null;
  rows: Row[];
  /** DATA rows read, including those left out of `rows` for a wrong number of fields. */
  dataRows: number;
  /** The descriptor of the last row read, to check the order of the header rows. */
  last: string;
}

interface HeadingDef {
  status: string;
}

interface GroupDef {
  parent: string;
  /** In dictionary order: the standard headings, then those the file's DICT adds. */
  headings: Map<string, HeadingDef>;
}

type Dictionary = Map<string, GroupDef>;

interface Context {
  groups: Group[];
  byName: Map<string, Group>;
  /** The standard dictionary with what the file's DICT group adds. */
  dictionary: Dictionary;
}

const issue = (rule: string, line: number | null, group: string, message: string): AgsIssue => ({
  rule: `AGS Format Rule ${rule}`,
  line,
  group,
  message,
});

/**
 * Checks the bytes of an AGS 4 file against the AGS Format Rules and a standard dictionary (an AGS 4
 * file with a DICT group). `folder` holds the .ags file, for rule 20 (FILE/<FILE_FSET>/<FILE_NAME>
 * must exist); when null, the files themselves are not looked for.
 */
export function checkAgs(bytes: Uint8Array, dictionary: Uint8Array, folder: string | null): AgsIssue[] {
  const lines = readLines(bytes);
  const issues = lines.flatMap(checkLine);
  const groups = parseGroups(lines, issues);
  const byName = new Map(groups.map((g) => [g.name, g]));
  const standard = readDictionary(parseGroups(readLines(dictionary), []).find((g) => g.name === 'DICT'));
  const context: Context = { groups, byName, dictionary: mergeDictionaries(standard, byName.get('DICT')) };
  const checks = [
    checkValues,
    checkOrder,
    checkNames,
    checkKeys,
    checkRequired,
    checkParents,
    checkRecordLinks,
    checkSingleRows,
    checkUnits,
    checkAbbreviations,
    checkTypes,
    checkDictGroup,
    checkHeadingNames,
  ];
  return [...issues, ...checks.flatMap((check) => check(context)), ...checkFiles(context, folder)];
}

/** The standard dictionary file for the TRAN_AGS edition of a file (4.1.1 when it is not known). */
export function standardDictionaryName(bytes: Uint8Array): string {
  const tran = parseGroups(readLines(bytes), []).find((g) => g.name === 'TRAN');
  const edition = tran?.rows[0] ? valueOf(tran, tran.rows[0], 'TRAN_AGS') : '';
  return DICTIONARY_FILES[edition] ?? 'Standard_dictionary_v4_1_1.ags';
}

// Lines and fields (rules 1, 2a, 3, 5, 6)

function readLines(bytes: Uint8Array): TextLine[] {
  const pieces = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\n');
  const unterminated = pieces.pop() ?? '';
  const lines = pieces.map((piece, i) => ({
    number: i + 1,
    text: piece.replace(/\r$/, ''),
    crlf: piece.endsWith('\r'),
  }));
  if (unterminated !== '') lines.push({ number: lines.length + 1, text: unterminated.replace(/\r$/, ''), crlf: false });
  return lines;
}

/** Rules that each line must follow on its own, whatever its group. */
function checkLine({ number, text, crlf }: TextLine): AgsIssue[] {
  const issues: AgsIssue[] = [];
  // Read as UTF-8, any code point above 127 breaks the rule (the reference tolerates 160-255 too).
  if (/[\u0080-\uffff]/.test(text)) {
    const bom = number === 1 && text.startsWith('\ufeff') ? ' and/or a byte-order mark (BOM)' : '';
    issues.push(issue('1', number, '', `Has non-ASCII character(s)${bom}.`));
  }
  if (!crlf) issues.push(issue('2a', number, '', 'Is not terminated by <CR> and <LF> characters.'));
  if (text.trim() === '') return issues;
  if (!/^"(GROUP|HEADING|UNIT|TYPE|DATA)"/.test(text)) {
    issues.push(issue('3', number, '', 'Does not start with a valid data descriptor.'));
  }
  const fields = splitFields(text);
  if (fields.unquoted) issues.push(issue('5', number, '', 'Contains fields that are not enclosed in double quotes.'));
  else if (fields.strayQuote) issues.push(issue('5', number, '', 'Contains quotes within a data field not doubled.'));
  if (fields.badSeparator) issues.push(issue('6', number, '', 'Fields are not separated by commas.'));
  return issues;
}

/** Splits a line into its fields: quoted, separated by commas, with quotes doubled inside. */
function splitFields(text: string): Fields {
  const fields: Fields = { values: [], unquoted: false, strayQuote: false, badSeparator: false };
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
function readQuoted(text: string, start: number, fields: Fields): [string, number] {
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

// Groups (rules 2, 2b, 4, 19)

/** Reads the groups of a file, adding the issues of its structure. */
function parseGroups(lines: TextLine[], issues: AgsIssue[]): Group[] {
  const groups: Group[] = [];
  for (const { number, text } of lines) {
    const [descriptor = '', ...values] = splitFields(number === 1 ? text.replace(/^\ufeff/, '') : text).values;
    if (!DESCRIPTORS.has(descriptor)) continue;
    if (descriptor === 'GROUP') {
      groups.push(startGroup(values, number, issues));
      continue;
    }
    const group = groups.at(-1);
    if (group) readRow(group, descriptor, values, number, issues);
    else issues.push(issue('2', number, '', `${descriptor} row before any GROUP row.`));
  }
  if (groups.length === 0) issues.push(issue('2', null, '', 'No GROUP found.'));
  for (const group of groups) issues.push(...checkGroupRows(group));
  return groups;
}

function startGroup(values: string[], line: number, issues: AgsIssue[]): Group {
  const name = values[0] ?? '';
  if (values.length !== 1) issues.push(issue('4', line, name, 'GROUP row should hold the group name only.'));
  if (!/^[A-Z0-9]{4}$/.test(name)) {
    issues.push(issue('19', line, name, `Group name ${name} should be four uppercase letters or digits.`));
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

function readRow(group: Group, descriptor: string, values: string[], line: number, issues: AgsIssue[]): void {
  const previous = group.last;
  group.last = descriptor;
  if (descriptor === 'HEADING') {
    if (previous !== 'GROUP') issues.push(issue('2b', line, group.name, 'HEADING row should follow the GROUP row.'));
    if (!group.headings) [group.headings, group.headingLine] = [values, line];
    return;
  }
  if (!group.headings) {
    issues.push(issue('2', line, group.name, `${descriptor} row before the HEADING row.`));
    return;
  }
  if (values.length !== group.headings.length) {
    issues.push(issue('4', line, group.name, 'Number of fields does not match the HEADING row.'));
  }
  if (descriptor === 'DATA') {
    group.dataRows++;
    if (values.length === group.headings.length) group.rows.push({ line, values });
  } else if (descriptor === 'UNIT') {
    if (previous !== 'HEADING') issues.push(issue('2b', line, group.name, 'UNIT row should follow the HEADING row.'));
    group.units ??= values;
  } else {
    if (previous !== 'UNIT') issues.push(issue('2b', line, group.name, 'TYPE row should follow the UNIT row.'));
    group.types ??= values;
  }
}

function checkGroupRows(group: Group): AgsIssue[] {
  const issues: AgsIssue[] = [];
  const at = (rule: string, message: string) => issues.push(issue(rule, group.line, group.name, message));
  if (!group.headings) at('2', 'Group has no HEADING row.');
  if (!group.units) at('2b', 'Group has no UNIT row.');
  if (!group.types) at('2b', 'Group has no TYPE row.');
  if (group.dataRows === 0) at('2', 'Group has no DATA row.');
  return issues;
}

const headingsOf = (group: Group) => group.headings ?? [];

function valueOf(group: Group, row: Row, heading: string): string {
  const index = headingsOf(group).indexOf(heading);
  return index < 0 ? '' : (row.values[index] ?? '');
}

/** Each heading of the group with its TYPE and UNIT. */
function columnsOf(group: Group): { heading: string; index: number; type: string; unit: string }[] {
  return headingsOf(group).map((heading, index) => ({
    heading,
    index,
    type: group.types?.[index] ?? '',
    unit: group.units?.[index] ?? '',
  }));
}

// Dictionary

function readDictionary(dict: Group | undefined): Dictionary {
  const dictionary: Dictionary = new Map();
  for (const row of dict?.rows ?? []) {
    const field = (heading: string) => valueOf(dict!, row, heading);
    const name = field('DICT_GRP');
    const def = dictionary.get(name) ?? { parent: '', headings: new Map<string, HeadingDef>() };
    dictionary.set(name, def);
    if (field('DICT_TYPE') === 'GROUP') def.parent = field('DICT_PGRP');
    else if (field('DICT_TYPE') === 'HEADING' && !def.headings.has(field('DICT_HDNG'))) {
      def.headings.set(field('DICT_HDNG'), { status: field('DICT_STAT') });
    }
  }
  return dictionary;
}

/** The standard dictionary with the groups and headings that the file's DICT group adds. */
function mergeDictionaries(standard: Dictionary, dict: Group | undefined): Dictionary {
  const merged: Dictionary = new Map(
    [...standard].map(([name, def]) => [name, { ...def, headings: new Map(def.headings) }]),
  );
  for (const [name, def] of readDictionary(dict)) {
    const known = merged.get(name);
    if (!known) merged.set(name, def);
    else for (const [heading, h] of def.headings) if (!known.headings.has(heading)) known.headings.set(heading, h);
  }
  return merged;
}

/** The headings of a group with a status (KEY or REQUIRED) in the dictionary. */
function headingsWithStatus(context: Context, group: string, status: 'KEY' | 'REQUIRED'): string[] {
  const def = context.dictionary.get(group);
  if (!def) return [];
  return [...def.headings].filter(([, h]) => h.status.split('+').includes(status)).map(([name]) => name);
}

const isDefined = (dictionary: Dictionary, group: string, heading: string) =>
  dictionary.get(group)?.headings.has(heading) ?? false;

// Rule 7: headings in dictionary order

function checkOrder({ groups, dictionary }: Context): AgsIssue[] {
  return groups.flatMap((group) => {
    const order = [...(dictionary.get(group.name)?.headings.keys() ?? [])];
    const positions = headingsOf(group).map((heading) => order.indexOf(heading));
    if (positions.includes(-1)) {
      const message =
        'Order of headings could not be checked: some are not in the DICT group or the standard dictionary.';
      return [issue('7', group.headingLine, group.name, message)];
    }
    const sorted = positions.every((position, i) => i === 0 || position > positions[i - 1]!);
    return sorted
      ? []
      : [issue('7', group.headingLine, group.name, 'Headings are not in the order of the dictionary.')];
  });
}

// Rules 9 and 18: names from the dictionary

function checkNames({ groups, dictionary }: Context): AgsIssue[] {
  const notFound = 'not found in the DICT group or the standard dictionary.';
  return groups.flatMap((group) => [
    ...(dictionary.has(group.name) ? [] : [issue('9', group.line, group.name, `Group ${group.name} ${notFound}`)]),
    ...headingsOf(group)
      .filter((heading) => !isDefined(dictionary, group.name, heading))
      .map((heading) => issue('9', group.headingLine, group.name, `${heading} ${notFound}`)),
  ]);
}

function checkDictGroup(context: Context): AgsIssue[] {
  if (context.byName.has('DICT') || checkNames(context).length === 0) return [];
  return [
    issue('18', null, 'DICT', 'DICT group not found, but some groups or headings are not standard (see rule 9).'),
  ];
}

// Rules 19a and 19b: heading names

function checkHeadingNames({ groups, dictionary }: Context): AgsIssue[] {
  return groups.flatMap((group) =>
    headingsOf(group).flatMap((heading) => {
      const at = (rule: string, message: string) => issue(rule, group.headingLine, group.name, message);
      const issues: AgsIssue[] = [];
      if (heading.length > 9) issues.push(at('19a', `Heading ${heading} is more than 9 characters long.`));
      if (!/^[A-Z0-9_]*$/.test(heading)) {
        issues.push(at('19a', `Heading ${heading} should hold uppercase letters, digits and underscores only.`));
      }
      const [prefix = '', ...rest] = heading.split('_');
      const field = rest.join('_');
      if (prefix.length !== 4 || field.length < 1 || field.length > 4) {
        issues.push(at('19b', `Heading ${heading} should be a 4-character group name, '_' and up to 4 characters.`));
      }
      if (prefix !== group.name && !isDefined(dictionary, group.name, heading)) {
        if (!dictionary.has(prefix)) issues.push(at('19b', `Group ${prefix} of heading ${heading} is not defined.`));
        if (!isDefined(dictionary, prefix, heading)) {
          issues.push(
            at('19b', `${heading} does not start with the name of this group, nor is it defined in ${prefix}.`),
          );
        }
      }
      return issues;
    }),
  );
}

// Rule 10: keys, required fields, parents

const keyOf = (group: Group, row: Row, headings: string[]) => headings.map((h) => valueOf(group, row, h)).join('|');

function checkKeys(context: Context): AgsIssue[] {
  return context.groups.flatMap((group) => {
    const keys = headingsWithStatus(context, group.name, 'KEY');
    const missing = keys.filter((key) => !headingsOf(group).includes(key));
    const issues = missing.map((key) => issue('10a', group.headingLine, group.name, `Key field ${key} not found.`));
    const present = keys.filter((key) => !missing.includes(key));
    if (present.length === 0) return issues;
    const rowKeys = group.rows.map((row) => keyOf(group, row, present));
    const counts = new Map<string, number>();
    for (const key of rowKeys) counts.set(key, (counts.get(key) ?? 0) + 1);
    group.rows.forEach((row, i) => {
      const key = rowKeys[i]!;
      if (counts.get(key)! > 1)
        issues.push(issue('10a', row.line, group.name, `Duplicate key field combination: ${key}`));
    });
    return issues;
  });
}

function checkRequired(context: Context): AgsIssue[] {
  return context.groups.flatMap((group) => {
    const required = headingsWithStatus(context, group.name, 'REQUIRED');
    const missing = required.filter((heading) => !headingsOf(group).includes(heading));
    const present = required.filter((heading) => !missing.includes(heading));
    return [
      ...missing.map((heading) => issue('10b', group.headingLine, group.name, `Required field ${heading} not found.`)),
      ...group.rows
        .filter((row) => present.some((heading) => valueOf(group, row, heading) === ''))
        .map((row) => issue('10b', row.line, group.name, 'Empty REQUIRED field(s).')),
    ];
  });
}

function checkParents(context: Context): AgsIssue[] {
  return context.groups.flatMap((group) => {
    const parentName = context.dictionary.get(group.name)?.parent ?? '';
    if (NO_PARENT_CHECK.has(group.name) || parentName === '' || parentName === '-') return [];
    const parent = context.byName.get(parentName);
    if (!parent) return [issue('10c', group.line, group.name, `Parent group ${parentName} not found.`)];
    const keys = headingsWithStatus(context, parentName, 'KEY').filter((key) => headingsOf(parent).includes(key));
    const parentKeys = new Set(parent.rows.map((row) => keyOf(parent, row, keys)));
    return group.rows
      .filter((row) => !parentKeys.has(keyOf(group, row, keys)))
      .map((row) => issue('10c', row.line, group.name, `No parent row in ${parentName}: ${keyOf(group, row, keys)}`));
  });
}

// Rule 11: record links

function tranValue({ byName }: Context, heading: string): string {
  const tran = byName.get('TRAN');
  return tran?.rows[0] ? valueOf(tran, tran.rows[0], heading) : '';
}

function checkRecordLinks(context: Context): AgsIssue[] {
  const links = context.groups.flatMap((group) =>
    columnsOf(group)
      .filter((column) => column.type === 'RL')
      .flatMap(({ index }) => group.rows.map((row) => ({ group, row, value: row.values[index] ?? '' })))
      .filter(({ value }) => value !== ''),
  );
  if (links.length === 0) return [];
  const delimiter = tranValue(context, 'TRAN_DLIM');
  const concatenator = tranValue(context, 'TRAN_RCON');
  const issues: AgsIssue[] = [];
  if (delimiter === '') issues.push(issue('11a', null, 'TRAN', 'TRAN_DLIM is needed for record links.'));
  if (concatenator === '') issues.push(issue('11b', null, 'TRAN', 'TRAN_RCON is needed for record links.'));
  if (delimiter === '') return issues;
  for (const { group, row, value } of links) {
    const parts = concatenator === '' ? [value] : value.split(concatenator);
    for (const link of parts.filter((part) => !recordExists(context, part.split(delimiter)))) {
      issues.push(issue('11c', row.line, group.name, `Invalid record link: "${link}". No such record found.`));
    }
  }
  return issues;
}

function recordExists(context: Context, [groupName = '', ...values]: string[]): boolean {
  const target = context.byName.get(groupName);
  if (!target) return false;
  const keys = headingsWithStatus(context, groupName, 'KEY').filter((key) => headingsOf(target).includes(key));
  return target.rows.some((row) => keyOf(target, row, keys) === values.join('|'));
}

// Rules 13 and 14: one PROJ row, one TRAN row

function checkSingleRows({ byName }: Context): AgsIssue[] {
  return [
    ['13', 'PROJ'],
    ['14', 'TRAN'],
  ].flatMap(([rule = '', name = '']) => {
    const group = byName.get(name);
    if (!group) return [issue(rule, null, name, `${name} group not found.`)];
    if (group.dataRows <= 1) return [];
    const second = group.rows[1]?.line ?? group.line;
    return [issue(rule, second, name, `There should not be more than one DATA row in the ${name} group.`)];
  });
}

// Rules 15, 16, 17: units, abbreviations and types defined in the file

/** The values of a column of the file's own UNIT, ABBR or TYPE group. */
function definedValues({ byName }: Context, groupName: string, heading: string, prefix?: string): Set<string> {
  const group = byName.get(groupName);
  if (!group) return new Set();
  return new Set(
    group.rows
      .filter((row) => prefix === undefined || valueOf(group, row, 'ABBR_HDNG') === prefix)
      .map((row) => valueOf(group, row, heading)),
  );
}

/** The distinct values of a group's columns of one TYPE (PA, PU), with their heading. */
function valuesOfType(group: Group, type: string, split: (value: string) => string[]): [string, string][] {
  const found = new Map<string, [string, string]>();
  for (const { heading, index } of columnsOf(group).filter((column) => column.type === type)) {
    for (const row of group.rows) {
      for (const value of split(row.values[index] ?? '').filter((v) => v !== '')) {
        found.set(`${heading}\u0000${value}`, [heading, value]);
      }
    }
  }
  return [...found.values()];
}

function checkUnits(context: Context): AgsIssue[] {
  const units = definedValues(context, 'UNIT', 'UNIT_UNIT');
  return context.groups.flatMap((group) => {
    const used = new Set([...(group.units ?? []), ...valuesOfType(group, 'PU', (v) => [v]).map(([, value]) => value)]);
    return [...used]
      .filter((unit) => unit !== '' && !units.has(unit))
      .map((unit) => issue('15', null, group.name, `Unit "${unit}" not found in the UNIT group.`));
  });
}

function checkTypes(context: Context): AgsIssue[] {
  const types = definedValues(context, 'TYPE', 'TYPE_TYPE');
  return context.groups.flatMap((group) =>
    [...new Set(group.types)]
      .filter((type) => type !== '' && !types.has(type))
      .map((type) => issue('17', null, group.name, `Data type "${type}" not found in the TYPE group.`)),
  );
}

function checkAbbreviations(context: Context): AgsIssue[] {
  const concatenator = tranValue(context, 'TRAN_RCON');
  const split = (value: string) => (concatenator === '' ? [value] : value.split(concatenator));
  return context.groups.flatMap((group) =>
    valuesOfType(group, 'PA', split)
      .filter(([heading, code]) => !definedValues(context, 'ABBR', 'ABBR_CODE', heading).has(code))
      .map(([heading, code]) =>
        issue('16', null, group.name, `"${code}" under ${heading} in ${group.name} not found in the ABBR group.`),
      ),
  );
}

// Rule 20: associated files

function checkFiles(context: Context, folder: string | null): AgsIssue[] {
  const file = context.byName.get('FILE');
  const sets = definedValues(context, 'FILE', 'FILE_FSET');
  const issues = context.groups
    .filter((group) => group.name !== 'FILE')
    .flatMap((group) =>
      [...new Set(group.rows.map((row) => valueOf(group, row, 'FILE_FSET')))]
        .filter((set) => set !== '' && !sets.has(set))
        .map((set) => issue('20', null, group.name, `FILE_FSET "${set}" not found in the FILE group.`)),
    );
  if (!file || folder === null) return issues;
  for (const row of file.rows) {
    const path = join('FILE', valueOf(file, row, 'FILE_FSET'), valueOf(file, row, 'FILE_NAME'));
    if (!existsSync(join(folder, path))) issues.push(issue('20', row.line, 'FILE', `File ${path} not found.`));
  }
  return issues;
}

// Rule 8: values of their TYPE, unique IDs

function checkValues({ groups }: Context): AgsIssue[] {
  return groups.flatMap((group) =>
    columnsOf(group).flatMap(({ heading, index, type, unit }) => {
      const issues: AgsIssue[] = [];
      const seen = new Set<string>();
      const unique = type === 'ID' && heading.startsWith(`${group.name}_`);
      for (const row of group.rows) {
        const value = row.values[index] ?? '';
        if (value === '') continue;
        const problem = typeProblem(value, type, unit);
        if (problem) issues.push(issue('8', row.line, group.name, `Value ${value} in ${heading} ${problem}.`));
        if (unique && seen.has(value)) issues.push(issue('8', row.line, group.name, `Duplicate ${heading} ${value}.`));
        seen.add(value);
      }
      return issues;
    }),
  );
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Why a value does not match its TYPE (and UNIT, for dates and times), or null. */
function typeProblem(value: string, type: string, unit: string): string | null {
  const [, places = '', kind] = /^(\d+)(DP|SF|SCI)$/.exec(type) ?? [];
  const decimals = places === '0' ? '' : `\\.\\d{${places}}`;
  if (kind === 'DP' && !new RegExp(`^[+-]?\\d+${decimals}$`).test(value)) {
    return `is not a number with ${places} decimal places`;
  }
  if (kind === 'SF' && !hasSignificantFigures(value, Number(places))) {
    return `does not have ${places} significant figures`;
  }
  if (kind === 'SCI' && !new RegExp(`^[+-]?\\d${decimals}[eE][+-]?\\d+$`).test(value)) {
    return `is not in scientific notation with ${places} decimal places`;
  }
  if (type === 'U' && !NUMBER.test(value)) return 'is not of data type U: a number is expected';
  if (type === 'YN' && !/^[YN]$/.test(value)) return 'is not Y or N';
  if (type === 'DMS' && !isDms(value)) return 'is not in degrees:minutes:seconds';
  if ((type === 'DT' || type === 'T') && !matchesDateFormat(value, unit, type === 'T')) {
    return `does not match the format ${unit} or is an invalid date or time`;
  }
  return null;
}

/** Whether a number is written with n significant figures (trailing zeros of an integer may count). */
function hasSignificantFigures(value: string, n: number): boolean {
  const match = /^[+-]?(\d+\.?\d*|\.\d+)$/.exec(value);
  if (!match) return false;
  const digits = match[1]!.replace('.', '').replace(/^0+/, '');
  if (digits === '') return true;
  if (match[1]!.includes('.')) return digits.length === n;
  return digits.replace(/0+$/, '').length <= n && n <= digits.length;
}

function isDms(value: string): boolean {
  const match = /^[+-]?\d{1,3}:(\d{2}):(\d{2}(\.\d+)?)$/.exec(value);
  return match !== null && Number(match[1]) < 60 && Number(match[2]) < 60;
}

type DatePart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** A regular expression for a date/time UNIT such as yyyy-mm-ddThh:mm, with the part each group captures. */
function compileDateFormat(unit: string, elapsed: boolean): { pattern: RegExp; parts: DatePart[] } | null {
  const parts: DatePart[] = [];
  const hasDate = /yyyy|dd/.test(unit);
  let source = '';
  for (const token of unit.match(/Z\(\+hh:mm\)|yyyy|sss|ss|mm|dd|hh|[\s\S]/g) ?? []) {
    const part = datePart(token, hasDate && !parts.includes('hour'));
    if (part) parts.push(part);
    if (token === 'Z(+hh:mm)') source += 'Z\\([+-]\\d{2}:\\d{2}\\)';
    else if (token === 'sss') source += '\\d{3}';
    else if (part === 'year') source += '(\\d{4})';
    else if (part === 'hour' && elapsed) source += '(\\d{2,})';
    else if (part) source += '(\\d{2})';
    else source += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return parts.length === 0 ? null : { pattern: new RegExp(`^${source}$`), parts };
}

function datePart(token: string, monthFirst: boolean): DatePart | null {
  const parts: Record<string, DatePart> = { yyyy: 'year', dd: 'day', hh: 'hour', ss: 'second' };
  if (token === 'mm') return monthFirst ? 'month' : 'minute';
  return parts[token] ?? null;
}

function matchesDateFormat(value: string, unit: string, elapsed: boolean): boolean {
  const format = compileDateFormat(unit, elapsed);
  if (!format) return true;
  const match = format.pattern.exec(value);
  if (!match) return false;
  const part = (name: DatePart, fallback: number) => {
    const index = format.parts.indexOf(name);
    return index < 0 ? fallback : Number(match[index + 1]);
  };
  const [year, month, day] = [part('year', 2000), part('month', 1), part('day', 1)];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    (elapsed || part('hour', 0) <= 23) &&
    part('minute', 0) <= 59 &&
    part('second', 0) <= 59
  );
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
