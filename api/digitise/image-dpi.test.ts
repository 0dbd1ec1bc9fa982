import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { imageDpi, pageSizeDpi, scanDpi } from './image-dpi.ts';

/** A PNG with a pHYs chunk of `dpi` put before its image data (as scanners write it). */
function pngAt(dpi: number, width = 4, height = 4): Uint8Array {
  const png = createCanvas(width, height).toBuffer('image/png');
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

describe('the resolution of a page whose file says none', () => {
  it('is the one at which its pixels make a Letter, Legal, A4 or Tabloid page, upright or lying', () => {
    expect(pageSizeDpi(1700, 2200)).toBe(200); // Letter at 200 dpi
    expect(pageSizeDpi(2200, 1700)).toBe(200);
    expect(pageSizeDpi(2550, 4200)).toBe(300); // Legal
    expect(pageSizeDpi(1654, 2339)).toBe(200); // A4
    expect(pageSizeDpi(2480, 3508)).toBe(300);
    expect(pageSizeDpi(3300, 5100)).toBe(300); // Tabloid
    // A scanner's crop a few pixels off still makes the page.
    expect(pageSizeDpi(1696, 2203)).toBe(200);
  });

  it('is unknown for what is no whole page, or too coarse to be a scan', () => {
    expect(pageSizeDpi(1000, 1000)).toBeNull();
    expect(pageSizeDpi(3024, 4032)).toBeNull(); // a phone's photo, 3:4
    expect(pageSizeDpi(1800, 2200)).toBeNull(); // 3 % off Letter
    expect(pageSizeDpi(850, 1100)).toBeNull(); // Letter at 100 dpi
    expect(pageSizeDpi(0, 0)).toBeNull();
  });

  it('gives way to what the file says, unless that is a program’s default of 72 or 96', () => {
    expect(scanDpi(pngAt(300, 1700, 2200), 'image/png', 1700, 2200)).toBe(300);
    expect(scanDpi(pngAt(72, 1700, 2200), 'image/png', 1700, 2200)).toBe(200);
    expect(scanDpi(pngAt(96, 100, 100), 'image/png', 100, 100)).toBe(96);
    expect(scanDpi(createCanvas(1700, 2200).toBuffer('image/png'), 'image/png', 1700, 2200)).toBe(200);
    expect(scanDpi(createCanvas(30, 20).toBuffer('image/png'), 'image/png', 30, 20)).toBeNull();
  });
});
