import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  ADVANCED_GROUPS,
  BASIC_GROUPS,
  CHIPS,
  countActive,
  draftFromSearch,
  searchFromDraft,
} from './filter-fields.ts';

describe('filter form', () => {
  it('holds every filter of the specification, basic and advanced', () => {
    const names = [...BASIC_GROUPS, ...ADVANCED_GROUPS].flatMap((group) => group.fields.map((field) => field.name));
    const basic =
      'project municipality boreholeId purpose type drillingMethod method dateFrom dateTo depthMin depthMax screenFrom screenTo address';
    const advanced =
      'client site owner driller region country centerLat centerLng radiusKm bhDiaMin bhDiaMax casingDiaMin casingDiaMax groundElev topOfCasing wlMin wlMax kMin kMax sptMin sptMax ucsMin ucsMax llMin piMin lithology unit horizon';
    expect(new Set(names)).toEqual(new Set([...basic.split(' '), ...advanced.split(' ')]));
    expect(names).toHaveLength(new Set(names).size);
    expect(CHIPS.map((chip) => chip.name)).toEqual([
      'has_hydro',
      'has_geodata',
      'has_litho',
      'has_chem',
      'has_pdf',
      'has_core',
      'has_images',
    ]);
  });

  it.each([
    [
      { municipality: ' Laval ', has_pdf: true, has_core: false, project: '' },
      '?tenant=admin',
      '?tenant=admin&municipality=Laval&has_pdf=1',
    ],
    [{ kMin: '1e-6', driller: 'Forages ABC' }, '', '?kMin=1e-6&driller=Forages+ABC'],
    [{ depthMin: '3' }, '?tenant=stjulie&ids=A,B&depthMax=9', '?tenant=stjulie&ids=A%2CB&depthMin=3'],
    [{ centerLat: '45.5', centerLng: '-73.6', radiusKm: '2' }, '', '?centerLat=45.5&centerLng=-73.6&radiusKm=2'],
  ])('writes %j over %s as %s', (draft, current, expected) => {
    expect(searchFromDraft(draft, current)).toEqual({ ok: true, search: expected });
  });

  it.each([
    [{ depthMin: '-2' }, 'Une profondeur ne peut pas être négative.'],
    [
      { centerLat: '45.5' },
      'Une recherche par rayon demande la latitude du centre, la longitude du centre et le rayon (km).',
    ],
    [{ purpose: 'minage' }, /^But inconnu/],
  ])('refuses %j with the French message', (draft, message) => {
    const result = searchFromDraft(draft, '');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('reads the form back from a URL, chips as booleans, unknown names left out', () => {
    expect(draftFromSearch('?tenant=admin&ids=A&has_pdf=1&wlMin=2&municipality=Laval&zoom=3')).toEqual({
      has_pdf: true,
      wlMin: '2',
      municipality: 'Laval',
    });
    expect(countActive({ has_pdf: true, has_core: false, project: '', wlMin: '2' })).toBe(2);
  });
});

describe('activeFilters', () => {
  it('names each filter a search applies with its French label and value, chips by their label', () => {
    expect(activeFilters('?project=TOP3398&purpose=geotech&depthMin=5&has_pdf=1&client=Ville&sort=date')).toEqual([
      { name: 'project', label: 'Projet : TOP3398' },
      { name: 'purpose', label: 'But : Géotechnique' },
      { name: 'depthMin', label: 'Profondeur min. (m) : 5' },
      { name: 'has_pdf', label: 'PDF' },
    ]);
    expect(activeFilters('?sort=depth&dir=asc')).toEqual([]);
  });
});
