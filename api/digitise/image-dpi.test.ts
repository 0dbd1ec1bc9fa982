import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { imageDpi } from './image-dpi.ts';

/** A PNG with a pHYs chunk of `dpi` put before its image data (as scanners write it). */
function pngAt(dpi: number): Uint8Array {
  const png = createCanvas(4, 4).toBuffer('image/png');
  const idat = png.indexOf('IDAT') - 4;
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'ascii');
  chunk.writeUInt32BE(Math.round(dpi / 0.0254), 8);
  chunk.writeUInt32BE(Math.round(dpi / 0.0254), 12);
  chunk.writeUInt8(1, 16);
  return Buffer.concat([png.subarray(0, idat), chunk, png.subarray(idat)]);
}

/** The start of a JFIF JPEG: SOI, APP0 with its units and densities. */
function jfif(units: number, density: number): Uint8Array {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt16BE(0xffd8, 0);
  bytes.writeUInt16BE(0xffe0, 2);
  bytes.writeUInt16BE(16, 4);
  bytes.write('JFIF\0', 6, 'ascii');
  bytes.writeUInt16BE(0x0101, 11);
  bytes.writeUInt8(units, 13);
  bytes.writeUInt16BE(density, 14);
  bytes.writeUInt16BE(density, 16);
  return bytes;
}

/** A little-endian TIFF whose first directory gives XResolution `value`/1 in `unit`. */
function tiffAt(value: number, unit: number): Uint8Array {
  const bytes = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 8);
  bytes.write('II', 0, 'ascii');
  bytes.writeUInt16LE(42, 2);
  bytes.writeUInt32LE(8, 4);
  bytes.writeUInt16LE(2, 8);
  const rational = 8 + 2 + 2 * 12 + 4;
  bytes.writeUInt16LE(282, 10);
  bytes.writeUInt16LE(5, 12);
  bytes.writeUInt32LE(1, 14);
  bytes.writeUInt32LE(rational, 18);
  bytes.writeUInt16LE(296, 22);
  bytes.writeUInt16LE(3, 24);
  bytes.writeUInt32LE(1, 26);
  bytes.writeUInt16LE(unit, 30);
  bytes.writeUInt32LE(value, rational);
  bytes.writeUInt32LE(1, rational + 4);
  return bytes;
}

describe('imageDpi', () => {
  it('reads the resolution a PNG, a JPEG or a TIFF says it was scanned at', () => {
    expect(imageDpi(pngAt(300), 'image/png')).toBe(300);
    expect(imageDpi(jfif(1, 200), 'image/jpeg')).toBe(200);
    expect(imageDpi(jfif(2, 118), 'image/jpeg')).toBe(300);
    expect(imageDpi(tiffAt(400, 2), 'image/tiff')).toBe(400);
    expect(imageDpi(tiffAt(118, 3), 'image/tiff')).toBe(300);
  });

  it('says null when the file does not say, or says what no scan is', () => {
    expect(imageDpi(createCanvas(4, 4).toBuffer('image/png'), 'image/png')).toBeNull();
    expect(imageDpi(jfif(0, 1), 'image/jpeg')).toBeNull();
    expect(imageDpi(pngAt(5), 'image/png')).toBeNull();
    expect(imageDpi(new Uint8Array([0x89, 0x50]), 'image/png')).toBeNull();
    expect(imageDpi(tiffAt(400, 2).subarray(0, 30), 'image/tiff')).toBeNull();
  });
});
