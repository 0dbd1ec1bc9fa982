import { issue, type AgsIssue } from './ags-issue.ts';
import type { CheckContext } from './check-context.ts';
import { matchesDateFormat } from './date-format.ts';
import { columnsOf } from './read-ags.ts';

/** Rule 8: values of their TYPE, and IDs unique in the group that defines them. */
export function checkValues({ groups }: CheckContext): AgsIssue[] {
  return groups.flatMap((group) =>
    columnsOf(group).flatMap(({ heading, index, type, unit }) => {
      const issues: AgsIssue[] = [];
      const seen = new Set<string>();
      const unique = type === 'ID' && heading.startsWith(`${group.name}_`);
      for (const row of group.rows) {
        const value = row.values[index] ?? '';
        if (value === '') continue;
        const problem = typeProblem(value, type, unit);
        if (problem) issues.push(issue('8', row.line, group.name, `La valeur ${value} de ${heading} ${problem}.`));
        if (unique && seen.has(value))
          issues.push(issue('8', row.line, group.name, `${heading} ${value} apparaît deux fois.`));
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
    return `n’est pas un nombre à ${places} décimale(s)`;
  }
  if (kind === 'SF' && !hasSignificantFigures(value, Number(places))) {
    return `n’a pas ${places} chiffres significatifs`;
  }
  if (kind === 'SCI' && !new RegExp(`^[+-]?\\d${decimals}[eE][+-]?\\d+$`).test(value)) {
    return `n’est pas en notation scientifique à ${places} décimale(s)`;
  }
  if (type === 'U' && !NUMBER.test(value)) return 'n’est pas un nombre (type U)';
  if (type === 'YN' && !/^[YN]$/.test(value)) return 'n’est ni Y ni N';
  if (type === 'DMS' && !isDms(value)) return 'n’est pas en degrés:minutes:secondes';
  if ((type === 'DT' || type === 'T') && !matchesDateFormat(value, unit, type === 'T')) {
    return `ne suit pas le format ${unit} ou n’est pas une date ou une heure valide`;
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
