import { loadImage } from '@napi-rs/canvas';
import type { Word } from '../../src/domain/digitise/words.ts';
import type { OcrReader } from './ocr-words.ts';
import { pdfWords } from './pdf-words.ts';
import { pdfPageImages } from './raster.ts';
import { scanDpi } from './image-dpi.ts';
import { tiffSize } from './tiff-size.ts';

/** A PDF with fewer words of its own than this is a scan: its pages go to OCR. */
const SCAN_WORDS = 30;
/** Pages OCR reads at most in one document (about 3 s each on two cores). */
const MAX_OCR_PAGES = 20;

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
    const reader = await ocr();
    const words: Word[] = [];
    for (const [i, page] of (await pdfPageImages(bytes, 300)).slice(0, MAX_OCR_PAGES).entries()) {
      words.push(...(await reader.words(page.png, i + 1, page)));
    }
    return { words, ocr: true };
  }
  const size = mime === 'image/tiff' ? tiffSize(bytes) : await imageSize(bytes);
  if (!size) throw new UnreadableFile('l’image ne se décode pas.');
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
