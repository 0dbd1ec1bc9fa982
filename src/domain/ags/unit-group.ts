import { texts, type AgsTable } from './ags-table.ts';
import { UNITS } from './units.ts';

/** UNIT: every unit the export writes. */
export function unitGroup(): AgsTable {
  return { name: 'UNIT', headings: texts('UNIT_UNIT', 'UNIT_DESC'), rows: Object.entries(UNITS) };
}
