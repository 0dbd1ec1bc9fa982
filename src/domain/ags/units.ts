/** The units the export writes, with their descriptions (the UNIT group lists them all, rule 15). */
export const UNITS = { m: 'metre', 'yyyy-mm-dd': 'year month day', B: 'byte (octet)' } as const;
export type AgsUnit = keyof typeof UNITS;

/** A number with fixed decimals, or '' when it is unknown. */
export const fixed = (value: number | null | undefined, decimals: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : '';

/** A coordinate in degrees as AGS DMS: '-73:34:02.64'. */
export function toDms(degrees: number): string {
  const hundredths = Math.round(Math.abs(degrees) * 360_000);
  const d = Math.floor(hundredths / 360_000);
  const m = Math.floor((hundredths % 360_000) / 6000);
  const s = (hundredths % 6000) / 100;
  const pad = (n: number, width: number) => n.toString().padStart(width, '0');
  return `${degrees < 0 ? '-' : ''}${d}:${pad(m, 2)}:${s.toFixed(2).padStart(5, '0')}`;
}
