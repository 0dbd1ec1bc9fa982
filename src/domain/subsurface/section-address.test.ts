import { describe, expect, it } from 'vitest';
import { readSectionQuery, sectionHref, sectionSearch } from './section-address.ts';

describe('a section in the address', () => {
  const line = [
    { lat: 45.50068, lng: -73.57321 },
    { lat: 45.50038, lng: -73.55602 },
  ];

  it('writes the line readably, keeps the organisation shown, and reads back what it wrote', () => {
    const href = sectionHref(line, '?tenant=montreal&projet=x');
    expect(href).toBe('/client/sections?tenant=montreal&line=45.500680,-73.573210;45.500380,-73.556020&corridor=25');
    const query = { line, boreholes: [], corridor: 40, exaggeration: 10, title: 'Coupe A–A′ & rue', links: false };
    expect(readSectionQuery(sectionSearch(query, new URLSearchParams()))).toEqual(query);
  });

  it('goes through the boreholes selected when it has no line, two at least', () => {
    const query = readSectionQuery('?tenant=montreal&selected=MTL-BH-01,MTL-BH-14,MTL-BH-01');
    expect(query.boreholes).toEqual(['MTL-BH-01', 'MTL-BH-14']);
    expect(readSectionQuery(sectionSearch(query, new URLSearchParams('tenant=montreal'))).boreholes).toEqual([
      'MTL-BH-01',
      'MTL-BH-14',
    ]);
    expect(readSectionQuery('?selected=MTL-BH-01').boreholes).toEqual([]);
    expect(readSectionQuery('?line=45.5,-73.5;45.6,-73.4&selected=A,B').boreholes).toEqual([]);
  });

  it('gives no line for a broken or a one-point one, and the defaults for bad numbers', () => {
    expect(readSectionQuery('?line=45.5,-73.5').line).toEqual([]);
    expect(readSectionQuery('?line=45.5,-73.5;abc;45.6').line).toEqual([]);
    const read = readSectionQuery('?line=45.5,-73.5;45.6,-73.4&corridor=-3&exaggeration=x');
    expect(read.line).toHaveLength(2);
    expect([read.corridor, read.exaggeration, read.links]).toEqual([25, null, true]);
  });
});
