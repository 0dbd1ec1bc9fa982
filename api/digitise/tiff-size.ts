import { tiffDirectories, TiffRefused } from '../files/tiff-directories.ts';

/**
 * The size in pixels of a TIFF's first page, from its directories (tiffDirectories), which the
 * canvas library does not decode; null when the bytes are no TIFF, hold no page or are refused.
 */
export function tiffSize(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const page = tiffDirectories(bytes, 1)?.find((directory) => directory.width > 0 && directory.height > 0);
    return page ? { width: page.width, height: page.height } : null;
  } catch (error) {
    if (error instanceof TiffRefused) return null;
    throw error;
  }
}

/** The size of a PNG from its IHDR chunk, without decoding it; null when the bytes are no PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || !signature.every((byte, i) => bytes[i] === byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The size of a JPEG from its first frame header (SOF0 to SOF15, not DHT, JPG or DAC); null when none. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/** The size of a picture read from its header, by its type; null when it cannot be told so. */
export function pictureSize(bytes: Uint8Array, mime: string): { width: number; height: number } | null {
  if (mime === 'image/tiff') return tiffSize(bytes);
  if (mime === 'image/png') return pngSize(bytes);
  if (mime === 'image/jpeg') return jpegSize(bytes);
  return null;
}
