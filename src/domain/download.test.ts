import { describe, expect, it } from 'vitest';
import {
  detectPlatform,
  DownloadError,
  hostAllowed,
  isWellFormedRelease,
  objectVersionOf,
  readMetadata,
  shortHash,
  signedText,
} from './download.ts';
import { megabytes } from './format.ts';

const SHA = 'ab'.repeat(32);
const release = { sha256: SHA, size: 1234, version: '1.4.2', objectVersion: objectVersionOf('win', '1.4.2', SHA) };

describe('the signed fields', () => {
  it('join unambiguously', () => {
    expect(signedText(release)).toBe(`${SHA}|1234|1.4.2|win-1.4.2-abababababababab`);
    expect(isWellFormedRelease(release)).toBe(true);
  });

  it.each([
    ['an upper-case hash', { sha256: SHA.toUpperCase() }],
    ['a short hash', { sha256: 'ab' }],
    ['a fractional size', { size: 1.5 }],
    ['a size over the limit', { size: 1_500_000_001 }],
    ['a zero size', { size: 0 }],
    ['a version with a pipe', { version: '1.4|2' }],
    ['a version with leading zeros', { version: '01.4.2' }],
    ['an object of another form', { objectVersion: 'win-1.4.2-ab|c' }],
  ])('refuse %s', (_, change) => {
    expect(isWellFormedRelease({ ...release, ...change })).toBe(false);
  });
});

describe('readMetadata', () => {
  const base = { url: '/api/releases/x', sha256: SHA, size: 10, version: '1.0.0', objectVersion: 'o', sig: 's' };
  it('keeps a complete answer', () => {
    expect(readMetadata(base)).toEqual(base);
  });
  it.each([
    [{ ...base, url: '' }, 'API: champs url ou sha256 manquants'],
    [{ ...base, sha256: undefined }, 'API: champs url ou sha256 manquants'],
    [null, 'API: champs url ou sha256 manquants'],
    [{ ...base, size: 0 }, 'API: taille invalide'],
    [{ ...base, size: '10' }, 'API: taille invalide'],
    [{ ...base, size: Number.POSITIVE_INFINITY }, 'API: taille invalide'],
  ])('refuses %j', (body, message) => {
    expect(() => readMetadata(body)).toThrow(new DownloadError(message));
  });
});

describe('the page’s helpers', () => {
  it('detects the platform', () => {
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)')).toBe('mac');
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('win');
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe('win');
  });
  it('shortens a hash to its first 10 and last 8 characters', () => {
    expect(shortHash(`0123456789${'x'.repeat(46)}abcdefgh`)).toBe('0123456789…abcdefgh');
  });
  it('shows megabytes with one decimal', () => {
    expect(megabytes(3 * 1024 * 1024)).toBe('3,0');
    expect(megabytes(1_500_000_000)).toBe('1\u202f430,5');
  });
  it('allows any host with an empty list, else only those listed', () => {
    expect(hostAllowed('https://cdn.example/x', 'https://geosonde.ca/', [])).toBe(true);
    expect(hostAllowed('/api/releases/x', 'https://geosonde.ca/', ['geosonde.ca'])).toBe(true);
    expect(hostAllowed('https://cdn.example/x', 'https://geosonde.ca/', ['geosonde.ca'])).toBe(false);
    expect(hostAllowed('http://[bad', 'https://geosonde.ca/', ['geosonde.ca'])).toBe(false);
  });
});
