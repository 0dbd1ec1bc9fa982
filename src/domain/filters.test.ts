import { describe, expect, it } from 'vitest';
import type { Borehole } from './borehole.ts';
import { filterBoreholes, parseFilters, toSearchParams, type BoreholeFilters } from './filters.ts';
import type { DataScope } from './tenants.ts';

const base: Borehole = {
  id: 'X',
  tenantSlug: 'montreal',
  project: '',
  site: '',
  muni: '',
  date: '2024-01-01',
  purpose: 'geotech',
  type: 'test_hole',
  method: 'rotary',
  holeState: 'open_hole',
  depth: 5,
  lat: 45.5,
  lon: -73.6,
  addr: '',
  screenTop: null,
  screenBottom: null,
  waterDepth: null,
  has_chem: false,
  has_pdf: true,
  horizons: [{ material: 'Till', thickness: 5 }],
};
const row = (fields: Partial<Borehole>): Borehole => ({ ...base, ...fields });

const rows = [
  row({
    id: 'MTL-BH-01',
    project: 'Rue Sainte-Catherine',
    muni: 'Montréal (Ville-Marie)',
    date: '2024-05-14',
    depth: 7,
    addr: '1250, rue Sainte-Catherine Ouest',
  }),
  row({
    id: 'MTL-BH-02',
    project: 'Station de pompage',
    muni: 'Montréal (Le Sud-Ouest)',
    date: '2023-09-21',
    purpose: 'hydro',
    type: 'monitoring_well',
    depth: 10,
    screenTop: 6,
    screenBottom: 9,
    horizons: [
      { material: 'Remblai', thickness: 2 },
      { material: 'Argile de la mer de Champlain', thickness: 8 },
    ],
  }),
  row({
    id: 'MTL-BH-03',
    project: 'Parc Jarry',
    muni: 'Montréal',
    date: '2023-09-21',
    purpose: 'environmental',
    method: 'sonic',
    depth: 7.0001,
    has_chem: true,
    lat: null,
  }),
  row({
    id: 'SJ-BH-01',
    tenantSlug: 'stjulie',
    project: 'Chemin du Fer-à-Cheval',
    muni: 'Sainte-Julie',
    date: '2022-04-26',
    depth: 8.5,
    lat: 45.5905,
    lon: -73.321,
    method: 'hollow_stem_auger',
  }),
  row({
    id: 'SJ-BH-02',
    tenantSlug: 'stjulie',
    project: 'Bassin',
    muni: 'Saint-Amable',
    date: '2021-07-07',
    depth: 12,
    lat: 45.638,
    lon: -73.305,
    purpose: 'hydro',
    screenTop: 1.5,
    screenBottom: 3.5,
  }),
];
const all: DataScope = { type: 'all' };
const ids = (filters: BoreholeFilters, scope: DataScope = all) =>
  filterBoreholes(rows, filters, scope).map((r) => r.id);

describe('filterBoreholes', () => {
  it.each<[string, BoreholeFilters, string[]]>([
    [
      'no filter: everything, newest first, same day by id',
      {},
      ['MTL-BH-01', 'MTL-BH-02', 'MTL-BH-03', 'SJ-BH-01', 'SJ-BH-02'],
    ],
    ['project contains, any case', { project: 'STATION' }, ['MTL-BH-02']],
    ['municipality contains, accents ignored', { municipality: 'montreal' }, ['MTL-BH-01', 'MTL-BH-02', 'MTL-BH-03']],
    ['borehole id contains', { boreholeId: 'sj-bh' }, ['SJ-BH-01', 'SJ-BH-02']],
    ['address contains', { address: 'catherine' }, ['MTL-BH-01']],
    ['purpose is exact', { purpose: 'hydro' }, ['MTL-BH-02', 'SJ-BH-02']],
    ['type is exact', { type: 'monitoring_well' }, ['MTL-BH-02']],
    ['drilling method compares with method', { drillingMethod: 'sonic' }, ['MTL-BH-03']],
    ['method contains', { method: 'auger' }, ['SJ-BH-01']],
    ['lithology: any horizon’s material contains, accents ignored', { lithology: 'ARGILE' }, ['MTL-BH-02']],
    ['depth range is inclusive', { depthMin: 7, depthMax: 8.5 }, ['MTL-BH-01', 'MTL-BH-03', 'SJ-BH-01']],
    [
      'dates are an inclusive range',
      { dateFrom: '2022-04-26', dateTo: '2023-09-21' },
      ['MTL-BH-02', 'MTL-BH-03', 'SJ-BH-01'],
    ],
    ['screen overlaps the range', { screenFrom: 3, screenTo: 5 }, ['SJ-BH-02']],
    ['hydrogeology: hydro purpose, or a well or a piezometer', { has_hydro: true }, ['MTL-BH-02', 'SJ-BH-02']],
    ['geodata: both coordinates', { has_geodata: true }, ['MTL-BH-01', 'MTL-BH-02', 'SJ-BH-01', 'SJ-BH-02']],
    ['chemistry: recorded', { has_chem: true }, ['MTL-BH-03']],
    ['ids restrict the rows', { ids: ['SJ-BH-02', 'MTL-BH-01', 'NOPE'] }, ['MTL-BH-01', 'SJ-BH-02']],
    [
      'a radius keeps nearby rows with coordinates',
      { centerLat: 45.585, centerLng: -73.3327, radiusKm: 8 },
      ['SJ-BH-01', 'SJ-BH-02'],
    ],
    ['filters combine', { purpose: 'hydro', municipality: 'amable' }, ['SJ-BH-02']],
  ])('%s', (_name, filters, expected) => {
    expect(ids(filters)).toEqual(expected);
  });

  it.each<[string, DataScope, string[]]>([
    ['all', { type: 'all' }, ['MTL-BH-01', 'MTL-BH-02', 'MTL-BH-03', 'SJ-BH-01', 'SJ-BH-02']],
    ['none', { type: 'none' }, []],
    ['a tenant’s own boreholes', { type: 'tenant', tenantSlug: 'stjulie' }, ['SJ-BH-01', 'SJ-BH-02']],
    [
      'a radius of 3 km around Sainte-Julie, for a tenant that owns none of them',
      { type: 'radius', tenantSlug: 'laval', center: { lat: 45.585, lng: -73.3327 }, radiusKm: 3 },
      ['SJ-BH-01'],
    ],
    [
      'the same radius for Sainte-Julie: what it owns beyond it too',
      { type: 'radius', tenantSlug: 'stjulie', center: { lat: 45.585, lng: -73.3327 }, radiusKm: 3 },
      ['SJ-BH-01', 'SJ-BH-02'],
    ],
  ])('scope %s', (_name, scope, expected) => {
    expect(ids({}, scope)).toEqual(expected);
  });
});

describe('parseFilters', () => {
  it.each<[string, BoreholeFilters]>([
    ['', {}],
    ['project=%20&municipality=', {}],
    ['municipality=Laval&depthMin=5&depthMax=12.5', { municipality: 'Laval', depthMin: 5, depthMax: 12.5 }],
    ['has_pdf=1&has_core=true', { has_pdf: true, has_core: true }],
    ['ids=A,%20B,,A', { ids: ['A', 'B'] }],
    ['dateFrom=2020-01-01&dateTo=2020-12-31', { dateFrom: '2020-01-01', dateTo: '2020-12-31' }],
    [
      'purpose=hydro&type=piezometer&drillingMethod=sonic',
      { purpose: 'hydro', type: 'piezometer', drillingMethod: 'sonic' },
    ],
    ['centerLat=45.5&centerLng=-73.5&radiusKm=2', { centerLat: 45.5, centerLng: -73.5, radiusKm: 2 }],
    ['tenant=stjulie&client=x&kMin=3', {}],
  ])('reads %j', (query, filters) => {
    expect(parseFilters(new URLSearchParams(query))).toEqual({ ok: true, filters });
  });

  it.each([
    ['purpose=mining', 'But inconnu'],
    ['depthMin=abc', 'Une profondeur doit être un nombre.'],
    ['depthMin=-3', 'Une profondeur ne peut pas être négative.'],
    ['dateFrom=14/06/2023', 'Une date doit être au format AAAA-MM-JJ.'],
    ['dateTo=2023-02-30', 'Une date doit être au format AAAA-MM-JJ.'],
    ['has_pdf=yes', 'Un filtre booléen vaut 1.'],
    [
      'centerLat=45&radiusKm=3',
      'Une recherche par rayon demande la latitude du centre, la longitude du centre et le rayon (km).',
    ],
    ['radiusKm=0&centerLat=1&centerLng=1', 'Le rayon doit être positif.'],
    [`project=${'x'.repeat(201)}`, 'Un filtre texte compte au plus 200 caractères.'],
  ])('refuses %j in French', (query, message) => {
    const result = parseFilters(new URLSearchParams(query));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it.each([
    ['depthMin=-3', 'depthMin', 'Une profondeur ne peut pas être négative.'],
    ['depthMin=20&depthMax=5', 'depthMax', 'Profondeur min. plus grande que la profondeur max.'],
    ['dateFrom=2024-06-01&dateTo=2024-01-01', 'dateTo', 'La date « Du » est après la date « Au »'],
    ['centerLat=45&centerLng=-73', 'radiusKm', 'Une recherche par rayon demande'],
  ])('names the field at fault for %s, so that the form says it beside it', (query, field, message) => {
    const result = parseFilters(new URLSearchParams(query));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.field).toBe(field);
      expect(result.error).toContain(message);
    }
  });

  it('keeps an equal minimum and maximum', () => {
    expect(parseFilters(new URLSearchParams('depthMin=5&depthMax=5'))).toEqual({
      ok: true,
      filters: { depthMin: 5, depthMax: 5 },
    });
  });

  it('reads back what toSearchParams writes', () => {
    const filters: BoreholeFilters = {
      project: 'Rue',
      has_pdf: true,
      ids: ['A', 'B'],
      depthMin: 2,
      purpose: 'geotech',
    };
    expect(toSearchParams(filters).toString()).toBe('project=Rue&has_pdf=1&ids=A%2CB&depthMin=2&purpose=geotech');
    expect(parseFilters(toSearchParams(filters))).toEqual({ ok: true, filters });
  });
});
