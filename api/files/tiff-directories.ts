/**
 * A TIFF's directories (its pages, their thumbnails, EXIF…), walked from the header and checked
 * before UTIF reads them: UTIF follows a directory chain that loops for ever (a 58-byte file took
 * the reading process to its memory limit), reads as many values as a tag claims even past the
 * file's end (a count of 4 billion is a hang), and follows sub-directories into themselves.
 */

/** The directories walked along the main chain at most, pages and thumbnails together. */
export const MAX_DIRECTORIES = 256;
/** Sub-directories (SubIFDs, EXIF, GPS…) reached at most, repeats counted, and how deep. */
const MAX_SUB_DIRECTORIES = 64;
const MAX_DEPTH = 3;
/** The tags whose values UTIF follows as directories. */
const SUB_DIRECTORY_TAGS = new Set([330, 34665, 34853, 50740, 61440]);
/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD). */
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};

/** A TIFF whose structure no scanner writes, refused before it is decoded; the message is the user's. */
export class TiffRefused extends Error {}

export interface TiffDirectory {
  /** Where the directory starts in the file. */
  offset: number;
  /** Where its pointer to the next directory is, and what it holds. */
  nextAt: number;
  next: number;
  /** The image's size (tags 256 and 257), 0 when it has none. */
  width: number;
  height: number;
}

/**
 * The directories of the main chain, up to the one that completes `pages` pages (a directory with a
 * width and a height) or MAX_DIRECTORIES; null when the bytes are no TIFF (no header). The chain
 * ends at a null pointer, at a pointer out of the file or at a directory seen before. Throws
 * TiffRefused when a directory's values lie past the file's end, when the values read add up to more
 * than the file holds (each is written once in a real file), or when its sub-directories go past
 * MAX_SUB_DIRECTORIES or MAX_DEPTH.
 */
export function tiffDirectories(bytes: Uint8Array, pages = Infinity): TiffDirectory[] | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return null;

  const fits = (offset: number, length: number) => offset >= 0 && offset + length <= bytes.length;
  let valueBytes = 0;
  let subDirectories = 0;

  /** One directory's entries checked; its size and the directories its values point to. */
  const directory = (offset: number, depth: number): Omit<TiffDirectory, 'offset'> | null => {
    if (!fits(offset, 2)) return null;
    const entries = view.getUint16(offset, little);
    const nextAt = offset + 2 + entries * 12;
    if (!fits(offset, 2 + entries * 12 + 4)) return null;
    let width = 0;
    let height = 0;
    for (let i = 0; i < entries; i++) {
      const at = offset + 2 + i * 12;
      const tag = view.getUint16(at, little);
      const size = TYPE_SIZES[view.getUint16(at + 2, little)];
      if (!size) continue; // UTIF skips a type it does not know, without reading its values.
      const count = view.getUint32(at + 4, little);
      const inline = count * size <= 4;
      const valuesAt = inline ? at + 8 : view.getUint32(at + 8, little);
      if (!fits(valuesAt, count * size)) throw new TiffRefused('une valeur de l’image TIFF sort du fichier.');
      if (!inline) valueBytes += count * size;
      if (valueBytes > bytes.length) throw new TiffRefused('les répertoires de l’image TIFF sont incohérents.');
      // A size is one SHORT or LONG; under any other type it is no size.
      const type = view.getUint16(at + 2, little);
      const first =
        count === 0
          ? 0
          : type === 3
            ? view.getUint16(valuesAt, little)
            : type === 4
              ? view.getUint32(valuesAt, little)
              : 0;
      if (tag === 256) width = first;
      if (tag === 257) height = first;
      if (SUB_DIRECTORY_TAGS.has(tag) && count > 0) subDirectoriesOf(tag, size, count, valuesAt, depth);
    }
    return { nextAt, next: view.getUint32(nextAt, little), width, height };
  };

  /**
   * The directories a tag's values point to, as UTIF follows them: each value of SubIFDs, EXIF, GPS
   * (SHORT, LONG or IFD), the first four bytes of DNG's private data.
   */
  const subDirectoriesOf = (tag: number, size: number, count: number, valuesAt: number, depth: number) => {
    const offsets =
      tag === 50740
        ? count * size >= 4
          ? [view.getUint32(valuesAt, little)]
          : []
        : size === 2 || size === 4
          ? Array.from({ length: Math.min(count, MAX_SUB_DIRECTORIES + 1) }, (_, k) =>
              size === 2 ? view.getUint16(valuesAt + 2 * k, little) : view.getUint32(valuesAt + 4 * k, little),
            )
          : null;
    if (!offsets) throw new TiffRefused('l’image TIFF a des sous-répertoires d’un type inconnu.');
    subDirectories += tag === 50740 ? offsets.length : count;
    if (depth + 1 > MAX_DEPTH || subDirectories > MAX_SUB_DIRECTORIES)
      throw new TiffRefused('l’image TIFF a trop de sous-répertoires.');
    for (const offset of offsets) directory(offset, depth + 1);
  };

  const found: TiffDirectory[] = [];
  const seen = new Set<number>();
  let offset = view.getUint32(4, little);
  let pagesFound = 0;
  while (offset !== 0 && !seen.has(offset) && found.length < MAX_DIRECTORIES && pagesFound < pages) {
    seen.add(offset);
    const read = directory(offset, 0);
    if (!read) break;
    found.push({ offset, ...read });
    if (read.width > 0 && read.height > 0) pagesFound++;
    offset = read.next;
  }
  return found;
}
