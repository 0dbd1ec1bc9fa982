/**
 * A word read on a page of a scanned or printed log, from the PDF's own text or by OCR, with its
 * box as fractions of the page (0 at the top left, 1 at the bottom right): the same units whatever
 * the page's size or the resolution it was read at.
 */
export interface Word {
  text: string;
  /** The page, from 1. */
  page: number;
  box: Box;
  /** How sure OCR is of the word, 0 to 100; absent for a PDF's own text. */
  confidence?: number;
  /**
   * Where the word stands on the page as it is shown, when that is not `box`: a page scanned askew
   * is read straightened (`box`), and checked on the picture as scanned (this).
   */
  shown?: Box;
  /**
   * Read only by a coarse scan's third reading, the page as it was sent (withNumbersOnlyIn): a
   * number the others lost, taken for a test or a sample, never for a depth scale's graduation.
   */
  alone?: true;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box that holds several boxes. */
export function unionOf(boxes: readonly Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
