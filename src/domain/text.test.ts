import { describe, expect, it } from 'vitest';
import { foldText } from './text.ts';

describe('foldText', () => {
  it.each([
    ['Montréal', 'montreal'],
    ['  SAINTE-JULIE  ', 'sainte-julie'],
    ['Fracturé\tet  fissuré', 'fracture et fissure'],
    ['Ç’est ÉLÈVE', 'c’est eleve'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('folds %j to %j', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });
});
