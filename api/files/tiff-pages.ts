import UTIF from 'utif2';
import { tiffDirectories, TiffRefused } from './tiff-directories.ts';

/** A page of a TIFF: its size, and its pixels (RGBA) decoded when asked for. */
export interface TiffPage {
  width: number;
  height: number;
  rgba(): Uint8Array;
}

/**
 * The first `count` pages of a TIFF (a scanner's usual file, often several pages, often 1-bit CCITT
 * G4), read by UTIF (utif2): Skia's canvas cannot read TIFF. The directories are walked and checked
 * first (tiffDirectories), and UTIF reads only those: the chain is cut after the last one for the
 * time of the reading. A directory with a width and a height is a page; the others are thumbnails'
 * or EXIF's. Nothing is decoded until a page's pixels are asked for, so that its size can be checked
 * first. Throws TiffRefused for a structure no scanner writes, and an Error for no TIFF.
 */
export function tiffPages(bytes: Uint8Array, count = Infinity): TiffPage[] {
  const directories = tiffDirectories(bytes, count);
  if (!directories) throw new Error('Not a TIFF.');
  const last = directories.at(-1);
  if (!last) return [];
  // UTIF reads a view of the bytes, not a copy of them for each page.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  const view = new DataView(whole.buffer);
  const little = whole[0] === 0x49;
  let ifds: UTIF.IFD[];
  try {
    view.setUint32(last.nextAt, 0, little);
    // Maker notes are not read: a camera's, nested, would be a TIFF of its own.
    ifds = decode(whole.buffer as ArrayBuffer, { parseMN: false, debug: false });
  } finally {
    view.setUint32(last.nextAt, last.next, little);
  }
  const size = (ifd: UTIF.IFD, tag: string) => Number((ifd[tag] as number[] | undefined)?.[0] ?? 0);
  return ifds
    .filter((ifd) => size(ifd, 't256') > 0 && size(ifd, 't257') > 0)
    .slice(0, count)
    .map((ifd) => ({
      width: size(ifd, 't256'),
      height: size(ifd, 't257'),
      rgba() {
        UTIF.decodeImage(whole.buffer as ArrayBuffer, ifd);
        return UTIF.toRGBA8(ifd);
      },
    }));
}

export { TiffRefused };

/** UTIF.decode with its options, which its types do not declare. */
const decode = UTIF.decode as (buffer: ArrayBuffer, options: { parseMN: boolean; debug: boolean }) => UTIF.IFD[];
