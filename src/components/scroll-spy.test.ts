import { describe, expect, it } from 'vitest';
import { activeSection, tabAfterKey } from './scroll-spy.ts';

describe('activeSection', () => {
  it.each([
    ['nothing scrolled yet', [400, 1200, 2000], 800, 0],
    ['the second section crossed the focus line (304 px)', [-500, 300, 1100], 800, 1],
    ['just below the focus line', [-500, 305, 1100], 800, 0],
    ['the last section', [-3000, -2000, -100], 800, 2],
    ['no section', [], 800, 0],
  ])('%s', (_name, tops, height, expected) => {
    expect(activeSection(tops, height)).toBe(expected);
  });
});

describe('tabAfterKey', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 4, 0],
    ['ArrowLeft', 0, 4],
    ['ArrowDown', 2, 3],
    ['ArrowUp', 2, 1],
    ['Home', 3, 0],
    ['End', 1, 4],
    ['Enter', 1, null],
    ['a', 1, null],
  ])('%s from tab %d → %s', (key, current, expected) => {
    expect(tabAfterKey(key, current, 5)).toBe(expected);
  });
});
