import Delaunator from 'delaunator';

/**
 * Natural-neighbour interpolation (Sibson, 1981): the value at a point is the mean of its natural
 * neighbours' values, each weighed by the share of the point's own Voronoi cell that the point
 * would take from that neighbour's cell if it were added. It honours every borehole, needs no
 * parameter, follows the boreholes' spacing, and is defined inside their convex hull only.
 *
 * The shares are computed by Watson's method: the triangles of the Delaunay triangulation whose
 * circumcircle holds the point are the ones its insertion would destroy; each such triangle
 * (a, b, c) with circumcentre C gives vertex a the signed area of the triangle C, c(p, a, b),
 * c(p, c, a), where c(·) is a circumcentre. Summed, these are exactly the areas taken from each
 * cell, with no polygon to order (proof: the c(p, a, ·) all lie on the bisector of p and a).
 */
export class NaturalNeighbours {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly values: Float64Array;
  private readonly delaunay: Delaunator<ArrayLike<number>>;
  /** Circumcentre and squared radius of each triangle. */
  private readonly centres: Float64Array;
  private readonly radii: Float64Array;
  /** +1 or −1: the orientation the triangulation gives its triangles. */
  private readonly orientation: number;
  private last = 0;
  /** For each point, a half-edge ending at it: one on the hull when the point is on it. */
  private readonly incoming: Int32Array;
  private readonly hullPoints: Set<number>;

  /** Points in metres, best centred on the origin: the circumcentres are then computed to the micrometre. */
  constructor(xs: Float64Array, ys: Float64Array, values: Float64Array) {
    this.xs = xs;
    this.ys = ys;
    this.values = values;
    const coords = new Float64Array(xs.length * 2);
    for (let i = 0; i < xs.length; i++) [coords[2 * i], coords[2 * i + 1]] = [xs[i]!, ys[i]!];
    this.delaunay = new Delaunator(coords);
    const triangles = this.delaunay.triangles;
    const count = triangles.length / 3;
    this.centres = new Float64Array(count * 2);
    this.radii = new Float64Array(count);
    this.orientation = 1;
    for (let t = 0; t < count; t++) {
      const [a, b, c] = [triangles[3 * t]!, triangles[3 * t + 1]!, triangles[3 * t + 2]!];
      const [cx, cy] = circumcentre(xs[a]!, ys[a]!, xs[b]!, ys[b]!, xs[c]!, ys[c]!);
      this.centres[2 * t] = cx;
      this.centres[2 * t + 1] = cy;
      this.radii[t] = (xs[a]! - cx) ** 2 + (ys[a]! - cy) ** 2;
      if (t === 0) this.orientation = Math.sign(cross(xs[a]!, ys[a]!, xs[b]!, ys[b]!, xs[c]!, ys[c]!)) || 1;
    }
    this.incoming = new Int32Array(xs.length).fill(-1);
    for (let e = 0; e < triangles.length; e++) {
      const end = triangles[next(e)]!;
      if (this.delaunay.halfedges[e] === -1 || this.incoming[end] === -1) this.incoming[end] = e;
    }
    this.hullPoints = new Set(this.delaunay.hull);
  }

  /** Whether the points span a surface: three at least, not all in a line. */
  get triangulated(): boolean {
    return this.delaunay.triangles.length > 0;
  }

  /** The points' convex hull, as indexes in order. */
  get hull(): Uint32Array {
    return this.delaunay.hull;
  }

  /** Whether point i is a corner or side of the hull. */
  onHull(i: number): boolean {
    return this.hullPoints.has(i);
  }

  /**
   * The Delaunay neighbours of point i (its natural neighbours among the others), turning about
   * it from one half-edge to the next; empty for a point the triangulation left out (a duplicate).
   */
  neighboursOf(i: number): number[] {
    const { triangles, halfedges } = this.delaunay;
    const found: number[] = [];
    const first = this.incoming[i]!;
    if (first === -1) return found;
    let e = first;
    do {
      found.push(triangles[e]!);
      const out = next(e);
      e = halfedges[out]!;
      if (e === -1) {
        // Round the hull's edge: the last neighbour is the end of the half-edge leaving i.
        const last = triangles[next(out)]!;
        if (!found.includes(last)) found.push(last);
        break;
      }
    } while (e !== first);
    return found;
  }

  /** The triangle holding (x, y), by a walk from the last one found; −1 outside the hull. */
  private locate(x: number, y: number): number {
    const { triangles, halfedges } = this.delaunay;
    if (triangles.length === 0) return -1;
    let t = this.last;
    for (let steps = 0; steps < triangles.length; steps++) {
      let moved = false;
      for (let k = 0; k < 3; k++) {
        const e = 3 * t + k;
        const [a, b] = [triangles[e]!, triangles[next(e)]!];
        if (this.orientation * cross(this.xs[a]!, this.ys[a]!, this.xs[b]!, this.ys[b]!, x, y) < 0) {
          const opposite = halfedges[e]!;
          if (opposite === -1) return -1;
          t = Math.floor(opposite / 3);
          moved = true;
          break;
        }
      }
      if (!moved) {
        this.last = t;
        return t;
      }
    }
    return -1;
  }

  /** Whether (x, y) lies within the points' convex hull. */
  contains(x: number, y: number): boolean {
    return this.locate(x, y) !== -1;
  }

  /** The interpolated value at (x, y); NaN outside the convex hull of the points. */
  at(x: number, y: number): number {
    const weights = this.weights(x, y);
    if (weights === null) return NaN;
    let [sum, total] = [0, 0];
    for (const [i, w] of weights) {
      sum += w * this.values[i]!;
      total += w;
    }
    return sum / total;
  }

  /**
   * The Sibson weights at (x, y), by point index (they sum to the area of the point's new cell),
   * or null outside the hull. A point on a borehole gets that borehole alone.
   */
  weights(x: number, y: number, nudged = false): Map<number, number> | null {
    const start = this.locate(x, y);
    if (start === -1) return null;
    const { triangles, halfedges } = this.delaunay;
    const cavity = [start];
    const seen = new Set(cavity);
    for (let i = 0; i < cavity.length; i++) {
      const t = cavity[i]!;
      for (let k = 0; k < 3; k++) {
        const opposite = halfedges[3 * t + k]!;
        if (opposite === -1) continue;
        const u = Math.floor(opposite / 3);
        if (seen.has(u)) continue;
        seen.add(u);
        if ((x - this.centres[2 * u]!) ** 2 + (y - this.centres[2 * u + 1]!) ** 2 < this.radii[u]!) cavity.push(u);
      }
    }
    const weights = new Map<number, number>();
    for (const t of cavity) {
      const corners =
        this.orientation > 0
          ? [triangles[3 * t]!, triangles[3 * t + 1]!, triangles[3 * t + 2]!]
          : [triangles[3 * t]!, triangles[3 * t + 2]!, triangles[3 * t + 1]!];
      for (const v of corners) {
        if (Math.abs(this.xs[v]! - x) < 1e-9 && Math.abs(this.ys[v]! - y) < 1e-9) return new Map([[v, 1]]);
      }
      const [cx, cy] = [this.centres[2 * t]!, this.centres[2 * t + 1]!];
      for (let k = 0; k < 3; k++) {
        const [a, b, c] = [corners[k]!, corners[(k + 1) % 3]!, corners[(k + 2) % 3]!];
        const [gx, gy] = circumcentre(x, y, this.xs[a]!, this.ys[a]!, this.xs[b]!, this.ys[b]!);
        const [hx, hy] = circumcentre(x, y, this.xs[c]!, this.ys[c]!, this.xs[a]!, this.ys[a]!);
        const area = cross(cx, cy, hx, hy, gx, gy) / 2;
        weights.set(a, (weights.get(a) ?? 0) + area);
      }
    }
    for (const w of weights.values()) {
      // The point lies on an edge between two boreholes: its circumcentres with them are at infinity.
      // A nudge of a micrometre, far below any borehole's placing, gives the limit.
      if (!Number.isFinite(w)) return nudged ? null : this.weights(x + 1e-6, y + 0.7e-6, true);
    }
    return weights;
  }
}

const next = (e: number) => (e % 3 === 2 ? e - 2 : e + 1);

/** Twice the signed area of the triangle (a, b, c): positive when counter-clockwise. */
function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function circumcentre(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): [number, number] {
  const [dx, dy, ex, ey] = [bx - ax, by - ay, cx - ax, cy - ay];
  const [bl, cl] = [dx * dx + dy * dy, ex * ex + ey * ey];
  const d = 2 * (dx * ey - dy * ex);
  return [ax + (ey * bl - dy * cl) / d, ay + (dx * cl - ex * bl) / d];
}

/**
 * The natural-neighbour estimate at point i from the others: Sibson's interpolation at i after
 * removing it, computed exactly from i's natural neighbours alone (the cell i leaves is shared
 * among them only). Null for a point of the hull, where the others do not surround it.
 */
export function naturalWithout(
  surface: NaturalNeighbours,
  i: number,
  xs: Float64Array,
  ys: Float64Array,
  values: Float64Array,
): number | null {
  if (surface.onHull(i)) return null;
  const link = surface.neighboursOf(i);
  if (link.length < 3) return null;
  const local = new NaturalNeighbours(
    Float64Array.from(link, (j) => xs[j]! - xs[i]!),
    Float64Array.from(link, (j) => ys[j]! - ys[i]!),
    Float64Array.from(link, (j) => values[j]!),
  );
  const value = local.at(0, 0);
  return Number.isFinite(value) ? value : null;
}
