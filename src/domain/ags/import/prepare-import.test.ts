import { describe, expect, it } from 'vitest';
import { passedByReference, readDictionary, readFixture } from '../../../../tests/ags-fixtures.ts';
import { haversineKm } from '../../geo.ts';
import { prepareAgsImport, readAgsImport, type EntriesByRule, type PrepareOptions } from './prepare-import.ts';

const options = (more: Partial<PrepareOptions> = {}): PrepareOptions => ({
  dictionary: readDictionary,
  files: null,
  chosenCrs: null,
  existing: new Set(),
  ...more,
});

/** The DATA rows of a group, counted straight from the file's text (one row a line in these files). */
function dataRows(bytes: Buffer, group: string): number {
  const text = bytes.toString('latin1').replace(/\r/g, '');
  const block = text.split('\n\n').find((part) => part.startsWith(`"GROUP","${group}"`));
  return block ? block.split('\n').filter((line) => line.startsWith('"DATA"')).length : 0;
}

/** Distance in km between two WGS 84 points. */
const kmBetween = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineKm({ lat: a.lat, lng: a.lon }, { lat: b.lat, lng: b.lon });

describe('prepareAgsImport on the real files', () => {
  // What the standard accepts, GéoSonde imports: its own rules only note what they find (overlaps,
  // depths), unless a borehole could not be placed or drawn. Every sample file counts, whoever adds it.
  const accepted = passedByReference();
  it('has sample files the reference validator passes', () => expect(accepted.length).toBeGreaterThanOrEqual(3));
  it.each(accepted)('%s, passed by the reference validator, imports without editing', (name) => {
    const { report } = prepareAgsImport(readFixture(name), options({ chosenCrs: 'EPSG:27700' }));
    expect(report.errors).toEqual({});
  });

  // Files the reference finds valid (once LF line ends are made CR LF), each with the place its
  // PROJ group names, from a gazetteer: the British National Grid must land the boreholes there.
  it.each([
    ['example1.ags', null],
    ['4.1-rule18-OK.ags', null],
    ['LBSGCheck.ags', null],
    ['541241b_v2.ags', { place: 'Barlanark Park, Glasgow', lat: 55.8612, lon: -4.1467, km: 2 }],
    ['Blackburn Southern Bypass.ags', { place: 'Blackburn', lat: 53.7486, lon: -2.4875, km: 5 }],
    ['Hindley Mill Embankment FRA01.ags', { place: 'Hindley', lat: 53.5422, lon: -2.5792, km: 3 }],
  ])('%s: valid, every LOCA row a placed borehole, every GEOL row a layer, every ISPT row a test', (name, place) => {
    const bytes = readFixture(name);
    const { report, boreholes } = prepareAgsImport(bytes, options({ chosenCrs: 'EPSG:27700' }));
    expect(report.errors).toEqual({});
    expect(report.valid).toBe(true);
    expect(boreholes).toHaveLength(dataRows(bytes, 'LOCA'));
    expect(boreholes.reduce((sum, b) => sum + b.layers.length, 0)).toBe(dataRows(bytes, 'GEOL'));
    expect(boreholes.reduce((sum, b) => sum + b.spt.length, 0)).toBe(dataRows(bytes, 'ISPT'));
    for (const { position } of boreholes) {
      expect(position).toMatchObject({ ok: true, crs: 'EPSG:27700', confidence: 'approximate' });
      if (place && position?.ok) expect(kmBetween(position, place)).toBeLessThan(place.km);
    }
  });

  it('sums the file up before anything is written, with the boreholes already stored', () => {
    const { report } = prepareAgsImport(
      readFixture('Hindley Mill Embankment FRA01.ags'),
      options({ chosenCrs: '27700', existing: new Set(['WS03', 'WS04']) }),
    );
    expect(report.summary).toBe('12 forages, 71 couches, 77 essais SPT ; 2 forages existent déjà et seront mis à jour');
    expect(report.counts).toEqual({ boreholes: 12, layers: 71, spt: 77, updates: 2, documents: 0, setAside: 0 });
    expect(report.warnings).toEqual({
      Encodage: [{ line: null, group: '', message: 'Fins de ligne LF changées en CR LF (règle 2a de l’AGS).' }],
    });
  });

  it('keeps the reference’s errors, grouped by rule with their lines, and blocks', () => {
    const { report } = prepareAgsImport(readFixture('Wigan Depot.ags'), options({ chosenCrs: 'EPSG:27700' }));
    expect(report.valid).toBe(false);
    expect(report.errors['AGS Format Rule 10b']).toHaveLength(158);
    expect(report.errors['AGS Format Rule 10b']![0]).toMatchObject({
      group: 'GCHM',
      message: 'Champ(s) obligatoire(s) vide(s).',
    });
    // Two loggers described the same metres of ATK/2018/WS09: noted, not refused (the 158 errors
    // of rule 10b refuse it, as the reference validator does).
    expect(report.errors['Règle GéoSonde 3']).toBeUndefined();
    expect(report.warnings['Avertissement GéoSonde 3']?.map((entry) => entry.line)).toEqual([2445, 2446, 2447]);
  });

  it('says where and why a file it cannot read stops, and reads no borehole from it', () => {
    const { report, boreholes } = prepareAgsImport(readFixture('JohnStPrimarySchool.ags'), options());
    expect(boreholes).toEqual([]);
    expect(report.errors['Validator Process Error']).toEqual([
      {
        line: null,
        group: '',
        message:
          'La ligne 27 n’a pas autant de champs que la ligne HEADING du groupe GEOL (un saut de ligne dans un champ ?).',
        text: '"DATA","JOHN ST PRIMARY SCHOOL TP 1","0.60","Grass over light brown grey sandy topsoil.',
      },
    ]);
  });

  it('places nothing without a coordinate system, and says to choose one', () => {
    const { report } = prepareAgsImport(readFixture('example1.ags'), options());
    expect(report.setAside!['Règle GéoSonde 2']).toEqual([
      {
        line: expect.any(Number) as number,
        group: 'LOCA',
        message: '327-16A : Aucun système de coordonnées (LOCA_GREF vide) : choisissez-en un à l’import.',
        text: expect.stringMatching(/^"DATA","327-16A",/) as string,
      },
    ]);
  });
});

const CRLF = '\r\n';
const row = (...fields: string[]) => fields.map((field) => `"${field}"`).join(',');
/** The TRAN group every file of these tests carries: AGS 4.1.1, its delimiter and concatenator. */
const TRAN = [
  row('GROUP', 'TRAN'),
  row('HEADING', 'TRAN_AGS', 'TRAN_DLIM', 'TRAN_RCON'),
  row('UNIT', '', '', ''),
  row('TYPE', 'X', 'X', 'X'),
  row('DATA', '4.1.1', '|', '+'),
  '',
];
/** A small AGS 4.1.1 file of one borehole in Montréal (MTM 8), with its layers and SPT tests. */
function file({
  gref = 'EPSG:32188',
  layers = [
    ['0.00', '1.20'],
    ['1.20', '6.00'],
  ],
  spt = ['3.00'],
  fdep = '6.00',
} = {}) {
  return [
    row('GROUP', 'PROJ'),
    row('HEADING', 'PROJ_ID', 'PROJ_NAME'),
    row('UNIT', '', ''),
    row('TYPE', 'ID', 'X'),
    row('DATA', 'P1', 'Échangeur'),
    '',
    ...TRAN,
    row('GROUP', 'LOCA'),
    row('HEADING', 'LOCA_ID', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GREF', 'LOCA_FDEP'),
    row('UNIT', '', 'm', 'm', '', 'm'),
    row('TYPE', 'ID', '2DP', '2DP', 'X', '2DP'),
    row('DATA', 'F-1', '299512.40', '5040123.75', gref, fdep),
    '',
    row('GROUP', 'GEOL'),
    row('HEADING', 'LOCA_ID', 'GEOL_TOP', 'GEOL_BASE', 'GEOL_DESC'),
    row('UNIT', '', 'm', 'm', ''),
    row('TYPE', 'ID', '2DP', '2DP', 'X'),
    ...layers.map(([top, base]) => row('DATA', 'F-1', top!, base!, 'Argile grise')),
    '',
    row('GROUP', 'ISPT'),
    row('HEADING', 'LOCA_ID', 'ISPT_TOP', 'ISPT_NVAL'),
    row('UNIT', '', 'm', ''),
    row('TYPE', 'ID', '2DP', 'X'),
    ...spt.map((top) => row('DATA', 'F-1', top, '12')),
    '',
  ].join(CRLF);
}
const prepare = (text: string | Uint8Array, more: Partial<PrepareOptions> = {}) =>
  prepareAgsImport(typeof text === 'string' ? new TextEncoder().encode(text) : text, options(more));
const listed = (entries: EntriesByRule) =>
  Object.entries(entries)
    .filter(([rule]) => rule.startsWith('Règle GéoSonde'))
    .flatMap(([rule, list]) => list.map((entry) => `${rule} ${entry.line}: ${entry.message}`));
const geosondeErrors = (text: string) => listed(prepare(text).report.errors);
const setAside = (text: string) => listed(prepare(text).report.setAside ?? {});
const geosondeWarnings = (text: string) =>
  Object.entries(prepare(text).report.warnings)
    .filter(([rule]) => rule.startsWith('Avertissement GéoSonde'))
    .flatMap(([rule, entries]) => entries.map((entry) => `${rule} ${entry.line}: ${entry.message}`));

/**
 * A file of boreholes in WGS 84 by LOCA_LAT/LOCA_LON (type DMS, as the dictionary says), with
 * LOCA_NATE/LOCA_NATN and LOCA_GREF when a row gives them.
 */
function placed(rows: string[][]) {
  return [
    row('GROUP', 'PROJ'),
    row('HEADING', 'PROJ_ID'),
    row('UNIT', ''),
    row('TYPE', 'ID'),
    row('DATA', 'P1'),
    '',
    ...TRAN,
    row('GROUP', 'LOCA'),
    row('HEADING', 'LOCA_ID', 'LOCA_LAT', 'LOCA_LON', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GREF'),
    row('UNIT', '', '', '', 'm', 'm', ''),
    row('TYPE', 'ID', 'DMS', 'DMS', '2DP', '2DP', 'X'),
    ...rows.map(([id, lat, lon, nate = '', natn = '', gref = '']) => row('DATA', id!, lat!, lon!, nate, natn, gref)),
    '',
  ].join(CRLF);
}

describe('GéoSonde’s rules', () => {
  it('places a borehole in Montréal from MTM zone 8, converted since the file names its system', () => {
    const { boreholes } = prepare(file());
    expect(geosondeErrors(file())).toEqual([]);
    expect(boreholes[0]!.position).toMatchObject({ ok: true, crs: 'EPSG:32188', confidence: 'converted' });
    expect(boreholes[0]!.layers.map((layer) => layer.soilClass)).toEqual(['clay', 'clay']);
  });

  // What the standard accepts and engineers write is noted, never refused (the reference validator
  // passes a real file whose hole has a layer 19,97–20,10 m, then one from 20,00 m).
  it.each([
    [
      'overlapping layers',
      file({
        layers: [
          ['0.00', '2.00'],
          ['1.50', '6.00'],
        ],
      }),
      'Avertissement GéoSonde 3 24: F-1 : la couche à 1,5 m chevauche la précédente (base 2 m).',
    ],
    [
      'a layer below the bottom',
      file({ layers: [['0.00', '7.50']] }),
      'Avertissement GéoSonde 3 23: F-1 : la couche descend à 7,5 m, sous le fond du forage (6 m).',
    ],
    [
      'a base above its top',
      file({ layers: [['2.00', '1.00']] }),
      'Avertissement GéoSonde 3 23: F-1 : la base (1 m) n’est pas sous le toit (2 m).',
    ],
    [
      'an SPT below the bottom',
      file({ spt: ['9.00'] }),
      'Avertissement GéoSonde 4 30: F-1 : essai à 9 m, sous le fond du forage (6 m).',
    ],
    [
      'a final depth of 0 with layers below, taken as unknown (no layer is then below the bottom)',
      file({ fdep: '0.00', spt: ['9.00'] }),
      'Avertissement GéoSonde 5 null: F-1 a une profondeur finale (LOCA_FDEP) de 0 m avec des couches ou des essais plus bas : elle est prise comme inconnue, et la base la plus profonde en tient lieu.',
    ],
  ])('imports %s, with a warning', (_, text, warning) => {
    expect(geosondeErrors(text)).toEqual([]);
    expect(Object.keys(prepare(text).report.errors)).toEqual(Object.keys(prepare(file()).report.errors));
    expect(geosondeWarnings(text)).toEqual([warning]);
  });

  it.each([
    [
      'a layer without a top',
      file({ layers: [['', '1.00']] }),
      'Règle GéoSonde 3 23: F-1 : le toit de la couche (GEOL_TOP) manque ou n’est pas un nombre positif.',
    ],
    [
      'an unknown system',
      file({ gref: 'NAD27 MTM 8' }),
      'Règle GéoSonde 2 17: F-1 : Système « NAD27 MTM 8 » (LOCA_GREF) inconnu de GéoSonde : choisissez-en un à l’import.',
    ],
    [
      'the wrong system',
      file({ gref: 'EPSG:27700' }),
      'Règle GéoSonde 2 17: F-1 : Le point (E 299\u202f512,4, N 5\u202f040\u202f123,75) tombe hors du domaine de OSGB36 / British National Grid : vérifiez le système de coordonnées.',
    ],
  ])('sets aside the borehole with %s, and refuses a file left with none', (_, text, error) => {
    expect(setAside(text)).toEqual([error]);
    expect(geosondeErrors(text)).toEqual([
      'Règle GéoSonde 1 13: Aucun forage ne peut être importé : le seul forage du fichier est écarté.',
    ]);
    const { report, boreholes } = prepare(text);
    expect([report.valid, boreholes, report.counts.setAside]).toEqual([false, [], 1]);
  });

  it('imports the other boreholes of a real file, leaving out one it cannot place, and says so', () => {
    // Hindley Mill passes the reference validator; WS03 loses its coordinates, which AGS allows.
    const real = new TextDecoder().decode(readFixture('Hindley Mill Embankment FRA01.ags'));
    const text = real.replace('"DATA","WS03","WS","","362430.88","405269.79"', '"DATA","WS03","WS","","",""');
    const { report, boreholes, groups } = prepare(text, { chosenCrs: '27700' });
    expect(report.errors).toEqual({});
    expect(report.valid).toBe(true);
    expect(report.summary).toBe(
      '11 forages, 66 couches, 73 essais SPT ; 1 forage écarté, que GéoSonde ne peut pas ranger',
    );
    expect(listed(report.setAside!)).toEqual([
      'Règle GéoSonde 2 653: WS03 : ni LOCA_LAT/LOCA_LON ni LOCA_NATE/LOCA_NATN.',
    ]);
    expect(boreholes.map((borehole) => borehole.locaId)).not.toContain('WS03');
    // No row of WS03 stays in the groups kept for the project's AGS export (SAMP, GRAG, LLPL…).
    const rowsOfWs03 = groups.flatMap((group) => group.rows.filter((r) => r.values.includes('WS03')));
    expect(rowsOfWs03).toEqual([]);
    expect(groups.find((group) => group.name === 'LLPL')!.rows.length).toBeGreaterThan(0);
    // The commit reads the file again, and leaves out the same one.
    const again = readAgsImport(new TextEncoder().encode(text), { files: null, chosenCrs: '27700' });
    expect(again.boreholes.map((borehole) => borehole.locaId)).toEqual(boreholes.map((b) => b.locaId));
    expect(again.groups.flatMap((group) => group.rows.filter((r) => r.values.includes('WS03')))).toEqual([]);
  });

  it('reads a Windows-1252 file and a UTF-8 one with a BOM, saying so', () => {
    const latin = Uint8Array.from(file(), (c) => c.charCodeAt(0));
    const fromUtf8 = prepare(file()).report;
    const fromLatin = prepare(latin).report;
    expect(fromLatin.errors).toEqual(fromUtf8.errors);
    expect(fromLatin.warnings.Encodage?.map((w) => w.message)).toEqual([
      'Fichier lu en Windows-1252 : enregistrez-le en UTF-8.',
    ]);
    const withBom = prepare(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(file())])).report;
    expect(withBom.errors).toEqual(fromUtf8.errors);
    expect(withBom.fyi['FYI (Related to Rule 1)']).toHaveLength(1);
  });

  it.each([
    ['north and west (Montréal)', '45:30:06.876', '-73:34:02.712', 45.50191, -73.56742],
    ['north and east of Greenwich by a hair', '51:28:40.12', '0:00:05.31', 51.4778111, 0.001475],
    ['north, west of Greenwich: the sign is for the whole angle', '51:28:52.498', '-0:07:39.6', 51.4812494, -0.1276667],
    ['south and east (Sydney)', '-33:51:24.48', '151:12:55.08', -33.8568, 151.2153],
    ['south and west (Buenos Aires)', '-34:36:12', '-58:22:54', -34.6033333, -58.3816667],
    ['degrees and minutes', '45:30.1146', '-73:34.0452', 45.50191, -73.56742],
    ['decimal degrees', '45.50191', '-73.56742', 45.50191, -73.56742],
  ])('places a borehole from LOCA_LAT/LOCA_LON in %s', (_, lat, lon, north, east) => {
    const { boreholes } = prepare(placed([['F-1', lat, lon]]));
    expect(geosondeErrors(placed([['F-1', lat, lon]]))).toEqual([]);
    const position = boreholes[0]!.position;
    expect(position).toMatchObject({ ok: true, crs: 'EPSG:4326', confidence: 'surveyed' });
    if (!position?.ok) return;
    expect(position.lat).toBeCloseTo(north, 6);
    expect(position.lon).toBeCloseTo(east, 6);
  });

  it('falls back to LOCA_NATE/LOCA_NATN when LOCA_LAT/LOCA_LON cannot be read', () => {
    const { boreholes } = prepare(
      placed([
        ['F-1', '45°30′06″', '-73:34:02.712', '299512.40', '5040123.75', 'EPSG:32188'],
        ['F-2', '', '', '299512.40', '5040123.75', 'EPSG:32188'],
      ]),
    );
    for (const { position } of boreholes) {
      expect(position).toMatchObject({ ok: true, crs: 'EPSG:32188', x: 299512.4, y: 5040123.75 });
      if (position?.ok) expect(position.lat).toBeCloseTo(45.5, 1);
    }
  });

  it('refuses an unreadable LOCA_LAT/LOCA_LON without LOCA_NATE/LOCA_NATN, naming the values, at their line', () => {
    const text = placed([
      ['F-1', '45:30:06.876', '-73:34:02.712'],
      ['F-2', '45°30′06″', '-73:34:02.712'],
      ['F-3', '45:75:00', 'ouest'],
    ]);
    const lineOf = (id: string) => text.split(CRLF).findIndex((line) => line.startsWith(`"DATA","${id}"`)) + 1;
    const advice =
      'écrivez des degrés:minutes:secondes (51:28:52.498, -0:07:39.6) ou des degrés décimaux (51.48125), ' +
      'ou donnez LOCA_NATE/LOCA_NATN.';
    expect(geosondeErrors(text)).toEqual([]);
    expect(setAside(text)).toEqual([
      `Règle GéoSonde 2 ${lineOf('F-2')}: F-2 : LOCA_LAT « 45°30′06″ » illisible : ${advice}`,
      `Règle GéoSonde 2 ${lineOf('F-3')}: F-3 : LOCA_LAT « 45:75:00 » et LOCA_LON « ouest » illisibles : ${advice}`,
    ]);
  });

  it.each([
    ['an empty file', new Uint8Array()],
    ['a binary file', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)],
    ['a spreadsheet saved as .ags', new TextEncoder().encode('Forage;X;Y\nF-1;299512;5040123\n')],
  ])('refuses %s in French, without throwing', (_, bytes) => {
    const { report } = prepare(bytes, { chosenCrs: '32188' });
    expect(report.valid).toBe(false);
    expect(Object.keys(report.errors).length).toBeGreaterThan(0);
    expect(report.summary).toBe('0 forage, 0 couche, 0 essai SPT');
  });
});
