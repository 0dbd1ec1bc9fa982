import { describe, expect, it } from 'vitest';
import { heroCycle } from './hero-cycle.ts';

describe('heroCycle', () => {
  it('shows the title after 30 ms and the subtitle 380 ms later, holds 5.2 s, then exits', () => {
    expect(heroCycle(0, 0).steps).toEqual([
      { at: 30, pair: 0, part: 'title', visible: true },
      { at: 410, pair: 0, part: 'subtitle', visible: true },
      { at: 5610, pair: 0, part: 'title', visible: false },
      { at: 5770, pair: 0, part: 'subtitle', visible: false },
    ]);
  });

  it('shows the next pair’s title 720 + 120 ms after the hold', () => {
    const first = heroCycle(0, 0);
    const second = heroCycle(1, first.next);
    expect(second.steps[0]).toEqual({ at: 5610 + 720 + 120, pair: 1, part: 'title', visible: true });
  });

  it('starts from any time', () => {
    expect(heroCycle(1, 1000).steps.map((step) => step.at)).toEqual([1030, 1410, 6610, 6770]);
  });
});
