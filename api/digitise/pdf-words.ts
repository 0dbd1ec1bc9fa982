import type { Word } from '../../src/domain/digitise/words.ts';
import { withPdf } from '../files/read-pdf.ts';
import { READING_LIMITS } from './reading-limits.ts';
import { textWidth } from '../../src/domain/log/text-width.ts';

/**
 * The words of a PDF's own text layer, page by page, each with its box as fractions of its page
 * (see Word), of its first `pages` pages. A scanned PDF has none: an empty list says that the
 * pages need OCR.
 */
export function pdfWords(
  bytes: Uint8Array,
  pages = READING_LIMITS.textPages,
): Promise<{ pages: number; words: Word[] }> {
  return withPdf(bytes, async (document) => {
    const words: Word[] = [];
    // A report of 3,000 pages keeps its log near the front: the pages after `pages` are not read.
    for (let number = 1; number <= Math.min(document.numPages, pages); number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        // The item's baseline origin and size in PDF space, turned into the page's top-left frame.
        const [, , , scaleY, e, f] = item.transform as number[];
        const height = Math.abs(scaleY ?? item.height) || item.height;
        const [left, baseline] = viewport.convertToViewportPoint(e!, f!) as [number, number];
        words.push(
          ...splitWords(item.str, {
            x: left / viewport.width,
            y: (baseline - height * 0.8) / viewport.height,
            width: item.width / viewport.width,
            height: height / viewport.height,
          }).map(({ text, box }) => ({ text, page: number, box })),
        );
      }
      page.cleanup();
    }
    return { pages: document.numPages, words };
  });
}

/**
 * A run of text cut at its spaces, each word placed by the widths of its letters in a sans-serif
 * face (text-width.ts): a run gives only its whole width, and sharing it out by character count
 * put a word's box a letter off (« B[H02] » for BH02) once wide and narrow letters mixed.
 */
export function splitWords(run: string, box: Word['box']): { text: string; box: Word['box'] }[] {
  const total = textWidth(run, 1);
  const share = (text: string) => (total > 0 ? (textWidth(text, 1) / total) * box.width : 0);
  const words: { text: string; box: Word['box'] }[] = [];
  for (const match of run.matchAll(/\S+/g)) {
    words.push({
      text: match[0],
      box: { x: box.x + share(run.slice(0, match.index)), y: box.y, width: share(match[0]), height: box.height },
    });
  }
  return words;
}
