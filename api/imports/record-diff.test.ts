import { describe, expect, it } from 'vitest';
import type { BoreholeRecord } from './borehole-record.ts';
import { recordChanges } from './record-diff.ts';

const layer = (top: number, base: number, description: string) => ({
  top,
  base,
  description,
  legend: '',
  geology: '',
  extra: { GEOL_TOP: String(top), GEOL_DESC: description },
});

const RECORD: BoreholeRecord = {
  fields: {
    date: '2024-05-02',
    endDate: null,
    locaType: 'CP',
    method: null,
    groundLevel: 31.2,
    depth: 8,
    lat: 45.5,
    lon: -73.6,
    crs: 'EPSG:32188',
    originalX: 1,
    originalY: 2,
    locationConfidence: 'surveyed',
    extra: { LOCA_REM: 'Forage au coin nord' },
  },
  geol: [layer(0, 1.2, 'Remblai brun'), layer(1.2, 3.65, 'Argile grise, raide'), layer(3.65, 8, 'Till')],
  ispt: [
    { top: 2, n: 12, extra: { ISPT_REP: 'N=12' } },
    { top: 6, n: null, extra: { ISPT_MAIN: '50', ISPT_NPEN: '315', ISPT_REP: '50 (25 for 150mm/50 for 165mm)' } },
  ],
  logs: [],
};

describe('the changes of a version, as the record shows its values', () => {
  it('lists the one real change, not the spaces a new file added nor a field no page shows', () => {
    const after: BoreholeRecord = {
      ...RECORD,
      fields: { ...RECORD.fields, extra: { LOCA_REM: 'Forage au coin nord  ' } },
      // Every description padded with spaces, as some exports write them; one base moved.
      geol: [layer(0, 1.2, 'Remblai brun   '), layer(1.2, 3.6, 'Argile grise,  raide '), layer(3.6, 8, ' Till')],
      // The same tests, one with a field the record does not show.
      ispt: [{ top: 2, n: 12, extra: { ISPT_REP: 'N=12', ISPT_CAS: '1.50' } }, RECORD.ispt[1]!],
    };
    expect(recordChanges(RECORD, after)).toEqual([
      {
        what: 'Couche 2',
        before: '1,2 m – 3,65 m : Argile grise, raide',
        after: '1,2 m – 3,6 m : Argile grise, raide',
      },
      { what: 'Couche 3', before: '3,65 m – 8 m : Till', after: '3,6 m – 8 m : Till' },
    ]);
  });

  it('says an SPT refusal as the log does', () => {
    const after: BoreholeRecord = { ...RECORD, ispt: [RECORD.ispt[0]!] };
    expect(recordChanges(RECORD, after)).toEqual([
      { what: 'Essai SPT 2', before: '6 m : refus 50/165 mm', after: '—' },
    ]);
  });
});
