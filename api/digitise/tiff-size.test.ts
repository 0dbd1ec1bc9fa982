import { describe, expect, it } from 'vitest';
import { tiffSize } from './tiff-size.ts';

/** A TIFF header and a first directory holding width and height, in either byte order. */
function tiff(width: number, height: number, little: boolean, type: 3 | 4 = 3): Uint8Array {
  const bytes = new Uint8Array(8 + 2 + 2 * 12 + 4);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, little ? 0x4949 : 0x4d4d);
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  view.setUint16(8, 2, little);
  [
    [256, width],
    [257, height],
  ].forEach(([tag, value], i) => {
    const at = 10 + i * 12;
    view.setUint16(at, tag!, little);
    view.setUint16(at + 2, type, little);
    view.setUint32(at + 4, 1, little);
    if (type === 3) view.setUint16(at + 8, value!, little);
    else view.setUint32(at + 8, value!, little);
  });
  return bytes;
}

describe('tiffSize', () => {
  it('reads the size of a TIFF in either byte order, as a SHORT or a LONG', () => {
    expect(tiffSize(tiff(2480, 3508, true))).toEqual({ width: 2480, height: 3508 });
    expect(tiffSize(tiff(2480, 3508, false))).toEqual({ width: 2480, height: 3508 });
    expect(tiffSize(tiff(70_000, 90_000, true, 4))).toEqual({ width: 70_000, height: 90_000 });
  });

  it('says null for what is no TIFF, or a cut one, without reading past its end', () => {
    expect(tiffSize(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(tiffSize(tiff(10, 10, true).slice(0, 20))).toBeNull();
    expect(tiffSize(new Uint8Array([0x49, 0x49, 42, 0, 0xff, 0xff, 0xff, 0xff]))).toBeNull();
  });
});
