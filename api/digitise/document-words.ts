import { loadImage } from '@napi-rs/canvas';
import type { Word } from '../../src/domain/digitise/words.ts';
import type { OcrReader } from './ocr-words.ts';
import { pdfWords } from './pdf-words.ts';
import { PagePastLimit, pdfPageImages } from './raster.ts';
import { pixelsPastLimit, READING_LIMITS } from './reading-limits.ts';
import { scanDpi } from './image-dpi.ts';
import { pictureSize } from './tiff-size.ts';

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
  if (mime === 'application/pdf') {
    const own = await pdfWords(bytes).catch((error: unknown) => {
      throw new UnreadableFile('ce n’est pas un PDF lisible.', { cause: error });
    });
    if (own.words.length >= SCAN_WORDS) return { words: own.words, ocr: false };
    const pages = await pdfPageImages(bytes, 300, READING_LIMITS.ocrPages).catch((error: unknown) => {
      throw error instanceof PagePastLimit ? new UnreadableFile(error.message) : error;
    });
    const reader = await ocr();
    const words: Word[] = [];
    // A blank page (a report's empty back sides, a PDF of 3,000 empty pages) is not sent to OCR.
    for (const [i, page] of pages.entries())
      if (!page.blank) words.push(...(await reader.words(page.png, i + 1, page)));
    return { words, ocr: true };
  }
  // The size from the file's header, before any pixel is decoded: a 100,000² image is refused at once.
  const size = pictureSize(bytes, mime) ?? (mime === 'image/tiff' ? null : await imageSize(bytes));
  if (!size) throw new UnreadableFile('l’image ne se décode pas.');
  const past = pixelsPastLimit(size.width, size.height, 'l’image');
  if (past) throw new UnreadableFile(past);
  const dpi = scanDpi(bytes, mime, size.width, size.height) ?? undefined;
  return { words: await (await ocr()).words(Buffer.from(bytes), 1, { ...size, dpi }), ocr: true };
}

async function imageSize(bytes: Uint8Array) {
  try {
    const image = await loadImage(Buffer.from(bytes));
    return { width: image.width, height: image.height };
  } catch {
    return null;
  }
}
