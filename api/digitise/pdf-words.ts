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
        const [a, b, c, d, e, f] = item.transform as number[];
        // Text set along the page's height (a title strip, a column's heading turned a quarter):
        // each word boxed where it stands, not stretched across the page.
        if (Math.abs(b!) > Math.abs(a!)) {
          words.push(...turnedWords(item.str, item.width, [a!, b!, c!, d!, e!, f!], viewport, number));
          continue;
        }
        // The item's baseline origin and size in PDF space, turned into the page's top-left frame.
        const scaleY = d;
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

type Viewport = { width: number; height: number; convertToViewportPoint(x: number, y: number): number[] };

/**
 * The words of a run of text turned a quarter (or any angle): each word's box, as fractions of the
 * page, bounds the four corners of its stretch of the run — along the run's advance, and its glyphs'
 * height across it.
 */
function turnedWords(
  run: string,
  width: number,
  [a, b, c, d, e, f]: number[],
  viewport: Viewport,
  page: number,
): Word[] {
  const size = Math.hypot(a!, b!) || 1;
  const [ux, uy] = [a! / size, b! / size];
  const across = Math.hypot(c!, d!) || size;
  const [vx, vy] = [(c! / across) * size, (d! / across) * size];
  return splitWords(run, { x: 0, y: 0, width, height: 0 }).map(({ text, box }) => {
    const corners = [box.x, box.x + box.width].flatMap((along) =>
      [0, 1].map((up) => viewport.convertToViewportPoint(e! + ux * along + vx * up, f! + uy * along + vy * up)),
    );
    const xs = corners.map((point) => point[0]!);
    const ys = corners.map((point) => point[1]!);
    return {
      text,
      page,
      box: {
        x: Math.min(...xs) / viewport.width,
        y: Math.min(...ys) / viewport.height,
        width: (Math.max(...xs) - Math.min(...xs)) / viewport.width,
        height: (Math.max(...ys) - Math.min(...ys)) / viewport.height,
      },
    };
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
