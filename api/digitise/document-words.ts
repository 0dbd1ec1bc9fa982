import { loadImage } from '@napi-rs/canvas';
import type { Word } from '../../src/domain/digitise/words.ts';
import type { OcrReader } from './ocr-words.ts';
import { pdfWords } from './pdf-words.ts';
import { PagePastLimit, readPdfPages } from './raster.ts';
import { pixelsPastLimit, READING_LIMITS } from './reading-limits.ts';
import { scanDpi } from './image-dpi.ts';
import { pictureSize } from './tiff-size.ts';
import { pagePixels, pictureOf } from './page-pixels.ts';
import { tiffPages, TiffRefused } from '../files/tiff-pages.ts';

/** A PDF with fewer words of its own than this is a scan: its pages go to OCR. */
const SCAN_WORDS = 30;

/** A file that no try will read (not a PDF or an image after all, damaged): the job fails at once. */
export class UnreadableFile extends Error {}

/** What a job reads: the words of each page, by the PDF's text or by OCR, and how. */
export async function wordsOf(
  bytes: Uint8Array,
  mime: string,
  ocr: () => Promise<OcrReader>,
): Promise<{ words: Word[]; ocr: boolean }> {
  const words: Word[] = [];
  if (mime === 'application/pdf') {
    const own = await pdfWords(bytes).catch((error: unknown) => {
      throw new UnreadableFile('ce n’est pas un PDF lisible.', { cause: error });
    });
    if (own.words.length >= SCAN_WORDS) return { words: own.words, ocr: false };
    const reader = await ocr();
    await readPdfPages(bytes, 300, READING_LIMITS.ocrPages, async (page, number) => {
      words.push(...(await reader.words(page, number)));
    }).catch((error: unknown) => {
      throw error instanceof PagePastLimit ? new UnreadableFile(error.message) : error;
    });
    return { words, ocr: true };
  }
  if (mime === 'image/tiff') {
    const pages = tiffPagesOf(bytes);
    const reader = await ocr();
    for (const [i, page] of pages.entries()) {
      const dpi = scanDpi(bytes, mime, page.width, page.height) ?? undefined;
      words.push(...(await reader.words(pagePixels(page.rgba(), page.width, page.height, dpi), i + 1)));
    }
    return { words, ocr: true };
  }
  // The size from the file's header, before any pixel is decoded: a 100,000² image is refused at once.
  const size = pictureSize(bytes, mime) ?? (await imageSize(bytes));
  if (!size) throw new UnreadableFile('l’image ne se décode pas.');
  const past = pixelsPastLimit(size.width, size.height, 'l’image');
  if (past) throw new UnreadableFile(past);
  const dpi = scanDpi(bytes, mime, size.width, size.height) ?? undefined;
  const page = await pictureOf(bytes, dpi).catch((error: unknown) => {
    throw new UnreadableFile('l’image ne se décode pas.', { cause: error });
  });
  return { words: await (await ocr()).words(page, 1), ocr: true };
}

/**
 * The pages of a TIFF that OCR reads: the first READING_LIMITS.ocrPages, each within the pixels'
 * limit, checked from the file's directories before any pixel is decoded.
 */
function tiffPagesOf(bytes: Uint8Array) {
  let pages;
  try {
    pages = tiffPages(bytes, READING_LIMITS.ocrPages);
  } catch (error) {
    if (error instanceof TiffRefused) throw new UnreadableFile(error.message, { cause: error });
    throw new UnreadableFile('l’image TIFF ne se décode pas.', { cause: error });
  }
  if (!pages.length) throw new UnreadableFile('l’image TIFF n’a aucune page.');
  for (const [i, page] of pages.entries()) {
    const past = pixelsPastLimit(page.width, page.height, pages.length > 1 ? `la page ${i + 1} de l’image` : 'l’image');
    if (past) throw new UnreadableFile(past);
  }
  return pages;
}

async function imageSize(bytes: Uint8Array) {
  try {
    const image = await loadImage(Buffer.from(bytes));
    return { width: image.width, height: image.height };
  } catch {
    return null;
  }
}
