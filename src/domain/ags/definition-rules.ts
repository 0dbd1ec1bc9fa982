import { issue, type AgsIssue } from './ags-issue.ts';
import { definedValues, tranValue, type CheckContext } from './check-context.ts';
import { columnsOf, type AgsGroup } from './read-ags.ts';

/** The distinct values of a group's columns of one TYPE (PA, PU), with their heading. */
function valuesOfType(group: AgsGroup, type: string, split: (value: string) => string[]): [string, string][] {
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

/** Rule 15: every unit used is in the file's UNIT group. */
export function checkUnits(context: CheckContext): AgsIssue[] {
  const units = definedValues(context, 'UNIT', 'UNIT_UNIT');
  return context.groups.flatMap((group) => {
    const used = new Set([...(group.units ?? []), ...valuesOfType(group, 'PU', (v) => [v]).map(([, value]) => value)]);
    return [...used]
      .filter((unit) => unit !== '' && !units.has(unit))
      .map((unit) => issue('15', null, group.name, `L’unité « ${unit} » manque au groupe UNIT.`));
  });
}

/** Rule 16: every abbreviation used is in the file's ABBR group, under its heading. */
export function checkAbbreviations(context: CheckContext): AgsIssue[] {
  const concatenator = tranValue(context, 'TRAN_RCON');
  const split = (value: string) => (concatenator === '' ? [value] : value.split(concatenator));
  return context.groups.flatMap((group) =>
    valuesOfType(group, 'PA', split)
      .filter(([heading, code]) => !definedValues(context, 'ABBR', 'ABBR_CODE', heading).has(code))
      .map(([heading, code]) =>
        issue('16', null, group.name, `« ${code} » (${heading}, groupe ${group.name}) manque au groupe ABBR.`),
      ),
  );
}

/** Rule 17: every data type used is in the file's TYPE group. */
export function checkTypes(context: CheckContext): AgsIssue[] {
  const types = definedValues(context, 'TYPE', 'TYPE_TYPE');
  return context.groups.flatMap((group) =>
    [...new Set(group.types)]
      .filter((type) => type !== '' && !types.has(type))
      .map((type) => issue('17', null, group.name, `Le type « ${type} » manque au groupe TYPE.`)),
  );
}
