import { ascii } from './ascii.ts';
import type { AgsUnit } from './units.ts';

/** The AGS data types the export writes (the TYPE group describes each one, rule 17). */
export type AgsType = 'ID' | 'X' | 'PA' | 'PT' | 'PU' | 'DT' | '2DP' | '0DP' | 'DMS';

/** A heading of a group, with what its UNIT and TYPE rows say. */
export interface AgsColumn {
  name: string;
  type: AgsType;
  unit?: AgsUnit;
}

/** A group to write: its headings and its DATA rows. */
export interface AgsTable {
  name: string;
  headings: AgsColumn[];
  rows: string[][];
}

/** Headings of free text (type X, no unit). */
export const texts = (...names: string[]): AgsColumn[] => names.map((name) => ({ name, type: 'X' }));

const quoted = (value: string) => `"${ascii(value).replace(/"/g, '""')}"`;
const line = (values: string[]) => values.map(quoted).join(',');

/** A group as AGS text: its GROUP, HEADING, UNIT, TYPE and DATA rows, every field quoted, CRLF between them. */
export function tableText({ name, headings, rows }: AgsTable): string {
  return [
    line(['GROUP', name]),
    line(['HEADING', ...headings.map((h) => h.name)]),
    line(['UNIT', ...headings.map((h) => h.unit ?? '')]),
    line(['TYPE', ...headings.map((h) => h.type)]),
    ...rows.map((row) => line(['DATA', ...row])),
  ].join('\r\n');
}
