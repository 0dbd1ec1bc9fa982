import { issue, type AgsIssue } from './ags-issue.ts';
import { headingsWithStatus, keyOf, type CheckContext } from './check-context.ts';
import { headingsOf, valueOf } from './read-ags.ts';

/** Groups without a parent row to look for (rule 10c). */
const NO_PARENT_CHECK = new Set('PROJ TRAN ABBR DICT UNIT TYPE LOCA FILE LBSG PREM STND'.split(' '));

/** Rule 10a: key fields present, and no two rows with the same keys. */
export function checkKeys(context: CheckContext): AgsIssue[] {
  return context.groups.flatMap((group) => {
    const keys = headingsWithStatus(context, group.name, 'KEY');
    const missing = keys.filter((key) => !headingsOf(group).includes(key));
    const issues = missing.map((key) => issue('10a', group.headingLine, group.name, `Le champ clé ${key} manque.`));
    const present = keys.filter((key) => !missing.includes(key));
    if (present.length === 0) return issues;
    const rowKeys = group.rows.map((row) => keyOf(group, row, present));
    const counts = new Map<string, number>();
    for (const key of rowKeys) counts.set(key, (counts.get(key) ?? 0) + 1);
    group.rows.forEach((row, i) => {
      const key = rowKeys[i]!;
      if (counts.get(key)! > 1) issues.push(issue('10a', row.line, group.name, `Clé en double : ${key}`));
    });
    return issues;
  });
}

/** Rule 10b: required fields present and filled. */
export function checkRequired(context: CheckContext): AgsIssue[] {
  return context.groups.flatMap((group) => {
    const required = headingsWithStatus(context, group.name, 'REQUIRED');
    const missing = required.filter((heading) => !headingsOf(group).includes(heading));
    const present = required.filter((heading) => !missing.includes(heading));
    return [
      ...missing.map((heading) =>
        issue('10b', group.headingLine, group.name, `Le champ obligatoire ${heading} manque.`),
      ),
      ...group.rows
        .filter((row) => present.some((heading) => valueOf(group, row, heading) === ''))
        .map((row) => issue('10b', row.line, group.name, 'Champ(s) obligatoire(s) vide(s).')),
    ];
  });
}

/** Rule 10c: each row has its parent row in the parent group. */
export function checkParents(context: CheckContext): AgsIssue[] {
  return context.groups.flatMap((group) => {
    const parentName = context.dictionary.get(group.name)?.parent ?? '';
    if (NO_PARENT_CHECK.has(group.name) || parentName === '' || parentName === '-') return [];
    const parent = context.byName.get(parentName);
    if (!parent) return [issue('10c', group.line, group.name, `Le groupe parent ${parentName} manque.`)];
    const keys = headingsWithStatus(context, parentName, 'KEY').filter((key) => headingsOf(parent).includes(key));
    const parentKeys = new Set(parent.rows.map((row) => keyOf(parent, row, keys)));
    return group.rows
      .filter((row) => !parentKeys.has(keyOf(group, row, keys)))
      .map((row) =>
        issue('10c', row.line, group.name, `Aucune ligne parente dans ${parentName} : ${keyOf(group, row, keys)}`),
      );
  });
}
