import UTIF from 'utif2';

/** A page of a TIFF: its size, and its pixels (RGBA) decoded when asked for. */
export interface TiffPage {
  width: number;
  height: number;
  rgba(): Uint8Array;
}

/**
 * The pages of a TIFF (a scanner's usual file, often several pages, often 1-bit CCITT G4), read by
 * UTIF (utif2): Skia's canvas cannot read TIFF. A directory with a width and a height (tags 256 and
 * 257) is a page; the others are thumbnails' or EXIF's. Nothing is decoded until a page's pixels
 * are asked for, so that its size can be checked first.
 */
export function tiffPages(bytes: Uint8Array): TiffPage[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = (ifd: UTIF.IFD, tag: string) => Number((ifd[tag] as number[] | undefined)?.[0] ?? 0);
  return UTIF.decode(buffer)
    .filter((ifd) => size(ifd, 't256') > 0 && size(ifd, 't257') > 0)
    .map((ifd) => ({
      width: size(ifd, 't256'),
      height: size(ifd, 't257'),
      rgba() {
        UTIF.decodeImage(buffer, ifd);
        return UTIF.toRGBA8(ifd);
      },
    }));
}
