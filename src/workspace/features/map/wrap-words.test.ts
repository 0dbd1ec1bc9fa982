import { describe, expect, it } from 'vitest';
import { wrapWords } from './wrap-words.ts';

describe('wrapWords', () => {
  it.each<[string, number, number, string[]]>([
    ['Till', 36, 3, ['Till']],
    ['Remblai de déchets (ancienne carrière)', 36, 3, ['Remblai de déchets (ancienne', 'carrière)']],
    ['Remblai  sableux ', 36, 3, ['Remblai sableux']],
    ['un deux trois quatre', 9, 2, ['un deux', 'trois qu…']],
    ['Argilesilteuse', 5, 4, ['Argil', 'esilt', 'euse']],
    ['', 36, 3, []],
  ])('%j in lines of %i, at most %i', (text, width, lines, expected) => {
    expect(wrapWords(text, width, lines)).toEqual(expected);
  });

  it('keeps every word of a description that fits', () => {
    const text = 'Till, silty sand with gravel and some cobbles, dense';
    expect(wrapWords(text, 36, 3).join(' ')).toBe(text);
  });
});
