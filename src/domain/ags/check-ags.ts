import { mergeDictionaries, readDictionary } from './ags-dictionary.ts';
import type { AgsIssue } from './ags-issue.ts';
import { readLines } from './ags-lines.ts';
import type { CheckContext } from './check-context.ts';
import { checkAbbreviations, checkTypes, checkUnits } from './definition-rules.ts';
import { checkFiles } from './file-rules.ts';
import { checkKeys, checkParents, checkRequired } from './key-rules.ts';
import { checkLine } from './line-rules.ts';
import { checkDictGroup, checkHeadingNames, checkNames, checkOrder } from './name-rules.ts';
import { readAgs, readGroups } from './read-ags.ts';
import { checkRecordLinks, checkSingleRows } from './record-rules.ts';
import { checkValues } from './value-rules.ts';

/** The rules on groups, in the order their issues are listed. */
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
  checkHeadingNames,
];

/**
 * Checks the bytes of an AGS 4 file against the AGS Format Rules 1 to 20 (edition 4.1) and a
 * standard dictionary (the bytes of an AGS 4 file with a DICT group; see standardDictionaryName).
 * `files` lists the paths beside the .ags file, relative to its folder with '/' between parts, for
 * rule 20 (FILE/<FILE_FSET>/<FILE_NAME> must be there); when null, the files are not looked for.
 * Calibrated on the verdicts of the reference validator, python-ags4 1.2.0 (see check-ags.test.ts).
 *
 * @example checkAgs(bytes, dictionary, ['FILE/FS1/report.pdf']) // [] for a valid file
 */
export function checkAgs(bytes: Uint8Array, dictionary: Uint8Array, files: readonly string[] | null): AgsIssue[] {
  const lines = readLines(bytes);
  const { groups, issues } = readGroups(lines);
  const byName = new Map(groups.map((g) => [g.name, g]));
  const standard = readDictionary(readAgs(dictionary).groups.find((g) => g.name === 'DICT'));
  const context: CheckContext = { groups, byName, dictionary: mergeDictionaries(standard, byName.get('DICT')) };
  return [
    ...lines.flatMap(checkLine),
    ...issues,
    ...GROUP_RULES.flatMap((check) => check(context)),
    ...checkFiles(context, files),
  ];
}
