import { describe, expect, it } from 'vitest';
import { withoutRepeats } from './repeated-words.ts';
import type { Word } from './words.ts';

const at = (text: string, x: number, y: number, confidence: number, height = 0.008): Word => ({
  text,
  page: 1,
  box: { x, y, width: 0.005 * text.length, height },
  confidence,
});

describe('words OCR read twice', () => {
  it('keep the one OCR is surer of', () => {
    const surer = at('sature', 0.2088, 0.3547, 79, 0.0086);
    const words = [at('ferme,', 0.3, 0.332, 90), at('caturé', 0.209, 0.3512, 35, 0.0067), surer];
    expect(withoutRepeats(words).map((word) => word.text)).toEqual(['ferme,', 'sature']);
  });

  it('are not words on lines of their own, other words, nor digits', () => {
    const words = [
      at('humide', 0.2, 0.3, 80),
      at('humide', 0.2, 0.312, 60),
      at('gravier', 0.2, 0.4, 80),
      at('graviers', 0.2, 0.403, 70),
      at('sable', 0.2, 0.5, 80),
      at('silt', 0.2, 0.503, 70),
      at('12', 0.5, 0.5, 80),
      at('12', 0.5, 0.503, 70),
    ];
    expect(withoutRepeats(words).map((word) => word.text)).toEqual([
      'humide',
      'humide',
      'gravier',
      'sable',
      'silt',
      '12',
      '12',
    ]);
  });
});
