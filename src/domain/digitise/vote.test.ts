import { describe, expect, it } from 'vitest';
import { overlapOf, votedWords, withNumbersOnlyIn } from './vote.ts';
import type { Word } from './words.ts';

const word = (text: string, confidence: number, x = 0.1, page = 1): Word => ({
  text,
  page,
  confidence,
  box: { x, y: 0.3, width: 0.04, height: 0.01 },
});

describe('a page’s two readings put to the vote', () => {
  it('takes the other reading’s word where OCR is surer of it, in the base’s place', () => {
    // The grey scan read « 1,30 », the black and white « 1,50 » (the hand wrote 1,50).
    const [voted] = votedWords(
      [word('1,30', 89)],
      [{ ...word('1,50', 96), box: { x: 0.101, y: 0.301, width: 0.04, height: 0.01 } }],
    );
    expect(voted).toEqual({ ...word('1,50', 96) });
    expect(votedWords([word('lache,', 54)], [word('lâche,', 89)])[0]!.text).toBe('lâche,');
  });

  it('keeps the base’s word when the other is not surer by more than a point', () => {
    expect(votedWords([word('8,75', 80)], [word('0,75', 81)])[0]!.text).toBe('8,75');
    expect(votedWords([word('8,75', 80)], [word('0,75', 81.5)])[0]!.text).toBe('0,75');
  });

  it('trades a number only for one written alike, digit for digit, and text for text', () => {
    // Small type in black and white loses its comma, surer of it by a point, or gains a digit.
    expect(votedWords([word('5,76', 92)], [word('576', 99)])[0]!.text).toBe('5,76');
    expect(votedWords([word('6', 65)], [word('61', 72)])[0]!.text).toBe('6');
    expect(votedWords([word('2,75', 65)], [word('12,75', 92)])[0]!.text).toBe('2,75');
    expect(votedWords([word('4.60', 65)], [word('4,80', 92)])[0]!.text).toBe('4,80');
    expect(votedWords([word('12', 60)], [word('CF-2', 95)])[0]!.text).toBe('12');
    expect(votedWords([word('Sable', 60)], [word('5,4', 95)])[0]!.text).toBe('Sable');
    expect(votedWords([word('12', 60)], [word('17', 95)])[0]!.text).toBe('17');
  });

  it('leaves alone a word the other reading has not in the same place, or on another page', () => {
    const base = [word('Argile', 50), word('grise', 50, 0.2)];
    expect(votedWords(base, [word('Argile.', 99, 0.125), word('grisé', 99, 0.2, 2)])).toEqual(base);
    expect(votedWords(base, [])).toEqual(base);
  });
});

describe('the overlap of two boxes', () => {
  it('is their shared area over the area they cover', () => {
    const box = { x: 0, y: 0, width: 2, height: 1 };
    expect(overlapOf(box, box)).toBe(1);
    expect(overlapOf(box, { x: 1, y: 0, width: 2, height: 1 })).toBeCloseTo(1 / 3);
    expect(overlapOf(box, { x: 2, y: 0, width: 1, height: 1 })).toBe(0);
  });
});

describe('the numbers only a third reading saw', () => {
  it('are added where the base has no word, when OCR is sure of them', () => {
    const base = [word('CF', 90, 0.1), word('15', 96, 0.3)];
    const extra = [
      word('68', 96, 0.2), // nothing of the base there: added
      word('16', 97, 0.31), // over the base's « 15 »: the base keeps its own
      word('49', 80, 0.5), // not sure enough
      word('Sable', 95, 0.6), // text: a speck's reading as often as a word's
      word('4,20', 90, 0.7),
      word('38', 96, 0.2, 2), // on another page, where the base has nothing
    ];
    const read = withNumbersOnlyIn(base, extra);
    // Marked: taken for a test or a sample, never for a graduation (depthScales).
    expect(read.map((word) => word.alone ?? false)).toEqual([false, false, true, true, true]);
    expect(read.map((word) => [word.text, word.page])).toEqual([
      ['CF', 1],
      ['15', 1],
      ['68', 1],
      ['4,20', 1],
      ['38', 2],
    ]);
  });
});
