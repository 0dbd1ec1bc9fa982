import { describe, expect, it } from 'vitest';
import { holdsForbiddenText, isForbiddenText } from './clean-text.ts';

describe('forbidden text', () => {
  it.each([
    ['a\u0000b', true],
    ['\uD800', true],
    ['fin\uDFFF', true],
    ['\uDBFF\uDBFF', true],
    ['Montréal', false],
    ['forage 🙂', false],
    ['\u200F\u202Eإبداع', false],
    ['x'.repeat(10_000), false],
    ['', false],
  ])('%j is forbidden: %s', (text, expected) => {
    expect(isForbiddenText(text)).toBe(expected);
  });

  it('looks into arrays, objects and their keys', () => {
    expect(holdsForbiddenText({ email: 'a@b.ca', tags: ['x', 'y\u0000'] })).toBe(true);
    expect(holdsForbiddenText({ 'clé\uD800': 1 })).toBe(true);
    expect(holdsForbiddenText([{ deep: [{ deeper: '\uDC00' }] }])).toBe(true);
    expect(holdsForbiddenText({ email: 'a@b.ca', n: 3, ok: true, none: null, list: ['Lévis'] })).toBe(false);
  });
});
