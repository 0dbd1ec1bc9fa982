import { describe, expect, it } from 'vitest';
import type { ReportItem } from '../report.ts';
import { AGS_FILE_TYPES, agsFileName, type AgsDocument } from './ags-export.ts';
import { writeAgs } from './write-ags.ts';

const report = (id: string, bhId: string, kind: 'pdf' | 'image', title = `Journal de forage ${bhId}`): ReportItem => ({
  id,
  bhId,
  title,
  kind,
  site: 'Réseau d’aqueduc « Côte-des-Neiges »',
  muni: 'Montréal',
  date: '2024-05-14',
  size: 839_680,
  status: 'ready',
  statusReason: null,
  href: `/api/files/${id}?exp=1&sig=x`,
  lat: 45.50191,
  lon: -73.56742,
  canChange: false,
  thumbnail: null,
});

/** The rows of a group: its descriptor lines split into fields. */
function group(text: string, name: string): string[][] {
  const block = text.split('\r\n\r\n').find((b) => b.startsWith(`"GROUP","${name}"`));
  if (!block) return [];
  return block
    .trim()
    .split('\r\n')
    .map((line) =>
      line
        .slice(1, -1)
        .split('","')
        .map((field) => field.replace(/""/g, '"')),
    );
}
const data = (text: string, name: string) => {
  const [, heading, ...rest] = group(text, name);
  const names = heading!.slice(1);
  return rest
    .filter((row) => row[0] === 'DATA')
    .map((row) => Object.fromEntries(names.map((n, i) => [n, row[i + 1]!])));
};

describe('writeAgs', () => {
  const pdf = AGS_FILE_TYPES['application/pdf'];
  const documents: AgsDocument[] = [
    {
      report: report('MTL-BH-02-R1', 'MTL-BH-02', 'pdf', 'Rapport "final" – phase 2'),
      file: { name: agsFileName('MTL-BH-02-R1', pdf), type: 'PDF' },
    },
    { report: report('MTL-BH-01-R3', 'MTL-BH-01', 'image'), file: null },
  ];
  const text = writeAgs({
    documents,
    boreholes: [
      {
        id: 'MTL-BH-02',
        lat: 45.5,
        lon: -73.6,
        depth: 12.345,
        date: '2023-06-01',
        method: 'sonic',
        purpose: 'geotech',
        type: 'test_hole',
        site: 'Échangeur Turcot',
        muni: 'Montréal',
        addr: '1 rue Notre-Dame',
        horizons: [
          { material: 'Remblai', thickness: 1.2 },
          { material: 'Vide', thickness: 0 },
          { material: 'Argile silteuse', thickness: 4.3 },
        ],
      },
    ],
    date: '2026-11-21',
    recipient: 'Ville de Montréal',
  });

  it('is ASCII with CRLF line ends, every field quoted and quotes doubled', () => {
    expect(/^[\x20-\x7e\r\n]*$/.test(text)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n').filter(Boolean))
      expect(line).toMatch(/^"(GROUP|HEADING|UNIT|TYPE|DATA)"(,"([^"]|"")*")*$/);
    expect(text).toContain('"Rapport ""final"" - phase 2"');
  });

  it('holds the groups AGS requires and ours, declared in DICT with LOCA as parent', () => {
    const names = text.split('\r\n\r\n').map((block) => /^"GROUP","(\w+)"/.exec(block)![1]);
    expect(names).toEqual(['PROJ', 'TRAN', 'DICT', 'ABBR', 'TYPE', 'UNIT', 'LOCA', 'GEOL', 'REPT', 'FILE']);
    expect(data(text, 'TRAN')[0]).toMatchObject({
      TRAN_AGS: '4.1.1',
      TRAN_DATE: '2026-11-21',
      TRAN_RECV: 'Ville de Montreal',
    });
    expect(data(text, 'PROJ')).toHaveLength(1);
    const dict = data(text, 'DICT');
    expect(dict[0]).toMatchObject({ DICT_TYPE: 'GROUP', DICT_GRP: 'REPT', DICT_PGRP: 'LOCA' });
    expect(dict.slice(1).map((d) => d.DICT_HDNG)).toEqual(group(text, 'REPT')[1]!.slice(1));
    expect(dict.filter((d) => d.DICT_STAT === 'KEY').map((d) => d.DICT_HDNG)).toEqual(['LOCA_ID', 'REPT_ID']);
  });

  it('describes each borehole once, with its soil column', () => {
    expect(data(text, 'LOCA')).toEqual([
      expect.objectContaining({
        LOCA_ID: 'MTL-BH-01',
        LOCA_LAT: '45:30:06.876',
        LOCA_LOCA: 'Reseau d\'aqueduc "Cote-des-Neiges"',
      }),
      expect.objectContaining({
        LOCA_ID: 'MTL-BH-02',
        LOCA_TYPE: 'SNC',
        LOCA_FDEP: '12.35',
        LOCA_STAR: '2023-06-01',
        LOCA_LON: '-73:36:00.000',
        LOCA_LLZ: 'WGS84',
        LOCA_LOCA: 'Echangeur Turcot',
      }),
    ]);
    expect(data(text, 'GEOL')).toEqual([
      { LOCA_ID: 'MTL-BH-02', GEOL_TOP: '0.00', GEOL_BASE: '1.20', GEOL_DESC: 'Remblai' },
      { LOCA_ID: 'MTL-BH-02', GEOL_TOP: '1.20', GEOL_BASE: '5.50', GEOL_DESC: 'Argile silteuse' },
    ]);
  });

  it('lists the documents in REPT and their files as FILE rows (REP) linked by FILE_FSET', () => {
    expect(data(text, 'REPT').map((r) => [r.REPT_ID, r.REPT_TYPE, r.REPT_SIZE, r.FILE_FSET])).toEqual([
      ['MTL-BH-02-R1', 'PDF', '839680', 'MTL-BH-02-R1'],
      ['MTL-BH-01-R3', 'IMAGE', '839680', ''],
    ]);
    expect(data(text, 'FILE')).toEqual([
      {
        FILE_FSET: 'MTL-BH-02-R1',
        FILE_NAME: 'MTL-BH-02-R1.pdf',
        FILE_DESC: 'Rapport "final" - phase 2',
        FILE_TYPE: 'PDF',
        FILE_DOCT: 'REP',
        FILE_DATE: '2024-05-14',
      },
    ]);
  });

  it('defines every abbreviation, unit and type it uses, and only codes it uses', () => {
    const abbr = data(text, 'ABBR').map((a) => `${a.ABBR_HDNG}:${a.ABBR_CODE}`);
    expect(abbr).toEqual(
      expect.arrayContaining(['LOCA_TYPE:SNC', 'REPT_TYPE:PDF', 'REPT_TYPE:IMAGE', 'FILE_TYPE:PDF', 'FILE_DOCT:REP']),
    );
    expect(abbr).not.toContain('FILE_TYPE:PNG');
    const units = new Set(data(text, 'UNIT').map((u) => u.UNIT_UNIT));
    const types = new Set(data(text, 'TYPE').map((t) => t.TYPE_TYPE));
    for (const name of ['PROJ', 'TRAN', 'DICT', 'LOCA', 'GEOL', 'REPT', 'FILE']) {
      const [, , unit, type] = group(text, name);
      for (const u of unit!.slice(1).filter(Boolean)) expect(units).toContain(u);
      for (const t of type!.slice(1)) expect(types).toContain(t);
    }
  });

  it('leaves FILE out when no file goes with the documents', () => {
    const alone = writeAgs({ documents: [documents[1]!], boreholes: [], date: '2026-11-21', recipient: 'GéoSonde' });
    expect(alone).not.toContain('"GROUP","FILE"');
    expect(alone).not.toContain('"GROUP","GEOL"');
    expect(data(alone, 'LOCA')).toHaveLength(1);
  });
});
