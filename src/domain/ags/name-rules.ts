import { isDefined } from './ags-dictionary.ts';
import { issue, type AgsIssue } from './ags-issue.ts';
import type { CheckContext } from './check-context.ts';
import { headingsOf } from './read-ags.ts';

/** Rule 7: headings in the order of the dictionary. */
export function checkOrder({ groups, dictionary }: CheckContext): AgsIssue[] {
  return groups.flatMap((group) => {
    const order = [...(dictionary.get(group.name)?.headings.keys() ?? [])];
    const positions = headingsOf(group).map((heading) => order.indexOf(heading));
    if (positions.includes(-1)) {
      const message =
        'L’ordre des en-têtes n’a pas pu être vérifié : certains manquent au groupe DICT et au dictionnaire standard (voir la règle 9).';
      return [issue('7', group.headingLine, group.name, message)];
    }
    const sorted = positions.every((position, i) => i === 0 || position > positions[i - 1]!);
    return sorted
      ? []
      : [issue('7', group.headingLine, group.name, 'Les en-têtes ne suivent pas l’ordre du dictionnaire.')];
  });
}

/** Rule 9: group and heading names from the dictionary. */
export function checkNames({ groups, dictionary }: CheckContext): AgsIssue[] {
  const notFound = 'n’est ni dans le groupe DICT ni dans le dictionnaire standard.';
  return groups.flatMap((group) => [
    ...(dictionary.has(group.name) ? [] : [issue('9', group.line, group.name, `Le groupe ${group.name} ${notFound}`)]),
    ...headingsOf(group)
      .filter((heading) => !isDefined(dictionary, group.name, heading))
      .map((heading) => issue('9', group.headingLine, group.name, `${heading} ${notFound}`)),
  ]);
}

/** Rule 18: a DICT group wherever a name is not standard. */
export function checkDictGroup(context: CheckContext): AgsIssue[] {
  if (context.byName.has('DICT') || checkNames(context).length === 0) return [];
  return [
    issue(
      '18',
      null,
      'DICT',
      'Pas de groupe DICT, alors que des groupes ou en-têtes ne sont pas standard (voir la règle 9).',
    ),
  ];
}

/**
 * Rule 7 (duplicates), 19a and 19b (form): what the HEADING row says on its own, checked line by
 * line by the reference, even in a file it cannot read to the end.
 */
export function checkHeadingForm({ groups }: CheckContext): AgsIssue[] {
  return groups.flatMap((group) => {
    const headings = headingsOf(group);
    const at = (rule: string, message: string, name = group.name) => issue(rule, group.headingLine, name, message);
    const issues: AgsIssue[] = [];
    if (group.headings && new Set(headings).size !== headings.length) {
      issues.push(at('7', 'La ligne HEADING répète un champ.', ''));
    }
    for (const heading of headings) {
      if (!/^[A-Z0-9_]*$/.test(heading)) {
        issues.push(at('19a', `L’en-tête ${heading} ne doit contenir que des majuscules, des chiffres et « _ ».`));
      }
      if (heading.length > 9) issues.push(at('19a', `L’en-tête ${heading} dépasse 9 caractères.`));
      const [prefix = '', field] = heading.split('_');
      if (field === undefined) {
        issues.push(at('19b', `L’en-tête ${heading} doit joindre le nom du groupe et celui du champ par « _ ».`));
      } else if (prefix.length !== 4 || field.length > 4) {
        issues.push(
          at(
            '19b',
            `L’en-tête ${heading} doit être un nom de groupe de 4 caractères, « _ » et un champ de 4 caractères au plus.`,
          ),
        );
      }
    }
    return issues;
  });
}

/** Rule 19b: a heading named after another group is defined there. */
export function checkHeadingGroups({ groups, dictionary }: CheckContext): AgsIssue[] {
  return groups.flatMap((group) =>
    headingsOf(group).flatMap((heading) => {
      const at = (message: string) => issue('19b', group.headingLine, group.name, message);
      const [prefix = ''] = heading.split('_');
      if (prefix === group.name || isDefined(dictionary, group.name, heading)) return [];
      const issues: AgsIssue[] = [];
      if (!dictionary.has(prefix)) issues.push(at(`Le groupe ${prefix} de l’en-tête ${heading} n’est pas défini.`));
      if (!isDefined(dictionary, prefix, heading)) {
        issues.push(at(`${heading} ne commence pas par le nom de ce groupe et n’est pas défini dans ${prefix}.`));
      }
      return issues;
    }),
  );
}
