import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCoordinate,
  formatDate,
  formatDepth,
  formatMoment,
  formatSize,
  numberFormat,
  orDash,
} from './format.ts';

// Intl writes a no-break space between the number and its thousands; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatSize', () => {
  it.each([
    [0, '0,0 Ko'],
    [839_680, '820,0 Ko'],
    [348_160, '340,0 Ko'],
    [1_048_575, '1 024,0 Ko'],
    [1_048_576, '1,0 Mo'],
    [5_767_168, '5,5 Mo'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(plain(formatSize(bytes))).toBe(expected);
  });
});

describe('formatDepth', () => {
  it.each([
    [12.34, '12,3 m'],
    [0, '0,0 m'],
    [7, '7,0 m'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('%s → %s', (metres, expected) => {
    expect(formatDepth(metres)).toBe(expected);
  });
});

describe('formatCoordinate', () => {
  it.each([
    [45.585, '45,58500'],
    [-73.3327, '-73,33270'],
    [45.123456789, '45,12346'],
    [null, '—'],
  ])('%s → %s', (degrees, expected) => {
    expect(formatCoordinate(degrees)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['2023-06-14T10:00:00Z', '2023-06-14'],
    ['2023-06-14', '2023-06-14'],
    [null, '—'],
  ])('%s → %s', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });
});

describe('numberFormat', () => {
  it('writes a decimal comma and narrow no-break spaces between thousands', () => {
    expect(numberFormat().format(1234567.5)).toBe('1\u202f234\u202f567,5');
    expect(numberFormat({ minimumFractionDigits: 2 }).format(-0.5)).toBe('-0,50');
    expect(numberFormat({ useGrouping: false }).format(12345.25)).toBe('12345,25');
  });
});

describe('countOf and orDash', () => {
  it.each([
    [0, 'forage', '0 forage'],
    [1, 'document', '1 document'],
    [2, 'résultat', '2 résultats'],
    [10015, 'forage', '10\u202f015 forages'],
    [1000030, 'résultat', '1\u202f000\u202f030 résultats'],
  ])('counts %i %s as %s', (count, noun, expected) => {
    expect(countOf(count, noun)).toBe(expected);
  });

  it('shows a dash for a missing value only', () => {
    expect([orDash(''), orDash(null), orDash(undefined), orDash('Till')]).toEqual(['—', '—', '—', 'Till']);
  });
});

describe('formatMoment', () => {
  it('writes a moment to the minute in Montréal time, with its zone, summer and winter', () => {
    expect(formatMoment(1795000000)).toBe('18 novembre 2026 à 06 h 06 HNE');
    expect(formatMoment(1783000000)).toMatch(/^\d{1,2} juillet 2026 à \d\d h \d\d HAE$/);
  });
});
