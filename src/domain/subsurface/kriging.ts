import type { PointIndex } from './neighbours.ts';
import { semivariance, type Variogram } from './variogram.ts';

/**
 * Ordinary kriging in a moving neighbourhood: at each point, the weights of its nearest boreholes
 * that make the estimate unbiased (they sum to 1) with the least variance the variogram allows.
 * Sixteen neighbours, as gstat's users commonly take: the weights of farther boreholes are all but
 * nil once closer ones screen them, and the system stays small (17 × 17) at every point.
 */
export const KRIGING_NEIGHBOURS = 16;

/**
 * Solves A·x = b in place by Gaussian elimination with partial pivoting (A is n × n, row-major).
 * False when A is singular.
 */
export function solveInPlace(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row;
    if (Math.abs(a[pivot * n + col]!) < 1e-300) return false;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    const diagonal = a[col * n + col]!;
    for (let row = col + 1; row < n; row++) {
      const factor = a[row * n + col]! / diagonal;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) a[row * n + k]! -= factor * a[col * n + k]!;
      b[row]! -= factor * b[col]!;
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row]!;
    for (let k = row + 1; k < n; k++) sum -= a[row * n + k]! * b[k]!;
    b[row] = sum / a[row * n + row]!;
  }
  return true;
}

export interface KrigingData {
  xs: Float64Array;
  ys: Float64Array;
  values: Float64Array;
  index: PointIndex;
  variogram: Variogram;
}

/**
 * The kriged value at (x, y) and its standard deviation, from the nearest boreholes (leaving out
 * `skip`, for a leave-one-out). Written in covariances, C(h) = sill − γ(h), which keeps the system
 * well conditioned; a millionth of the sill on the diagonal keeps it solvable when two boreholes
 * stand at one place.
 */
export function krige(
  data: KrigingData,
  x: number,
  y: number,
  skip = -1,
  neighbours = KRIGING_NEIGHBOURS,
): { value: number; sd: number } {
  const near = data.index.nearest(x, y, neighbours, skip);
  const k = near.length;
  if (k === 0) return { value: NaN, sd: NaN };
  if (k === 1) return { value: data.values[near[0]!]!, sd: NaN };
  const total = data.variogram.nugget + data.variogram.sill;
  const covariance = (h: number) => total - semivariance(data.variogram, h);
  const n = k + 1;
  const a = new Float64Array(n * n);
  const b = new Float64Array(n);
  for (let i = 0; i < k; i++) {
    const [xi, yi] = [data.xs[near[i]!]!, data.ys[near[i]!]!];
    a[i * n + i] = total * (1 + 1e-6);
    for (let j = i + 1; j < k; j++) {
      const c = covariance(Math.hypot(xi - data.xs[near[j]!]!, yi - data.ys[near[j]!]!));
      a[i * n + j] = c;
      a[j * n + i] = c;
    }
    a[i * n + k] = 1;
    a[k * n + i] = 1;
    b[i] = covariance(Math.hypot(xi - x, yi - y));
  }
  b[k] = 1;
  const rhs = b.slice();
  if (!solveInPlace(a, b, n)) return { value: NaN, sd: NaN };
  let [value, reduction] = [0, 0];
  for (let i = 0; i < k; i++) {
    value += b[i]! * data.values[near[i]!]!;
    reduction += b[i]! * rhs[i]!;
  }
  const variance = total - reduction - b[k];
  return { value, sd: Math.sqrt(Math.max(variance, 0)) };
}
