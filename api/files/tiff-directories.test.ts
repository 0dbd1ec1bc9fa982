import { describe, expect, it } from 'vitest';
import { tiffFile } from '../../tests/support/tiff-file.ts';
import { MAX_DIRECTORIES, tiffDirectories, TiffRefused } from './tiff-directories.ts';
import { tiffPages } from './tiff-pages.ts';

type Entry = [tag: number, type: number, count: number, value: number];

/**
 * A little-endian TIFF written directory by directory, as a hostile file would be: each directory's
 * entries as given and its pointer to the next, then `tail` bytes of zeros.
 */
function handWritten(directories: { entries: Entry[]; next?: (offsets: number[]) => number }[], tail = 16) {
  const offsets: number[] = [];
  let at = 8;
  for (const { entries } of directories) {
    offsets.push(at);
    at += 2 + entries.length * 12 + 4;
  }
  const view = new DataView(new ArrayBuffer(at + tail));
  view.setUint16(0, 0x4949);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  directories.forEach(({ entries, next }, i) => {
    const offset = offsets[i]!;
    view.setUint16(offset, entries.length, true);
    entries.forEach(([tag, type, count, value], k) => {
      const entry = offset + 2 + k * 12;
      view.setUint16(entry, tag, true);
      view.setUint16(entry + 2, type, true);
      view.setUint32(entry + 4, count, true);
      view.setUint32(entry + 8, value, true);
    });
    const pointer = next ? next(offsets) : (offsets[i + 1] ?? 0);
    view.setUint32(offset + 2 + entries.length * 12, pointer, true);
  });
  return new Uint8Array(view.buffer);
}

/** A one-pixel page: width, height, one strip of one byte at the file's end. */
const onePixel = (stripAt: number): Entry[] => [
  [256, 3, 1, 1],
  [257, 3, 1, 1],
  [273, 4, 1, stripAt],
  [279, 4, 1, 1],
];

// Before these checks UTIF followed whatever the directories said: a 58-byte TIFF whose directory
// points to itself took the reading process to its memory limit, and 200,000 chained one-pixel
// pages (10.8 MB) took 481 MB before the first 20 were kept.
describe('the directories of a hostile TIFF', () => {
  it('ends a chain that loops back on itself, and reads its page once', () => {
    const file = handWritten([{ entries: onePixel(60), next: ([first]) => first! }]);
    expect(tiffDirectories(file)).toHaveLength(1);
    expect(tiffPages(file)).toHaveLength(1);
  });

  it('walks no further than the pages asked for, nor than MAX_DIRECTORIES', () => {
    const pages = Array.from({ length: 2000 }, () => ({ entries: onePixel(8) }));
    const file = handWritten(pages);
    expect(tiffDirectories(file, 20)).toHaveLength(20);
    expect(tiffDirectories(file)).toHaveLength(MAX_DIRECTORIES);
    const before = file.slice();
    const read = tiffPages(file, 20);
    expect(read).toHaveLength(20);
    expect(read[19]!.rgba()).toHaveLength(4);
    // The chain is cut for UTIF only while it reads: the caller's bytes are as they were.
    expect(file).toEqual(before);
  });

  it('refuses a tag that claims more values than the file holds', () => {
    const file = handWritten([{ entries: [...onePixel(8), [273, 4, 0xffff_ffff, 8]] }]);
    expect(() => tiffPages(file)).toThrow(TiffRefused);
    expect(() => tiffPages(file)).toThrow('une valeur de l’image TIFF sort du fichier.');
  });

  it('takes no size from a width written as bytes, not as a SHORT or a LONG', () => {
    const file = handWritten([{ entries: [[256, 1, 3, 0], [257, 3, 1, 1], ...onePixel(8).slice(2)] }]);
    // The width's three bytes, held in its entry, read as a LONG would make a width of 1,234,567.
    new DataView(file.buffer).setUint32(8 + 2 + 8, 1_234_567, true);
    expect(tiffDirectories(file)).toMatchObject([{ width: 0, height: 1 }]);
  });

  it('refuses values that, read again and again, add up to more than the file', () => {
    // 300 entries pointing to the same 64 bytes: each is in the file, together 19,200 bytes of 3,700.
    const entries: Entry[] = Array.from({ length: 300 }, () => [700, 4, 16, 8]);
    const file = handWritten([{ entries: [...onePixel(8), ...entries] }]);
    expect(() => tiffDirectories(file)).toThrow('les répertoires de l’image TIFF sont incohérents.');
  });

  it('refuses sub-directories that lead back into themselves', () => {
    const file = handWritten([{ entries: [...onePixel(8), [330, 4, 1, 8]] }]);
    expect(() => tiffPages(file)).toThrow('l’image TIFF a trop de sous-répertoires.');
  });

  it('reads a scanner’s TIFF whole, and says null for what is no TIFF', () => {
    const greys = new Uint8Array(12).fill(200);
    const file = tiffFile([
      { width: 4, height: 3, greys },
      { width: 3, height: 4, greys },
    ]);
    expect(tiffDirectories(file)?.map(({ width, height }) => [width, height])).toEqual([
      [4, 3],
      [3, 4],
    ]);
    expect(tiffPages(file).map((page) => page.rgba()[0])).toEqual([200, 200]);
    expect(tiffDirectories(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});
