type DatePart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** A regular expression for a date/time UNIT such as yyyy-mm-ddThh:mm, with the part each group captures. */
function compileDateFormat(unit: string, elapsed: boolean): { pattern: RegExp; parts: DatePart[] } | null {
  const parts: DatePart[] = [];
  const hasDate = /yyyy|dd/.test(unit);
  let source = '';
  for (const token of unit.match(/Z\(\+hh:mm\)|yyyy|sss|ss|mm|dd|hh|[\s\S]/g) ?? []) {
    const part = datePart(token, hasDate && !parts.includes('hour'));
    if (part) parts.push(part);
    if (token === 'Z(+hh:mm)') source += 'Z\\([+-]\\d{2}:\\d{2}\\)';
    else if (token === 'sss') source += '\\d{3}';
    else if (part === 'year') source += '(\\d{4})';
    else if (part === 'hour' && elapsed) source += '(\\d{2,})';
    else if (part) source += '(\\d{2})';
    else source += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return parts.length === 0 ? null : { pattern: new RegExp(`^${source}$`), parts };
}

function datePart(token: string, monthFirst: boolean): DatePart | null {
  const parts: Record<string, DatePart> = { yyyy: 'year', dd: 'day', hh: 'hour', ss: 'second' };
  if (token === 'mm') return monthFirst ? 'month' : 'minute';
  return parts[token] ?? null;
}

/**
 * Whether a DT or T value (`elapsed`: hours may pass 23) is written as its UNIT says and is a real
 * date and time. A UNIT without date or time parts accepts anything.
 *
 * @example matchesDateFormat('2024-02-30', 'yyyy-mm-dd', false) // false
 */
export function matchesDateFormat(value: string, unit: string, elapsed: boolean): boolean {
  const format = compileDateFormat(unit, elapsed);
  if (!format) return true;
  const match = format.pattern.exec(value);
  if (!match) return false;
  const part = (name: DatePart, fallback: number) => {
    const index = format.parts.indexOf(name);
    return index < 0 ? fallback : Number(match[index + 1]);
  };
  const [year, month, day] = [part('year', 2000), part('month', 1), part('day', 1)];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    (elapsed || part('hour', 0) <= 23) &&
    part('minute', 0) <= 59 &&
    part('second', 0) <= 59
  );
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The calendar day a value starts with (AAAA-MM-JJ, the AGS DT form), or null when it is not a
 * real day: '2024-02-30' and '2024-13-01' are null, so that no database refuses it later.
 *
 * @example calendarDate('2024-05-13T08:30') // '2024-05-13'
 */
export function calendarDate(value: string): string | null {
  const day = value.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : day;
}
