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

/**
 * Rule 10c: each row has its parent row in the parent group. What concerns a whole group (no
 * definition, no parent named, key fields not defined) has no line, as in the reference validator;
 * key fields missing from the file's headings point at the group's HEADING line.
 */
export function checkParents(context: CheckContext): AgsIssue[] {
  return context.groups.flatMap((group) => {
    if (NO_PARENT_CHECK.has(group.name)) return [];
    const whole = (message: string) => [issue('10c', null, group.name, message)];
    const definition = context.dictionary.get(group.name);
    if (!definition) return whole('Groupe absent du dictionnaire : ses lignes parentes ne peuvent être vérifiées.');
    const parentName = definition.parent;
    if (parentName === '' || parentName === '-') return whole('Le dictionnaire ne donne pas de groupe parent.');
    const parent = context.byName.get(parentName);
    if (!parent) return whole(`Le groupe parent ${parentName} manque.`);
    const keys = headingsWithStatus(context, parentName, 'KEY');
    if (keys.length === 0) return whole(`Le groupe parent ${parentName} n’a aucun champ clé dans le dictionnaire.`);
    const childKeys = headingsWithStatus(context, group.name, 'KEY');
    const undefinedKeys = keys.filter((key) => !childKeys.includes(key));
    if (undefinedKeys.length > 0) {
      return whole(
        `${undefinedKeys.join(', ')} : clé(s) de ${parentName} qui ne le sont pas dans ce groupe (dictionnaire).`,
      );
    }
    if (!keys.every((key) => headingsOf(group).includes(key) && headingsOf(parent).includes(key))) {
      return [
        issue(
          '10c',
          group.headingLine,
          group.name,
          `Lignes parentes non vérifiées : des champs clés manquent (voir la règle 10a).`,
        ),
      ];
    }
    const parentKeys = new Set(parent.rows.map((row) => keyOf(parent, row, keys)));
    return group.rows
      .filter((row) => !parentKeys.has(keyOf(group, row, keys)))
      .map((row) =>
        issue('10c', row.line, group.name, `Aucune ligne parente dans ${parentName} : ${keyOf(group, row, keys)}`),
      );
  });
}
