import { describe, expect, it } from 'vitest';
import { kindOf, sanitizeFileName, sizeLimitText, sniffDocument, titleFromFileName } from './upload.ts';

const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0, 0, 0, 0, 0]);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffDocument', () => {
  it.each([
    ['PDF', text('%PDF-1.7\n'), 'application/pdf'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['TIFF (II)', bytes(0x49, 0x49, 0x2a, 0x00), 'image/tiff'],
    ['TIFF (MM)', bytes(0x4d, 0x4d, 0x00, 0x2a), 'image/tiff'],
    ['GIF', text('GIF89a..'), null],
    ['text that mentions PDF', text(' %PDF-1.7'), null],
    ['a PNG cut short', bytes(0x89, 0x50, 0x4e), null],
    ['ZIP (a .docx)', bytes(0x50, 0x4b, 0x03, 0x04), null],
    ['nothing', new Uint8Array(0), null],
  ])('%s', (_, head, type) => {
    expect(sniffDocument(head)).toBe(type);
  });

  it('gives the badge of each type', () => {
    expect(kindOf('application/pdf')).toBe('pdf');
    expect(kindOf('image/tiff')).toBe('image');
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['C:\\Rapports\\  log <final>.pdf', 'log final.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..', 'document'],
    ['   ', 'document'],
    ['.cache.png', 'cache.png'],
    ['rapport\u0000\u202e.pdf', 'rapport.pdf'],
    ['Étude e\u0301te\u0301.pdf', 'Étude été.pdf'],
    ['a\tb\n c.tif', 'a b c.tif'],
  ])('%j → %j', (name, clean) => {
    expect(sanitizeFileName(name)).toBe(clean);
  });

  it('keeps at most 120 characters, with the extension', () => {
    const long = sanitizeFileName(`${'é'.repeat(300)}.jpeg`);
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('é.jpeg')).toBe(true);
    expect([...sanitizeFileName('😀'.repeat(200))]).toHaveLength(120);
  });
});

describe('titleFromFileName', () => {
  it.each([
    ['journal_forage_MTL-BH-03.pdf', 'journal forage MTL-BH-03'],
    ['Rapport final v2.PDF', 'Rapport final v2'],
    ['.pdf', 'Document'],
    ['photo', 'photo'],
  ])('%j → %j', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });
});

it('words the size limit in Mo', () => {
  expect(sizeLimitText(50 * 1024 * 1024)).toBe('50 Mo');
  expect(sizeLimitText(1536 * 1024)).toBe('1,5 Mo');
});
