import { z } from 'zod';

/** The days a `datetime` parameter covers, both included; an absent end is open. */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * An instant as RFC 3339 writes it (`2024-05-01`, `2024-05-01T10:30:00Z`, `…+02:00`), and the
 * shortened forms GDAL sends (`2024-05-01T`, `2024-05-01T10Z`). Only its day counts: a borehole
 * has a date, not a time.
 */
const TIME = String.raw`(?:[01]\d|2[0-3])(?::[0-5]\d(?::(?:[0-5]\d|60)(?:\.\d{1,9})?)?)?`;
const OFFSET = String.raw`(?:[Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)`;
const INSTANT = new RegExp(String.raw`^(\d{4}-\d{2}-\d{2})(?:[Tt](?:${TIME})?${OFFSET}?)?$`);
const isDay = (day: string) => z.iso.date().safeParse(day).success && day >= '0001-01-01';

/** The day of an instant as written, '' for an open end (`..` or nothing), null when it is neither. */
function dayOf(text: string): string | null {
  if (text === '..' || text === '') return '';
  const day = INSTANT.exec(text)?.[1];
  return day && isDay(day) ? day : null;
}

/**
 * The days of an OGC API `datetime` value: an instant (that day), or an interval `start/end` whose
 * ends may be open (`..` or empty). Null when the text is neither, or when its start is after its end.
 *
 * @example dayRangeOf('2020-01-01/..') // { from: '2020-01-01' }
 */
export function dayRangeOf(text: string): DayRange | null {
  const parts = text.split('/');
  if (parts.length > 2) return null;
  const days = parts.map(dayOf);
  if (days.includes(null)) return null;
  const [start = '', end = start] = days as string[];
  if (parts.length === 1 && start === '') return null;
  if (start && end && start > end) return null;
  return { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}
