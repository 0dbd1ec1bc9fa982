import { describe, expect, it } from 'vitest';
import { prepareSheetImport, type Cell, type Sheet } from './prepare-sheet.ts';

const HEADERS = ['Projet', 'Forage', 'X', 'Y', 'Système de coordonnées', 'Profondeur finale (m)', 'Date de début'];
const forages = (...rows: Cell[][]): Sheet => ({ name: 'Forages', rows: [HEADERS, ...rows] });
const F01: Cell[] = ['MTL-2024-017', 'F-01', 299512.4, 5040123.75, 'MTM 8', 12.5, '2024-05-13'];
const F02: Cell[] = [
  'MTL-2024-017',
  'F-02',
  '299 600,5',
  '5\u202f040\u202f200',
  'EPSG:32188',
  '8,0',
  new Date(Date.UTC(2024, 4, 14, 14, 30)),
];
const sheet = (name: string, ...rows: Cell[][]): Sheet => ({ name, rows });
const couches = sheet(
  'Couches',
  ['Forage', 'Toit (m)', 'Base (m)', 'Description'],
  ['F-01', 0, 1.8, 'Sable silteux brun, humide, lâche'],
  ['F-01', 1.8, 12.5, 'Argile grise'],
  ['F-02', 0, 3, 'Remblai'],
);
const spt = sheet('Essais SPT', ['Forage', 'Profondeur (m)', 'N'], ['F-01', 1.5, 14], [], ['F-02', 2, 9]);

const prepare = (sheets: Sheet[], fileName = 'chantier.xlsx', existing: string[] = []) =>
  prepareSheetImport(sheets, fileName, { chosenCrs: null, existing: new Set(existing) });
/** The template's own errors (or warnings) of a workbook, as they are reported. */
const templateErrors = (sheets: Sheet[]) => prepare(sheets).report.errors['Modèle GéoSonde'];
const templateWarnings = (sheets: Sheet[]) => prepare(sheets).report.warnings['Modèle GéoSonde'];
/** A position in Montréal, without computing it by hand. */
const inMontreal = (position: unknown) => {
  const { lat, lon } = position as { lat: number; lon: number };
  return lat > 45.4 && lat < 45.7 && lon > -73.75 && lon < -73.45;
};

describe('prepareSheetImport on a workbook that follows the template', () => {
  it('sums up two boreholes placed in Montréal from MTM zone 8, with their layers, SPT tests and dates', () => {
    const { report, boreholes } = prepare([forages(F01, F02), couches, spt], 'chantier.xlsx', ['F-02']);
    expect(report.valid).toBe(true);
    expect(report.errors).toEqual({});
    expect(report.warnings).toEqual({});
    expect(report.summary).toBe('2 forages, 3 couches, 2 essais SPT ; 1 forage existe déjà et sera mis à jour');
    expect(report.counts).toEqual({ boreholes: 2, layers: 3, spt: 2, updates: 1, documents: 0, setAside: 0 });
    expect(boreholes.map((b) => [b.locaId, b.line, b.finalDepth, b.start])).toEqual([
      ['F-01', 2, 12.5, '2024-05-13'],
      ['F-02', 3, 8, '2024-05-14'],
    ]);
    for (const { position } of boreholes) {
      expect(position).toMatchObject({ ok: true, crs: 'EPSG:32188', confidence: 'converted' });
      expect(inMontreal(position)).toBe(true);
    }
    expect(boreholes[1]!.position).toMatchObject({ x: 299600.5, y: 5040200 });
    expect(boreholes[0]!.layers.map((l) => [l.line, l.top, l.base, l.description])).toEqual([
      [2, 0, 1.8, 'Sable silteux brun, humide, lâche'],
      [3, 1.8, 12.5, 'Argile grise'],
    ]);
    expect(boreholes[1]!.layers.map((l) => [l.top, l.base])).toEqual([[0, 3]]);
    expect(boreholes.map((b) => b.spt)).toEqual([
      [{ line: 2, top: 1.5, n: 14, fields: { ISPT_TOP: '1.5', ISPT_NVAL: '14' } }],
      [{ line: 4, top: 2, n: 9, fields: { ISPT_TOP: '2', ISPT_NVAL: '9' } }],
    ]);
  });

  it('reads headers whatever their case, accents and units, or written as AGS headings', () => {
    const sheets = [
      sheet(
        'FORAGES',
        ['loca_id', 'x', 'LOCA_NATN', 'systeme de coordonnees', 'profondeur finale', 'ELEVATION', 'Date-de-fin'],
        ['F-01', 299512.4, 5040123.75, 'MTM 8', 12.5, '31,2', '2024-05-14'],
      ),
      sheet('couches.csv', ['FORAGE', 'geol_top', 'Base(M)'], ['F-01', '0', '1,8']),
      sheet('essais_spt', ['Forage', 'PROFONDEUR', 'ispt_nval'], ['F-01', '1,5', '14']),
    ];
    const { report, boreholes } = prepare(sheets);
    expect(report.errors).toEqual({});
    expect(report.warnings).toEqual({});
    expect(boreholes[0]).toMatchObject({ locaId: 'F-01', finalDepth: 12.5, groundLevel: 31.2, end: '2024-05-14' });
    expect(boreholes[0]!.layers.map((l) => [l.top, l.base])).toEqual([[0, 1.8]]);
    expect(boreholes[0]!.spt).toEqual([{ line: 2, top: 1.5, n: 14, fields: { ISPT_TOP: '1.5', ISPT_NVAL: '14' } }]);
  });

  it('places boreholes given by latitude and longitude, in WGS 84 or in the datum named', () => {
    const workbook = [
      sheet(
        'Forages',
        ['Forage', 'Latitude', 'Longitude', 'Système de coordonnées'],
        ['F-01', '45,5017', '-73,5673', 'WGS 84'],
        ['F-02', 45.5, -73.6, ''],
        ['F-03', 45.51, -73.58, 'NAD83'],
      ),
    ];
    const { report, boreholes } = prepare(workbook);
    expect(report.valid).toBe(true);
    expect(boreholes.map((b) => b.position)).toEqual([
      expect.objectContaining({ ok: true, crs: 'EPSG:4326', x: -73.5673, y: 45.5017, confidence: 'surveyed' }),
      expect.objectContaining({ ok: true, crs: 'EPSG:4326', x: -73.6, y: 45.5 }),
      expect.objectContaining({ ok: true, crs: 'EPSG:4269', x: -73.58, y: 45.51 }),
    ]);
    expect(boreholes.every((b) => inMontreal(b.position))).toBe(true);
    expect(boreholes[0]!.fields).toMatchObject({ LOCA_GREF: '', LOCA_LLZ: 'WGS 84' });
  });

  it('names the project from the Projet column, else from the file without its extension', () => {
    const projectOf = (sheets: Sheet[], fileName: string) =>
      prepare(sheets, fileName).groups.find((g) => g.name === 'PROJ')!.rows[0]!.values;
    expect(projectOf([forages(F01, F02)], 'chantier.xlsx')).toEqual(['MTL-2024-017', 'MTL-2024-017']);
    const unnamed = forages(['', ...F01.slice(1)]);
    expect(projectOf([unnamed], 'Échangeur Turcot.XLSX')).toEqual(['Échangeur Turcot', 'Échangeur Turcot']);
    expect(projectOf([unnamed], 'forages.csv')).toEqual(['forages', 'forages']);
    expect(prepare([forages(F01)]).boreholes[0]!.fields).not.toHaveProperty('PROJ_ID');
  });
});

describe('prepareSheetImport on a workbook that breaks the template', () => {
  it('refuses a workbook without a Forages sheet', () => {
    const { report } = prepare([couches]);
    expect(report.valid).toBe(false);
    expect(report.summary).toBe('0 forage, 0 couche, 0 essai SPT');
    expect(report.errors['Modèle GéoSonde']).toEqual([
      {
        line: null,
        group: '',
        message: 'Feuille « Forages » introuvable : le classeur doit suivre le modèle GéoSonde.',
      },
    ]);
  });

  it('refuses a sheet without a required column, and says no borehole was read', () => {
    const { report } = prepare([
      sheet('Forages', ['X', 'Y'], [299512.4, 5040123.75]),
      sheet('Couches', ['Forage', 'Base (m)'], ['F-01', 1.8]),
    ]);
    expect(report.errors['Modèle GéoSonde']).toEqual([
      { line: 1, group: 'Forages', message: 'Colonne obligatoire « Forage » absente.' },
      { line: 1, group: 'Couches', message: 'Colonne obligatoire « Toit (m) » absente.' },
    ]);
    expect(report.errors['Règle GéoSonde 1']).toEqual([
      {
        line: null,
        group: 'Forages',
        message: 'Aucun forage : le fichier doit avoir un groupe LOCA avec au moins une ligne.',
      },
    ]);
  });

  it('refuses numbers and dates it cannot read, and an empty borehole name, at their line', () => {
    const workbook = [
      sheet(
        'Forages',
        ['Forage', 'X', 'Y', 'Système de coordonnées', 'Date de fin', 'Élévation (m)'],
        ['F-01', '299512,4 m', 5040123.75, 'MTM 8', '2024-02-30', 31.2],
        ['F-02', 299512.4, 5040123.75, 'MTM 8', new Date(Number.NaN), Number.POSITIVE_INFINITY],
        ['', 299512.4, 5040123.75, 'MTM 8', '13/05/2024', ''],
      ),
    ];
    const { report } = prepare(workbook);
    expect(report.errors['Modèle GéoSonde']).toEqual([
      { line: 2, group: 'Forages', message: 'Colonne « X » : « 299512,4 m » n’est pas un nombre.' },
      { line: 2, group: 'Forages', message: 'Colonne « Date de fin » : « 2024-02-30 » n’est pas une date AAAA-MM-JJ.' },
      { line: 3, group: 'Forages', message: 'Colonne « Date de fin » : date illisible.' },
      { line: 3, group: 'Forages', message: 'Colonne « Élévation (m) » : nombre illisible.' },
      { line: 4, group: 'Forages', message: 'Colonne « Forage » vide : elle est obligatoire.' },
      { line: 4, group: 'Forages', message: 'Colonne « Date de fin » : « 13/05/2024 » n’est pas une date AAAA-MM-JJ.' },
    ]);
    // The unreadable X leaves F-01 without a position: set aside, the sheet named, not LOCA.
    expect(report.setAside!['Règle GéoSonde 2']).toEqual([
      { line: 2, group: 'Forages', message: 'F-01 : ni LOCA_LAT/LOCA_LON ni LOCA_NATE/LOCA_NATN.' },
    ]);
  });

  it('imports layers that overlap, noting them on the Couches sheet, as for an AGS file', () => {
    const overlapping = sheet(
      'Couches',
      ['Forage', 'Toit (m)', 'Base (m)'],
      ['F-01', 0, 2],
      ['F-01', 1.9, 12.5],
      ['F-02', 0, 3],
    );
    const { report } = prepare([forages(F01, F02), overlapping]);
    expect(report.valid).toBe(true);
    expect(report.warnings['Avertissement GéoSonde 3']).toEqual([
      { line: 3, group: 'Couches', message: 'F-01 : la couche à 1,9 m chevauche la précédente (base 2 m).' },
    ]);
  });

  it('refuses a borehole named twice, and layers or tests of a borehole the Forages sheet lacks', () => {
    const errors = templateErrors([
      forages(F01, F02, ['MTL-2024-017', 'F-01', 299520, 5040130, 'MTM 8', 10, '']),
      sheet('Couches', ['Forage', 'Toit (m)'], ['F-01', 0], ['F-09', 0]),
      sheet('Essais SPT', ['Forage', 'Profondeur (m)'], [null, '  '], ['f-02', 1]),
    ]);
    expect(errors).toEqual([
      { line: 4, group: 'Forages', message: 'Forage « F-01 » déjà nommé ligne 2.' },
      { line: 3, group: 'Couches', message: 'Forage « F-09 » absent de la feuille « Forages ».' },
      { line: 3, group: 'Essais SPT', message: 'Forage « f-02 » absent de la feuille « Forages ».' },
    ]);
  });

  it('refuses a workbook of several projects', () => {
    const errors = templateErrors([forages(F01, ['MTL-2024-018', ...F02.slice(1)], ['A-1', 'F-03', ...F02.slice(2)])]);
    expect(errors).toEqual([
      {
        line: null,
        group: 'Forages',
        message: 'Un import porte sur un seul projet ; la colonne « Projet » en nomme 3.',
      },
    ]);
  });

  it('refuses cells holding a NUL character or half of a UTF-16 pair, and quotes them mended', () => {
    const workbook = [
      sheet(
        'Forages',
        ['Forage', 'X', 'Y', 'Système de coordonnées', 'Remarques'],
        ['F-01', 299512.4, 5040123.75, 'MTM 8', 'roc\u0000fracturé'],
        ['F-02\ud800', 299512.4, 5040123.75, 'MTM 8', ''],
      ),
    ];
    const { report, boreholes } = prepare(workbook);
    const damaged = 'Caractère nul ou invalide : la cellule semble abîmée.';
    expect(report.errors['Modèle GéoSonde']).toEqual([
      { line: 2, group: 'Forages', message: damaged },
      { line: 3, group: 'Forages', message: damaged },
    ]);
    expect(boreholes.map((b) => [b.locaId, b.fields.LOCA_REM])).toEqual([
      ['F-01', 'roc fracturé'],
      ['F-02\ufffd', ''],
    ]);
  });

  it('warns of unknown and doubled columns and unknown sheets, ignoring them without blocking', () => {
    const sheets = [
      sheet(
        'Forages',
        ['Forage', 'X', 'Y', 'Système de coordonnées', 'Couleur', 'LOCA_NATE', null, ' '],
        ['F-01', 299512.4, 5040123.75, 'MTM 8', 'rouge', 1],
      ),
      sheet('Feuil1', ['Chaînage'], ['0+120']),
      sheet('Feuil2', [null, ''], []),
      sheet('NOTICE', ['Remplissez une ligne par forage.']),
      sheet('forages.csv', ['Forage'], ['F-99']),
    ];
    expect(prepare(sheets).report.valid).toBe(true);
    expect(prepare(sheets).boreholes[0]!.position).toMatchObject({ ok: true, x: 299512.4 });
    expect(templateWarnings(sheets)).toEqual([
      { line: 1, group: 'Forages', message: 'Colonne « Couleur » inconnue du modèle : ignorée.' },
      { line: 1, group: 'Forages', message: 'Colonne « X » en double : seule la première est lue.' },
      { line: null, group: 'Feuil1', message: 'Feuille « Feuil1 » inconnue du modèle : ignorée.' },
      {
        line: null,
        group: 'forages.csv',
        message: 'Feuille « forages.csv » ignorée : « Forages » tient déjà lieu de « Forages ».',
      },
    ]);
  });

  it('refuses depths in another unit than metres rather than reading feet as metres', () => {
    const sheets = [
      sheet(
        'Forages',
        ['Forage', 'X', 'Y', 'Système de coordonnées', 'Profondeur finale (pi)', 'Élévation (mètres)'],
        ['F-01', 299512.4, 5040123.75, 'MTM 8', 41, 31.2],
      ),
    ];
    expect(prepare(sheets).report.valid).toBe(false);
    expect(templateErrors(sheets)).toEqual([
      {
        line: 1,
        group: 'Forages',
        message: 'Colonne « Profondeur finale (pi) » : le modèle attend des mètres (Profondeur finale (m)).',
      },
    ]);
  });

  it('quotes a date typed in a number column as the date it is', () => {
    const sheets = [forages(['P', 'F-01', new Date(Date.UTC(2024, 0, 1)), 5040123.75, 'MTM 8', 8, null])];
    expect(templateErrors(sheets)).toEqual([
      { line: 2, group: 'Forages', message: 'Colonne « X » : « 2024-01-01 » n’est pas un nombre.' },
    ]);
  });
});
