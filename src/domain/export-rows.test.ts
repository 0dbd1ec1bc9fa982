import { describe, expect, it } from 'vitest';
import { crsByCode } from './crs/crs-table.ts';
import { locate } from './crs/locate.ts';
import type { Borehole } from './borehole.ts';
import {
  DATABASE_COLUMNS,
  DATABASE_HEADINGS,
  databaseRow,
  EXCEL_HEADINGS,
  EXCEL_REPORT_HEADINGS,
  excelDatabaseRow,
  excelReportRow,
  printedDatabaseRow,
  toCsv,
  toExcelCsv,
  toGeoJson,
} from './export-rows.ts';
import type { ReportItem } from './report.ts';

const borehole: Borehole = {
  id: 'SJ-BH-01',
  tenantSlug: 'stjulie',
  project: 'Réfection, phase "2"',
  site: 'Chemin du Fer-à-Cheval',
  muni: 'Sainte-Julie',
  date: '2024-06-11',
  purpose: 'geotech',
  type: 'test_hole',
  method: 'hollow_stem_auger',
  holeState: 'open_hole',
  depth: 8.5,
  lat: 45.59051,
  lon: -73.32102,
  addr: '1500, chemin du Fer-à-Cheval',
  screenTop: null,
  screenBottom: null,
  waterDepth: null,
  has_chem: false,
  has_pdf: true,
  horizons: [],
};

describe('database exports', () => {
  it('shape a borehole into the specified columns', () => {
    expect(Object.keys(databaseRow(borehole))).toEqual([...DATABASE_COLUMNS]);
    expect(databaseRow(borehole)).toMatchObject({
      municipality: 'Sainte-Julie',
      depth_m: 8.5,
      address: '1500, chemin du Fer-à-Cheval',
    });
  });

  it('give Québec plane coordinates (NAD83(CSRS) / MTM 8) beside WGS 84, empty out of the zone', () => {
    // On the zone's central meridian (73.5° W) the easting is the false easting, 304 800 m, give or
    // take the 1–2 m between NAD83(CSRS) and WGS 84.
    const onMeridian = databaseRow({ ...borehole, lat: 45.5, lon: -73.5 });
    expect(Math.abs(Number(onMeridian.x_mtm8) - 304_800)).toBeLessThan(3);
    // Back to WGS 84 through the import's own conversion: the same point within a centimetre.
    const back = locate(crsByCode('2950')!, Number(onMeridian.x_mtm8), Number(onMeridian.y_mtm8), true);
    expect(back).toMatchObject({ ok: true });
    if (back.ok) expect(Math.abs(back.lat - 45.5) + Math.abs(back.lon + 73.5)).toBeLessThan(1e-6);
    expect(databaseRow({ ...borehole, lat: 51.5, lon: -0.12 })).toMatchObject({ x_mtm8: null, y_mtm8: null });
    expect(databaseRow({ ...borehole, lat: null })).toMatchObject({ x_mtm8: null, y_mtm8: null });
  });

  it('write CSV with a BOM, CRLF and quoted commas and quotes', () => {
    const csv = toCsv(DATABASE_COLUMNS, [databaseRow(borehole), databaseRow({ ...borehole, id: 'X', lat: null })]);
    const lines = csv.slice(1).split('\r\n');
    expect(
      csv.startsWith(
        '\uFEFFid,project,site,municipality,date,purpose,type,method,depth_m,address,lat,lon,x_mtm8,y_mtm8\r\n',
      ),
    ).toBe(true);
    expect(lines[1]).toBe(
      'SJ-BH-01,"Réfection, phase ""2""",Chemin du Fer-à-Cheval,Sainte-Julie,2024-06-11,geotech,test_hole,hollow_stem_auger,8.5,"1500, chemin du Fer-à-Cheval",45.59051,-73.32102,318765.31,5050080.87',
    );
    expect(lines[2]).toMatch(/,,-73\.32102,,$/);
    expect(lines).toHaveLength(4);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Rapport").pdf', `"'=HYPERLINK(""http://evil.example"",""Rapport"").pdf"`],
    ['+33 1 23', "'+33 1 23"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
    ['Rapport = final', 'Rapport = final'],
  ])('neutralise a cell that a spreadsheet would run as a formula: %j', (title, cell) => {
    const csv = toCsv(['title', 'lon'], [{ title, lon: -73.32102 }]);
    expect(csv.slice(1).split('\r\n')[1]).toBe(`${cell},-73.32102`);
  });

  it('write GeoJSON points in [lon, lat] order, leaving out boreholes without coordinates', () => {
    const geojson = toGeoJson([borehole, { ...borehole, id: 'NOWHERE', lon: null }]);
    expect(geojson.features).toHaveLength(1);
    expect(geojson.features[0]).toMatchObject({
      type: 'Feature',
      id: 'SJ-BH-01',
      geometry: { type: 'Point', coordinates: [-73.32102, 45.59051] },
      properties: { id: 'SJ-BH-01', depth_m: 8.5 },
    });
  });

  it('print a row in French, column for column with the data exports', () => {
    // The PDF keeps WGS 84 only: the MTM coordinates are for the data exports.
    expect(DATABASE_HEADINGS).toHaveLength(DATABASE_COLUMNS.length - 2);
    expect(printedDatabaseRow(borehole)).toEqual([
      'SJ-BH-01',
      'Réfection, phase "2"',
      'Chemin du Fer-à-Cheval',
      'Sainte-Julie',
      '2024-06-11',
      'Géotechnique',
      'Sondage exploratoire',
      'Tarière à tige creuse',
      '8,5 m',
      '1500, chemin du Fer-à-Cheval',
      '45,59051',
      '-73,32102',
    ]);
    expect(printedDatabaseRow({ ...borehole, site: '', lat: null }).filter((cell) => cell === '—')).toHaveLength(2);
  });
});

describe('CSV for French Excel', () => {
  it('writes semicolons, French headings and labels, decimal commas, and quotes what holds a semicolon', () => {
    const text = toExcelCsv(EXCEL_HEADINGS, [excelDatabaseRow(borehole)]);
    const [head, row, end] = text.split('\r\n');
    expect(head).toBe(
      '\uFEFFID;Projet;Site;Municipalité;Date;But;Type;Méthode;Profondeur (m);Adresse;Latitude;Longitude;X MTM8 (m);Y MTM8 (m)',
    );
    expect(row).toMatch(
      /^SJ-BH-01;"Réfection, phase ""2""";Chemin du Fer-à-Cheval;Sainte-Julie;2024-06-11;Géotechnique;[^;]+;[^;]+;8,5;"1500, chemin du Fer-à-Cheval";45,59051;-73,32102;\d+,?\d*;\d+,?\d*$/,
    );
    expect(end).toBe('');
  });

  it('gives a document its French type and its size as a number', () => {
    const report = {
      id: 'SJ-BH-01-R1',
      bhId: 'SJ-BH-01',
      title: 'Rapport; phase 1',
      kind: 'pdf',
      site: 'Parc',
      muni: 'Sainte-Julie',
      date: '2024-06-11T00:00:00Z',
      size: 1536,
      href: '/api/files/SJ-BH-01-R1',
    } as unknown as ReportItem;
    expect(toExcelCsv(EXCEL_REPORT_HEADINGS, [excelReportRow(report, 'https://geosonde.ca')]).split('\r\n')[1]).toBe(
      'SJ-BH-01-R1;SJ-BH-01;"Rapport; phase 1";PDF;Parc;Sainte-Julie;2024-06-11;1536;https://geosonde.ca/api/files/SJ-BH-01-R1',
    );
  });
});
