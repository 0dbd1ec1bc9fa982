import type { AgsDictionary } from './ags-dictionary.ts';
import { valueOf, type AgsGroup, type AgsRow } from './read-ags.ts';

/** What the rules of a file are checked against. */
export interface CheckContext {
  groups: AgsGroup[];
  byName: Map<string, AgsGroup>;
  /** The standard dictionary with what the file's DICT group adds. */
  dictionary: AgsDictionary;
}

/** The headings of a group with a status (KEY or REQUIRED) in the dictionary. */
export function headingsWithStatus(context: CheckContext, group: string, status: 'KEY' | 'REQUIRED'): string[] {
  const def = context.dictionary.get(group);
  if (!def) return [];
  return [...def.headings].filter(([, h]) => h.status.split('+').includes(status)).map(([name]) => name);
}

/** A row's values under some headings, joined: how rows are compared by key. */
export const keyOf = (group: AgsGroup, row: AgsRow, headings: string[]) =>
  headings.map((h) => valueOf(group, row, h)).join('|');

/** A value of the file's TRAN row, '' when there is none. */
export function tranValue({ byName }: CheckContext, heading: string): string {
  const tran = byName.get('TRAN');
  return tran?.rows[0] ? valueOf(tran, tran.rows[0], heading) : '';
}

/** The values of a column of the file's own UNIT, ABBR, TYPE or FILE group. */
export function definedValues(
  { byName }: CheckContext,
  groupName: string,
  heading: string,
  prefix?: string,
): Set<string> {
  const group = byName.get(groupName);
  if (!group) return new Set();
  return new Set(
    group.rows
      .filter((row) => prefix === undefined || valueOf(group, row, 'ABBR_HDNG') === prefix)
      .map((row) => valueOf(group, row, heading)),
  );
}
