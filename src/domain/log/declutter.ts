/** A label to place along a column: where its top would be, and how tall it is. */
export interface Stacked {
  want: number;
  height: number;
}

/**
 * Tops for labels stacked down a column, in the order given (by depth), so that none overlaps the
 * next, each as near its wanted top as can be (least squares), within [top, bottom] when they fit
 * there; when they do not, they start at `top` and run past `bottom` (the caller makes room).
 *
 * Shifting each label up by the heights above it turns "no overlap" into "tops in order", solved
 * exactly by pooling adjacent violators (isotonic regression).
 */
export function declutter(labels: readonly Stacked[], top: number, bottom: number): number[] {
  const above: number[] = [];
  let stacked = 0;
  for (const { height } of labels) {
    above.push(stacked);
    stacked += height;
  }
  // Pools of consecutive labels moved together: their mean target and their size.
  const pools: { mean: number; count: number }[] = [];
  labels.forEach(({ want }, i) => {
    let pool = { mean: want - above[i]!, count: 1 };
    while (pools.length > 0 && pools.at(-1)!.mean > pool.mean) {
      const last = pools.pop()!;
      const count = last.count + pool.count;
      pool = { mean: (last.mean * last.count + pool.mean * pool.count) / count, count };
    }
    pools.push(pool);
  });
  const highest = top;
  const lowest = Math.max(top, bottom - stacked);
  const shifted = pools.flatMap(({ mean, count }) =>
    Array.from({ length: count }, () => Math.min(lowest, Math.max(highest, mean))),
  );
  return shifted.map((value, i) => value + above[i]!);
}
