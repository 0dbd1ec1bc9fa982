/** Section tab bar constants of the specification. */
export const TAB_BAR = {
  /** Distance from the viewport's top at which the tab bar sticks, in pixels. */
  stickyOffset: 80,
  /** The section under this fraction of the viewport height is the active one. */
  focusLine: 0.38,
  /** Duration of the indicator's move, in milliseconds. */
  indicatorMs: 220,
} as const;

/**
 * The active section: the last one whose top has passed the focus line, else the first.
 * `tops` are the sections' tops relative to the viewport, in page order.
 *
 * @example activeSection([-500, 120, 900], 800) // 1 (the focus line is at 304 px)
 */
export function activeSection(
  tops: readonly number[],
  viewportHeight: number,
  focusLine: number = TAB_BAR.focusLine,
): number {
  const line = viewportHeight * focusLine;
  let active = 0;
  tops.forEach((top, index) => {
    if (top <= line) active = index;
  });
  return active;
}

/** The tab that a key moves to, or null for keys the tab bar does not handle. */
export function tabAfterKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
