import UTIF from 'utif2';

/** A page of a TIFF to write: its size, and its greys (one byte a pixel) unless only its header is wanted. */
interface Page {
  width: number;
  height: number;
  greys?: Uint8Array;
}

/**
 * A TIFF of several pages as a scanner writes one: 8-bit grey (BlackIsZero), uncompressed, one
 * strip a page, its resolution in dots per inch. A page without greys has a directory and no pixels
 * (a hostile file's header).
 */
export function tiffFile(pages: Page[], dpi = 300): Uint8Array {
  const start = 4096;
  let offset = start;
  const directories = pages.map(({ width, height, greys }) => {
    const directory = {
      t256: [width],
      t257: [height],
      t258: [8],
      t259: [1],
      t262: [1],
      t273: [offset],
      t277: [1],
      t278: [height],
      t279: [greys?.length ?? width * height],
      t282: [[dpi, 1]],
      t283: [[dpi, 1]],
      t296: [2],
    };
    offset += greys?.length ?? 0;
    return directory;
  });
  const head = new Uint8Array(UTIF.encode(directories as never));
  if (head.length > start) throw new Error('too many pages for the header');
  const file = new Uint8Array(offset);
  file.set(head);
  let at = start;
  for (const { greys } of pages) {
    if (!greys) continue;
    file.set(greys, at);
    at += greys.length;
  }
  return file;
}
