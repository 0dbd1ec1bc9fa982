import { createCanvas } from '@napi-rs/canvas';
import { withPdf } from '../files/read-pdf.ts';
import { pixelsPastLimit } from './reading-limits.ts';

/** A page drawn as an image: PNG bytes and size in pixels. */
export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
  dpi: number;
  /** Nothing drawn on it: no pixel darker than a light grey (OCR has nothing to read). */
  blank?: boolean;
}

/** Whether a drawn page holds no ink: every pixel of every other row is lighter than 240 of 255. */
function isBlank(rgba: Uint8ClampedArray, width: number, height: number): boolean {
  for (let y = 0; y < height; y += 2) {
    for (let at = y * width * 4, end = at + width * 4; at < end; at += 4) {
      if (rgba[at]! < 240 || rgba[at + 1]! < 240 || rgba[at + 2]! < 240) return false;
    }
  }
  return true;
}

/** A page too large to draw: the reading fails at once, saying so. */
export class PagePastLimit extends Error {}

/**
 * The first `pages` pages of a PDF drawn at `dpi` dots per inch on white (pdf.js and Skia), for
 * OCR; the pages after them are not drawn. A page past READING_LIMITS.pixels throws PagePastLimit
 * before anything is drawn.
 */
export async function pdfPageImages(bytes: Uint8Array, dpi = 300, pages = Infinity): Promise<PageImage[]> {
  return withPdf(bytes, async (document) => {
    const images: PageImage[] = [];
    for (let number = 1; number <= Math.min(document.numPages, pages); number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      const past = pixelsPastLimit(width, height, `la page ${number}, à ${dpi} ppp,`);
      if (past) throw new PagePastLimit(past);
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      const blank = isBlank(context.getImageData(0, 0, width, height).data, width, height);
      images.push({ png: await canvas.encode('png'), width: canvas.width, height: canvas.height, dpi, blank });
      page.cleanup();
    }
    return images;
  });
}
