/** The units the export writes, with their descriptions (the UNIT group lists them all, rule 15). */
export const UNITS = { m: 'metre', 'yyyy-mm-dd': 'year month day', B: 'byte (octet)' } as const;
export type AgsUnit = keyof typeof UNITS;

/** A number with fixed decimals, or '' when it is unknown. */
export const fixed = (value: number | null | undefined, decimals: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : '';

/**
 * A coordinate in degrees as AGS DMS, to the thousandth of a second (3 cm): '-73:34:02.712'. A
 * hundredth (30 cm) would move a borehole by up to 1.4e-6° when the file is imported again.
 */
export function toDms(degrees: number): string {
  const thousandths = Math.round(Math.abs(degrees) * 3_600_000);
  const d = Math.floor(thousandths / 3_600_000);
  const m = Math.floor((thousandths % 3_600_000) / 60_000);
  const s = (thousandths % 60_000) / 1000;
  const pad = (n: number, width: number) => n.toString().padStart(width, '0');
  return `${degrees < 0 ? '-' : ''}${d}:${pad(m, 2)}:${s.toFixed(3).padStart(6, '0')}`;
}

const DECIMAL_DEGREES = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const SEXAGESIMAL = /^([+-]?)(\d{1,3}):(\d{1,2}(?:\.\d+)?)(?::(\d{1,2}(?:\.\d+)?))?$/;

/**
 * Degrees from a LOCA_LAT or LOCA_LON as files write them: AGS DMS ('51:28:52.498', '-0:07:39.6',
 * the sign for the whole angle), degrees and decimal minutes ('51:28.875') or decimal degrees
 * ('51.48125'). Null for '', NaN for anything else (60 minutes or seconds included).
 *
 * @example degreesOf('-73:34:02.712') // -73.56742
 */
export function degreesOf(value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  if (DECIMAL_DEGREES.test(text)) return Number(text);
  const [, sign, d = '', m = '', s] = SEXAGESIMAL.exec(text) ?? [];
  const [minutes, seconds] = [Number(m), Number(s ?? 0)];
  // Decimal minutes go with no seconds only.
  if (!d || minutes >= 60 || seconds >= 60 || (s !== undefined && m.includes('.'))) return Number.NaN;
  const degrees = Number(d) + minutes / 60 + seconds / 3600;
  return sign === '-' ? -degrees : degrees;
}
