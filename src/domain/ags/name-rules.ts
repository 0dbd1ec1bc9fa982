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
        'Order of headings could not be checked: some are not in the DICT group or the standard dictionary.';
      return [issue('7', group.headingLine, group.name, message)];
    }
    const sorted = positions.every((position, i) => i === 0 || position > positions[i - 1]!);
    return sorted
      ? []
      : [issue('7', group.headingLine, group.name, 'Headings are not in the order of the dictionary.')];
  });
}

/** Rule 9: group and heading names from the dictionary. */
export function checkNames({ groups, dictionary }: CheckContext): AgsIssue[] {
  const notFound = 'not found in the DICT group or the standard dictionary.';
  return groups.flatMap((group) => [
    ...(dictionary.has(group.name) ? [] : [issue('9', group.line, group.name, `Group ${group.name} ${notFound}`)]),
    ...headingsOf(group)
      .filter((heading) => !isDefined(dictionary, group.name, heading))
      .map((heading) => issue('9', group.headingLine, group.name, `${heading} ${notFound}`)),
  ]);
}

/** Rule 18: a DICT group wherever a name is not standard. */
export function checkDictGroup(context: CheckContext): AgsIssue[] {
  if (context.byName.has('DICT') || checkNames(context).length === 0) return [];
  return [
    issue('18', null, 'DICT', 'DICT group not found, but some groups or headings are not standard (see rule 9).'),
  ];
}

/** Rules 19a and 19b: how heading names are written. */
export function checkHeadingNames({ groups, dictionary }: CheckContext): AgsIssue[] {
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
