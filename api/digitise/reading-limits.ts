import { numberFormat } from '../../src/domain/format.ts';

/**
 * What the reading of a document draws at most. A log is a few pages of letter, legal or tabloid
 * paper (at 300 dpi, 8.4 to 15 million pixels a page); a long PDF report keeps its log near the
 * front. Past these, the job fails at once with the limit named, rather than after three tries.
 */
export const READING_LIMITS = {
  /** Pages whose text is read in a PDF (the « Vérifier » screen draws 50). */
  textPages: 50,
  /** Pages OCR reads in one document (about 3 s each on two cores). */
  ocrPages: 20,
  /** Pixels of one page or image read: an A1 sheet at 300 dpi (69 million). */
  pixels: 70_000_000,
} as const;

const millions = numberFormat({ maximumFractionDigits: 1 });

/** Why a page of `width` × `height` pixels is not read, or null when it may be. */
export function pixelsPastLimit(width: number, height: number, what: string): string | null {
  const pixels = width * height;
  if (pixels <= READING_LIMITS.pixels) return null;
  return `${what} fait ${millions.format(width)} × ${millions.format(height)} pixels (${millions.format(pixels / 1e6)} millions) ; la lecture en accepte au plus ${millions.format(READING_LIMITS.pixels / 1e6)} millions, une feuille A1 à 300 ppp.`;
}
