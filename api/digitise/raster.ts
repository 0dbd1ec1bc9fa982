import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { pagePixels, type PagePixels } from './page-pixels.ts';
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
 * Draws each of the first `pages` pages of a PDF at `dpi` dots per inch on white (pdf.js and
 * Skia), one at a time, and hands each to `use` before the next is drawn: a 20-page scan is never
 * held whole in memory. Every page's size is checked first: a page past READING_LIMITS.pixels
 * throws PagePastLimit before anything is drawn.
 */
async function drawPages(
  bytes: Uint8Array,
  dpi: number,
  pages: number,
  use: (rgba: Uint8ClampedArray, width: number, height: number, canvas: Canvas) => Promise<void>,
): Promise<void> {
  await withPdf(bytes, async (document) => {
    const count = Math.min(document.numPages, pages);
    const viewports = [];
    for (let number = 1; number <= count; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const past = pixelsPastLimit(
        Math.round(viewport.width),
        Math.round(viewport.height),
        `la page ${number}, à ${dpi} ppp,`,
      );
      if (past) throw new PagePastLimit(past);
      viewports.push({ page, viewport });
    }
    for (const { page, viewport } of viewports) {
      const [width, height] = [Math.round(viewport.width), Math.round(viewport.height)];
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      await use(context.getImageData(0, 0, width, height).data, width, height, canvas);
      page.cleanup();
    }
  });
}

/** The first `pages` pages of a PDF drawn at `dpi` as PNG files (the tests' and the benches' scans). */
export async function pdfPageImages(bytes: Uint8Array, dpi = 300, pages = Infinity): Promise<PageImage[]> {
  const images: PageImage[] = [];
  await drawPages(bytes, dpi, pages, async (rgba, width, height, canvas) => {
    images.push({ png: await canvas.encode('png'), width, height, dpi, blank: isBlank(rgba, width, height) });
  });
  return images;
}

/**
 * The first `pages` pages of a PDF drawn at `dpi` for OCR, as pixels, each handed to `read` in turn
 * with its number; a blank page (a report's empty back sides, a PDF of 3,000 empty pages) is not.
 */
export async function readPdfPages(
  bytes: Uint8Array,
  dpi: number,
  pages: number,
  read: (page: PagePixels, number: number) => Promise<void>,
): Promise<void> {
  let number = 0;
  await drawPages(bytes, dpi, pages, async (rgba, width, height) => {
    number++;
    if (!isBlank(rgba, width, height)) await read(pagePixels(rgba, width, height, dpi), number);
  });
}
