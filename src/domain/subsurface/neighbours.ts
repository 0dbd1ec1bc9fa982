/**
 * The nearest points of a set in the plane: points filed in square cells of about two points each,
 * searched ring by ring outwards until no nearer point can remain. Kriging asks it for the sixteen
 * boreholes nearest each node of its grid, tens of thousands of times a surface.
 */
export class PointIndex {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly minX: number;
  private readonly minY: number;
  private readonly size: number;
  private readonly columns: number;
  private readonly rows: number;
  /** The points of cell c are items[start[c] .. start[c + 1]). */
  private readonly start: Int32Array;
  private readonly items: Int32Array;

  constructor(xs: ArrayLike<number>, ys: ArrayLike<number>) {
    const n = xs.length;
    this.xs = Float64Array.from(xs);
    this.ys = Float64Array.from(ys);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, this.xs[i]!);
      maxX = Math.max(maxX, this.xs[i]!);
      minY = Math.min(minY, this.ys[i]!);
      maxY = Math.max(maxY, this.ys[i]!);
    }
    if (n === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
    const [width, height] = [maxX - minX, maxY - minY];
    // About two points a cell over the points' rectangle; a line of points gets cells along it.
    const area = Math.max(width * height, Math.max(width, height) ** 2 / Math.max(n, 1), 1e-12);
    this.size = Math.max(Math.sqrt((2 * area) / Math.max(n, 1)), 1e-9);
    this.minX = minX;
    this.minY = minY;
    // So about n / 2 cells whatever the spread, however thin: no cap that would clamp a point out of its cell.
    this.columns = Math.floor(width / this.size) + 1;
    this.rows = Math.floor(height / this.size) + 1;
    const cellOf = (i: number) => this.cell(this.xs[i]!, this.ys[i]!);
    const counts = new Int32Array(this.columns * this.rows + 1);
    for (let i = 0; i < n; i++) counts[cellOf(i) + 1]!++;
    for (let c = 1; c < counts.length; c++) counts[c]! += counts[c - 1]!;
    this.start = counts.slice();
    this.items = new Int32Array(n);
    const fill = counts;
    for (let i = 0; i < n; i++) this.items[fill[cellOf(i)]!++] = i;
  }

  private column(x: number): number {
    return Math.floor((x - this.minX) / this.size);
  }

  private row(y: number): number {
    return Math.floor((y - this.minY) / this.size);
  }

  private cell(x: number, y: number): number {
    const column = Math.min(Math.max(this.column(x), 0), this.columns - 1);
    const row = Math.min(Math.max(this.row(y), 0), this.rows - 1);
    return row * this.columns + column;
  }

  /**
   * The indexes of the `k` points nearest (x, y), nearest first, leaving out `skip` (the point
   * itself, in a leave-one-out). Fewer when the set has fewer.
   */
  nearest(x: number, y: number, k: number, skip = -1): number[] {
    const found: number[] = [];
    const distances: number[] = [];
    const consider = (i: number) => {
      if (i === skip) return;
      const d = (this.xs[i]! - x) ** 2 + (this.ys[i]! - y) ** 2;
      if (found.length === k && d >= distances[k - 1]!) return;
      let at = found.length === k ? k - 1 : found.length;
      while (at > 0 && distances[at - 1]! > d) {
        found[at] = found[at - 1]!;
        distances[at] = distances[at - 1]!;
        at--;
      }
      found[at] = i;
      distances[at] = d;
    };
    const [cx, cy] = [this.column(x), this.row(y)];
    // The rings that can hold a point: from the first touching the grid to the last cell of it.
    const first = Math.max(0, -cx, cx - this.columns + 1, -cy, cy - this.rows + 1);
    const last = Math.max(cx, this.columns - 1 - cx, cy, this.rows - 1 - cy);
    for (let r = first; r <= last; r++) {
      for (let row = Math.max(cy - r, 0); row <= Math.min(cy + r, this.rows - 1); row++) {
        const edge = row === cy - r || row === cy + r;
        const step = edge ? 1 : 2 * r;
        for (let column = cx - r; column <= cx + r; column += step || 1) {
          if (column < 0 || column >= this.columns) continue;
          const c = row * this.columns + column;
          for (let j = this.start[c]!; j < this.start[c + 1]!; j++) consider(this.items[j]!);
        }
      }
      // Every cell of the next ring lies at least r cells away from (x, y).
      if (found.length === k && distances[k - 1]! <= (r * this.size) ** 2) break;
    }
    return found;
  }
}
