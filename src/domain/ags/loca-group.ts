import { PURPOSE_LABELS, TYPE_LABELS, type Borehole } from '../borehole.ts';
import type { AgsContents } from './ags-export.ts';
import { texts, type AgsTable } from './ags-table.ts';
import { fixed, toDms } from './units.ts';

/** The LOCA_TYPE code of each drilling method. */
export const LOCA_TYPES: Record<NonNullable<Borehole['method']>, string> = {
  rotary: 'RO',
  hollow_stem_auger: 'AUGH',
  sonic: 'SNC',
  coring: 'RC',
};

/** LOCA: one row per borehole, with its position in degrees, minutes and seconds (WGS84). */
export function locaGroup({ locations }: AgsContents): AgsTable {
  return {
    name: 'LOCA',
    headings: [
      { name: 'LOCA_ID', type: 'ID' },
      { name: 'LOCA_TYPE', type: 'PA' },
      { name: 'LOCA_REM', type: 'X' },
      { name: 'LOCA_FDEP', type: '2DP', unit: 'm' },
      { name: 'LOCA_STAR', type: 'DT', unit: 'yyyy-mm-dd' },
      { name: 'LOCA_PURP', type: 'X' },
      { name: 'LOCA_LAT', type: 'DMS' },
      { name: 'LOCA_LON', type: 'DMS' },
      ...texts('LOCA_LLZ', 'LOCA_LOCA'),
    ],
    rows: locations.map((b) => [
      b.id,
      b.method ? LOCA_TYPES[b.method] : '',
      [b.addr, b.muni].filter(Boolean).join(', '),
      fixed(b.depth, 2),
      b.date ?? '',
      [b.purpose && PURPOSE_LABELS[b.purpose], b.type && TYPE_LABELS[b.type]].filter(Boolean).join(' ; '),
      typeof b.lat === 'number' ? toDms(b.lat) : '',
      typeof b.lon === 'number' ? toDms(b.lon) : '',
      typeof b.lat === 'number' && typeof b.lon === 'number' ? 'WGS84' : '',
      b.site ?? '',
    ]),
  };
}
