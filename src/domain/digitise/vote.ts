import { numberOf } from './lines.ts';
import type { Box, Word } from './words.ts';

/**
 * How much surer OCR must be of the other reading's word to take it. Measured on tuning seeds
 * 785–788 (form scanned, 48 logs) and 785–786 (our logs scanned, 24): a margin of 0 lets our
 * scanned logs lose a base whose black-and-white reading is 1 point surer of a wrong digit; 1 keeps
 * every gain; 3 and more give back part of the form's SPT gain.
 */
const VOTE_MARGIN = 1;

/** Two boxes are one word's when their overlap is more than half of their union. */
const SAME_WORD = 0.5;

/**
 * The words of a page read twice (as it is and in black and white), each word of the reading kept
 * (`base`) put to the vote of the other: where the other reading has a word in the same place, of
 * the same shape, that OCR is surer of by more than VOTE_MARGIN, its text is taken. The base keeps
 * its words' boxes and its layout; a word only one reading saw stays as the base has it.
 *
 * Shape: text is traded for text, a number only for a number written alike, digit for digit — a
 * digit misread, never one lost or added. A scan's small type loses its comma in black and white
 * (« 5,76 » read « 576 », surer by a point), and the black and white joins a plot's stroke to an
 * SPT count (« 6 » read « 61 »). The two readings misread different words (the blur of the grey,
 * the broken strokes of the black and white). Tuning seeds 785–788, the form scanned: layers F1
 * 95.2 → 97.2 %, SPT 90.0 → 93.8 %; our logs scanned (reglage and 785–786): layers 95.8 → 96.8 %,
 * SPT 89.6 → 90.4 %, description CER 8.3 → 3.9 %; nothing lost on the clean pages and the table.
 */
export function votedWords(base: readonly Word[], other: readonly Word[]): Word[] {
  return base.map((word) => {
    const rival = sameWord(word, other);
    if (!rival || rival.text === word.text || shapeOf(rival.text) !== shapeOf(word.text)) return word;
    if ((rival.confidence ?? 0) <= (word.confidence ?? 0) + VOTE_MARGIN) return word;
    return { ...word, text: rival.text, confidence: rival.confidence };
  });
}

/** Text, or a number's digits and separators with each digit a 9 (« 12,17 » and « 72,11 »: 99,99). */
function shapeOf(text: string): string {
  return numberOf(text) === null ? 'text' : text.replace(/\d/g, '9').replace('.', ',');
}

/** The word of `words` on the same page whose box overlaps `word`'s most, beyond SAME_WORD. */
function sameWord(word: Word, words: readonly Word[]): Word | null {
  let [found, most] = [null as Word | null, SAME_WORD];
  for (const candidate of words) {
    if (candidate.page !== word.page) continue;
    const overlap = overlapOf(word.box, candidate.box);
    if (overlap > most) [found, most] = [candidate, overlap];
  }
  return found;
}

/** The area two boxes share, over the area they cover together (0 to 1). */
export function overlapOf(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}

/** How sure OCR must be of a number only a coarse scan's third reading saw for it to be taken. */
const ADDED_NUMBER_CONFIDENCE = 85;

/**
 * The words of `base` and the numbers that only `extra` read: a number (« 68 », « 4,20 ») that OCR
 * is at least ADDED_NUMBER_CONFIDENCE sure of, whose box overlaps no word of the base. A scan under
 * 300 dpi is cleaned of its specks (a median of each pixel's neighbourhood) before it is enlarged,
 * and the clean-up also erases small figures in bold next to a symbol: Tesseract then misses
 * whole columns of N that the page read as it was sent gives (reglage set, the 200-dpi pages: see
 * docs/benchmarks.md). Text is not taken: the specks left on that page read as words.
 */
export function withNumbersOnlyIn(base: readonly Word[], extra: readonly Word[]): Word[] {
  const added = extra.filter(
    (word) =>
      (word.confidence ?? 0) >= ADDED_NUMBER_CONFIDENCE &&
      numberOf(word.text) !== null &&
      !base.some((other) => other.page === word.page && overlapOf(other.box, word.box) > 0),
  );
  return [...base, ...added.map((word): Word => ({ ...word, alone: true }))];
}
