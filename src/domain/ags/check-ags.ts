import { mergeDictionaries, readDictionary } from './ags-dictionary.ts';
import { issue, PROCESS_ERROR, type AgsIssue } from './ags-issue.ts';
import { readLines, type AgsLine } from './ags-lines.ts';
import type { CheckContext } from './check-context.ts';
import { checkAbbreviations, checkTypes, checkUnits } from './definition-rules.ts';
import { checkFiles } from './file-rules.ts';
import { checkAbbreviationDescriptions, checkEdition } from './fyi-rules.ts';
import { checkKeys, checkParents, checkRequired } from './key-rules.ts';
import { checkLine } from './line-rules.ts';
import { checkDictGroup, checkHeadingForm, checkHeadingGroups, checkNames, checkOrder } from './name-rules.ts';
import { findParseStop } from './parse-stop.ts';
import { readAgs, readGroups, type AgsGroup } from './read-ags.ts';
import { checkRecordLinks, checkSingleRows } from './record-rules.ts';
import { checkValues } from './value-rules.ts';

/** The rules on whole groups, checked once the file has been read into tables. */
const GROUP_RULES: ((context: CheckContext) => AgsIssue[])[] = [
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
  checkHeadingGroups,
  checkEdition,
];

/** Rules of the structure found while reading that the reference checks on whole groups. */
const READ_RULES_ON_GROUPS = new Set(['AGS Format Rule 2', 'AGS Format Rule 2b']);

/** A line of an AGS 3 file, which this checker (like the reference) does not read. */
function ags3Line(lines: AgsLine[]): AgsLine | undefined {
  return lines.find((line) => line.text.startsWith('"**PROJ"'));
}

/**
 * Checks the bytes of an AGS 4 file against the AGS Format Rules 1 to 20 (edition 4.1) and a
 * standard dictionary (the bytes of an AGS 4 file with a DICT group; see standardDictionaryName).
 * `files` lists the paths beside the .ags file, relative to its folder with '/' between parts, for
 * rule 20 (FILE/<FILE_FSET>/<FILE_NAME> must be there); when null, the files are not looked for.
 *
 * Its verdict is the reference validator's (python-ags4 1.2.0), rule by rule and line by line,
 * notes for information (FYI) included: on a file the reference cannot read to the end, it stops
 * at the same place with the same rules checked, and says why under 'Validator Process Error'.
 * See check-ags.test.ts.
 *
 * @example checkAgs(bytes, dictionary, ['FILE/FS1/report.pdf']) // [] for a valid file
 */
export function checkAgs(bytes: Uint8Array, dictionary: Uint8Array, files: readonly string[] | null): AgsIssue[] {
  return checkAgsGroups(bytes, () => dictionary, files).issues;
}

/** The groups of a dictionary file, read once per file (a dictionary is read by every check). */
const standardGroups = new WeakMap<Uint8Array, ReturnType<typeof readAgs>['groups']>();
function groupsOfDictionary(dictionary: Uint8Array) {
  let groups = standardGroups.get(dictionary);
  if (!groups) standardGroups.set(dictionary, (groups = readAgs(dictionary).groups));
  return groups;
}

/**
 * checkAgs, reading the file once: its issues and its groups as read. `dictionaryFor` gives the
 * standard dictionary for the file's groups (see dictionaryNameOf).
 */
export function checkAgsGroups(
  bytes: Uint8Array,
  dictionaryFor: (groups: AgsGroup[]) => Uint8Array,
  files: readonly string[] | null,
): { issues: AgsIssue[]; groups: AgsGroup[] } {
  const lines = readLines(bytes);
  const ags3 = ags3Line(lines);
  if (ags3) {
    const issues = [
      issue('3', ags3.number, '', 'La ligne commence par "**PROJ" : c’est un fichier AGS 3, que GéoSonde ne lit pas.'),
      { rule: PROCESS_ERROR, line: null, group: '', message: 'Vérification arrêtée : fichier AGS 3.' },
    ];
    return { issues, groups: [] };
  }
  const { groups, issues: readIssues } = readGroups(lines);
  const byName = new Map(groups.map((g) => [g.name, g]));
  const standard = groupsOfDictionary(dictionaryFor(groups));
  const dictionary = mergeDictionaries(readDictionary(standard.find((g) => g.name === 'DICT')), byName.get('DICT'));
  const context: CheckContext = { groups, byName, dictionary };
  const lineIssues = [
    ...lines.flatMap(checkLine),
    ...readIssues.filter((found) => !READ_RULES_ON_GROUPS.has(found.rule)),
    ...checkHeadingForm(context),
  ];
  const stop = findParseStop(new TextDecoder('utf-8').decode(bytes));
  if (stop) {
    return { issues: [...lineIssues, { rule: PROCESS_ERROR, line: null, group: '', message: stop.message }], groups };
  }
  const issues = [
    ...lineIssues,
    ...readIssues.filter((found) => READ_RULES_ON_GROUPS.has(found.rule)),
    ...GROUP_RULES.flatMap((check) => check(context)),
    ...checkFiles(context, files),
    ...checkAbbreviationDescriptions(
      context,
      standard.find((g) => g.name === 'ABBR'),
    ),
  ];
  return { issues, groups };
}
