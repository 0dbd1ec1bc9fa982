import { issue, type AgsIssue } from './ags-issue.ts';
import { headingsWithStatus, keyOf, tranValue, type CheckContext } from './check-context.ts';
import { columnsOf, headingsOf } from './read-ags.ts';

/** Rule 11: record links, with the delimiters TRAN declares, point to records of the file. */
export function checkRecordLinks(context: CheckContext): AgsIssue[] {
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
  if (delimiter === '')
    issues.push(issue('11a', null, 'TRAN', 'TRAN_DLIM est nécessaire aux liens entre enregistrements.'));
  if (concatenator === '')
    issues.push(issue('11b', null, 'TRAN', 'TRAN_RCON est nécessaire aux liens entre enregistrements.'));
  if (delimiter === '') return issues;
  for (const { group, row, value } of links) {
    const parts = concatenator === '' ? [value] : value.split(concatenator);
    for (const link of parts.filter((part) => !recordExists(context, part.split(delimiter)))) {
      issues.push(issue('11c', row.line, group.name, `Lien « ${link} » : aucun enregistrement ne lui correspond.`));
    }
  }
  return issues;
}

function recordExists(context: CheckContext, [groupName = '', ...values]: string[]): boolean {
  const target = context.byName.get(groupName);
  if (!target) return false;
  const keys = headingsWithStatus(context, groupName, 'KEY').filter((key) => headingsOf(target).includes(key));
  return target.rows.some((row) => keyOf(target, row, keys) === values.join('|'));
}

/** Rules 13 and 14: one PROJ row, one TRAN row. */
export function checkSingleRows({ byName }: CheckContext): AgsIssue[] {
  return [
    ['13', 'PROJ'],
    ['14', 'TRAN'],
  ].flatMap(([rule = '', name = '']) => {
    const group = byName.get(name);
    if (!group) return [issue(rule, null, name, `Le groupe ${name} manque.`)];
    if (group.dataRows <= 1) return [];
    const second = group.rows[1]?.line ?? group.line;
    return [issue(rule, second, name, `Le groupe ${name} ne doit avoir qu’une ligne DATA.`)];
  });
}
