/**
 * Label positions as near as may be to where they belong (`wanted`, in order, top to bottom),
 * at least `gap` apart, between `min` and `max`: pushed down past their upper neighbour, then,
 * if the last ones overflow, pushed back up.
 *
 * @example spreadLabels([10, 11, 50], 12, 0, 100) // [10, 22, 50]
 */
export function spreadLabels(wanted: readonly number[], gap: number, min: number, max: number): number[] {
  const placed = [...wanted];
  for (let i = 0; i < placed.length; i++) {
    placed[i] = Math.max(placed[i]!, min, i > 0 ? placed[i - 1]! + gap : min);
  }
  for (let i = placed.length - 1; i >= 0; i--) {
    placed[i] = Math.min(placed[i]!, i < placed.length - 1 ? placed[i + 1]! - gap : max);
  }
  return placed;
}
