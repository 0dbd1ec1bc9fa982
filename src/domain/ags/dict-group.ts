import { texts, type AgsTable } from './ags-table.ts';
import { REPT_HEADINGS } from './rept-group.ts';

/** DICT: our REPT group, child of LOCA, and each of its headings. */
export function dictGroup(): AgsTable {
  return {
    name: 'DICT',
    headings: [
      { name: 'DICT_TYPE', type: 'PA' },
      ...texts('DICT_GRP', 'DICT_HDNG'),
      { name: 'DICT_STAT', type: 'PA' },
      { name: 'DICT_DTYP', type: 'PT' },
      { name: 'DICT_DESC', type: 'X' },
      { name: 'DICT_UNIT', type: 'PU' },
      ...texts('DICT_EXMP', 'DICT_PGRP'),
    ],
    rows: [
      ['GROUP', 'REPT', '', '', '', 'Rapports et journaux GéoSonde', '', '', 'LOCA'],
      ...REPT_HEADINGS.map((h) => [
        'HEADING',
        'REPT',
        h.name,
        h.key ? 'KEY' : 'OTHER',
        h.type,
        h.description,
        h.unit ?? '',
        h.example,
        '',
      ]),
    ],
  };
}
