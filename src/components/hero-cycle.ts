/** Timings of the home page's headline cycle, in milliseconds (from the specification). */
export const HERO_TIMINGS = {
  start: 30,
  subtitleDelay: 380,
  hold: 5200,
  subtitleExitOffset: 160,
  exit: 720,
  gapAfterExit: 120,
} as const;

export type HeroStep = { at: number; pair: number; part: 'title' | 'subtitle'; visible: boolean };

/**
 * The steps of one pair's appearance, starting at `t0`: title in, subtitle in, both held, title
 * out, subtitle out; the next pair starts `exit + gapAfterExit` after the hold.
 *
 * @example heroCycle(0, 0).next // 6450: when the next pair's title shows
 */
export function heroCycle(pair: number, t0: number, timings = HERO_TIMINGS) {
  const titleIn = t0 + timings.start;
  const subtitleIn = titleIn + timings.subtitleDelay;
  const holdEnd = subtitleIn + timings.hold;
  const steps: HeroStep[] = [
    { at: titleIn, pair, part: 'title', visible: true },
    { at: subtitleIn, pair, part: 'subtitle', visible: true },
    { at: holdEnd, pair, part: 'title', visible: false },
    { at: holdEnd + timings.subtitleExitOffset, pair, part: 'subtitle', visible: false },
  ];
  // The next title shows 720 + 120 ms after the hold; the cycle's own 30 ms start is part of it.
  const next = holdEnd + timings.exit + timings.gapAfterExit - timings.start;
  return { steps, next };
}
