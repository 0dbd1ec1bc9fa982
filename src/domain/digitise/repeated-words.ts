import { editDistance } from './score.ts';
import type { Word } from './words.ts';

/**
 * The words of a reading less those OCR read twice: Tesseract may read a word on two lines of its
 * own a few pixels apart (« caturé » over « sature » under a thin layer's description), and the
 * second pushes the line after it into the next layer. Printed lines never overlap: a word whose
 * box spans the same width as another's and overlaps it in height, and whose text differs by a
 * couple of letters, is that word again; the one OCR is surer of is kept.
 */
export function withoutRepeats(words: readonly Word[]): Word[] {
  const dropped = new Set<Word>();
  const byPage = new Map<number, Word[]>();
  for (const word of words) byPage.set(word.page, [...(byPage.get(word.page) ?? []), word]);
  for (const onPage of byPage.values()) {
    // Sorted by their left edges: only words that start within a few characters of each other are
    // compared (a page of thousands of words stays quick).
    const sorted = [...onPage].sort((a, b) => a.box.x - b.box.x);
    for (const [i, word] of sorted.entries()) {
      for (let k = i + 1; k < sorted.length && sorted[k]!.box.x - word.box.x < word.box.width * 0.2; k++) {
        const other = sorted[k]!;
        if (dropped.has(word) || dropped.has(other) || !repeats(word, other)) continue;
        dropped.add((other.confidence ?? 0) > (word.confidence ?? 0) ? word : other);
      }
    }
  }
  return dropped.size ? words.filter((word) => !dropped.has(word)) : [...words];
}

/** Whether two words are one read twice: the same span across, overlapping in height, alike. */
function repeats(a: Word, b: Word): boolean {
  const across = Math.min(a.box.x + a.box.width, b.box.x + b.box.width) - Math.max(a.box.x, b.box.x);
  const spans = Math.max(a.box.width, b.box.width);
  const down = Math.min(a.box.y + a.box.height, b.box.y + b.box.height) - Math.max(a.box.y, b.box.y);
  if (across < 0.8 * spans || down <= 0) return false;
  const length = Math.max([...a.text].length, [...b.text].length);
  // Words of three letters or more: a digit or a mark read twice is left as it is.
  return (
    length >= 3 && editDistance(a.text.toLowerCase(), b.text.toLowerCase()) <= Math.max(1, Math.floor(0.4 * length))
  );
}
