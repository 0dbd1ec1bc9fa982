import Delaunator from 'delaunator';

/**
 * Linear interpolation on the Delaunay triangles of the points (scipy's griddata « linear »): the
 * reference a surface method must beat. NaN outside the points' hull. Each triangle is tried in
 * turn: slow, and plain enough to trust.
 */
export function linearInterpolation(xs: Float64Array, ys: Float64Array, values: Float64Array) {
  const coords = new Float64Array(xs.length * 2);
  xs.forEach((x, i) => {
    coords[2 * i] = x;
    coords[2 * i + 1] = ys[i]!;
  });
  const { triangles } = new Delaunator(coords);
  return (x: number, y: number): number => {
    for (let t = 0; t < triangles.length; t += 3) {
      const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
      const d = (ys[b]! - ys[c]!) * (xs[a]! - xs[c]!) + (xs[c]! - xs[b]!) * (ys[a]! - ys[c]!);
      const l1 = ((ys[b]! - ys[c]!) * (x - xs[c]!) + (xs[c]! - xs[b]!) * (y - ys[c]!)) / d;
      const l2 = ((ys[c]! - ys[a]!) * (x - xs[c]!) + (xs[a]! - xs[c]!) * (y - ys[c]!)) / d;
      const l3 = 1 - l1 - l2;
      if (l1 >= -1e-12 && l2 >= -1e-12 && l3 >= -1e-12) return l1 * values[a]! + l2 * values[b]! + l3 * values[c]!;
    }
    return NaN;
  };
}
