/**
 * Label positions as near as may be to where they belong (`wanted`, in order, top to bottom),
 * between `min` and `max`, each at least its gap below the one before: `gap` for all, or one per
 * label (the room label i takes before label i + 1). Pushed down past their upper neighbour, then,
 * if the last ones overflow, pushed back up.
 *
 * @example spreadLabels([10, 11, 50], 12, 0, 100) // [10, 22, 50]
 */
export function spreadLabels(
  wanted: readonly number[],
  gap: number | readonly number[],
  min: number,
  max: number,
): number[] {
  const room = (index: number) => (typeof gap === 'number' ? gap : gap[index]!);
  const placed = [...wanted];
  for (let i = 0; i < placed.length; i++) {
    placed[i] = Math.max(placed[i]!, min, i > 0 ? placed[i - 1]! + room(i - 1) : min);
  }
  for (let i = placed.length - 1; i >= 0; i--) {
    placed[i] = Math.min(placed[i]!, i < placed.length - 1 ? placed[i + 1]! - room(i) : max);
  }
  return placed;
}
