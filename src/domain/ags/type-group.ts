import { texts, type AgsTable, type AgsType } from './ags-table.ts';

export const TYPE_DESCRIPTIONS: Record<AgsType, string> = {
  ID: 'Unique Identifier',
  X: 'Text',
  PA: 'Text listed in ABBR Group',
  PT: 'Text listed in TYPE Group',
  PU: 'Text listed in UNIT Group',
  DT: 'Date time in international format',
  '2DP': 'Value; required number of decimal places, 2',
  '0DP': 'Value; required number of decimal places, 0',
  DMS: 'Degrees: Minutes: Seconds',
};

/** TYPE: every data type the export writes. */
export function typeGroup(): AgsTable {
  return { name: 'TYPE', headings: texts('TYPE_TYPE', 'TYPE_DESC'), rows: Object.entries(TYPE_DESCRIPTIONS) };
}
