import { seededRandom } from '../seeded-random.ts';

/**
 * The variogram of a surface's data: how much two boreholes' values differ, half their squared
 * difference on average, as their distance apart grows. Kriging weighs the boreholes around a
 * point by it.
 *
 * The empirical variogram bins the pairs by distance up to a cutoff of half the data's diagonal
 * (gstat takes a third; half keeps three distances at least for a site's 5 × 5 grid of holes),
 * in 15 bins. Two models are fitted to it by weighted least squares,
 * each bin weighed by its number of pairs over its distance squared (gstat's fit.method 7, which
 * trusts the short distances kriging depends on most), and the model that fits best is kept.
 * Two models, spherical and exponential: the Gaussian model, flat at the origin, makes the kriging
 * system all but singular without a nugget, and its surfaces then miss their own boreholes by metres.
 * Ranges are practical ranges: the distance where the model reaches 95 % of its sill (exactly the
 * sill for the spherical model).
 */

export type VariogramModel = 'spherical' | 'exponential';

export const VARIOGRAM_MODELS: Record<VariogramModel, string> = {
  spherical: 'sphérique',
  exponential: 'exponentiel',
};

export interface Variogram {
  model: VariogramModel;
  /** Semivariance at the smallest distances: measurement error and variation closer than the boreholes. */
  nugget: number;
  /** The partial sill: what the variance adds to the nugget by the range. */
  sill: number;
  /** Practical range (m): beyond it two boreholes tell nothing more of each other than any two. */
  range: number;
}

export interface VariogramBin {
  /** Mean distance of the bin's pairs (m). */
  distance: number;
  /** Half the mean squared difference of their values. */
  semivariance: number;
  pairs: number;
}

/** How the shape of each model rises from 0 to 1 with distance over its practical range. */
const SHAPES: Record<VariogramModel, (ratio: number) => number> = {
  spherical: (r) => (r >= 1 ? 1 : 1.5 * r - 0.5 * r ** 3),
  exponential: (r) => 1 - Math.exp(-3 * r),
};

/** The model's semivariance at distance h (0 at h = 0: a borehole agrees with itself). */
export function semivariance(variogram: Variogram, h: number): number {
  if (h <= 0) return 0;
  return variogram.nugget + variogram.sill * SHAPES[variogram.model](h / variogram.range);
}

/** A deterministic shuffle: the same data gives the same variogram every time. */
function shuffled(n: number, seed = 0x5eed): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * The empirical variogram of points (x, y in metres). Over 1,500 points, a fixed sample of 1,500
 * gives the pairs (over a million): more would cost seconds and change the fit very little.
 */
export function empiricalVariogram(
  points: readonly { x: number; y: number; value: number }[],
  { bins = 15, sample = 1500 }: { bins?: number; sample?: number } = {},
): { bins: VariogramBin[]; cutoff: number } {
  const chosen =
    points.length > sample
      ? shuffled(points.length)
          .slice(0, sample)
          .map((i) => points[i]!)
      : points;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of chosen)
    [minX, minY, maxX, maxY] = [Math.min(minX, p.x), Math.min(minY, p.y), Math.max(maxX, p.x), Math.max(maxY, p.y)];
  const cutoff = Math.hypot(maxX - minX, maxY - minY) / 2;
  const width = cutoff / bins;
  const sums = new Float64Array(bins);
  const distances = new Float64Array(bins);
  const counts = new Float64Array(bins);
  for (let i = 0; i < chosen.length; i++) {
    const a = chosen[i]!;
    for (let j = i + 1; j < chosen.length; j++) {
      const b = chosen[j]!;
      const h = Math.hypot(a.x - b.x, a.y - b.y);
      if (h >= cutoff || h <= 0) continue;
      const bin = Math.min(Math.floor(h / width), bins - 1);
      sums[bin]! += (a.value - b.value) ** 2;
      distances[bin]! += h;
      counts[bin]!++;
    }
  }
  const result: VariogramBin[] = [];
  for (let bin = 0; bin < bins; bin++) {
    if (counts[bin]! === 0) continue;
    result.push({
      distance: distances[bin]! / counts[bin]!,
      semivariance: sums[bin]! / counts[bin]! / 2,
      pairs: counts[bin]!,
    });
  }
  return { bins: result, cutoff };
}

/** The best nugget and sill for one model and range: weighted least squares, neither below 0. */
function fitAtRange(bins: readonly VariogramBin[], model: VariogramModel, range: number) {
  const shape = SHAPES[model];
  let [sw, sf, sff, sg, sfg] = [0, 0, 0, 0, 0];
  for (const bin of bins) {
    const w = bin.pairs / bin.distance ** 2;
    const f = shape(bin.distance / range);
    sw += w;
    sf += w * f;
    sff += w * f * f;
    sg += w * bin.semivariance;
    sfg += w * f * bin.semivariance;
  }
  const determinant = sw * sff - sf * sf;
  let nugget = determinant > 1e-300 ? (sg * sff - sf * sfg) / determinant : 0;
  let sill = determinant > 1e-300 ? (sw * sfg - sf * sg) / determinant : sff > 0 ? sfg / sff : 0;
  if (nugget < 0) [nugget, sill] = [0, sff > 0 ? Math.max(sfg / sff, 0) : 0];
  if (sill < 0) [nugget, sill] = [Math.max(sg / sw, 0), 0];
  let error = 0;
  for (const bin of bins) {
    const w = bin.pairs / bin.distance ** 2;
    error += w * (bin.semivariance - nugget - sill * shape(bin.distance / range)) ** 2;
  }
  return { variogram: { model, nugget, sill, range }, error };
}

/**
 * The model of the two that fits the bins best, with its nugget, sill and range. Ranges are
 * tried from a fiftieth of the cutoff to three times it, then refined by golden section.
 */
export function fitVariogram(bins: readonly VariogramBin[], cutoff: number): Variogram & { error: number } {
  let best: { variogram: Variogram; error: number } | null = null;
  const [low, high] = [cutoff / 50, cutoff * 3];
  const steps = 60;
  const rangeAt = (i: number) => low * (high / low) ** (i / steps);
  for (const model of Object.keys(SHAPES) as VariogramModel[]) {
    let bestStep = 0;
    let bestError = Infinity;
    for (let i = 0; i <= steps; i++) {
      const { error } = fitAtRange(bins, model, rangeAt(i));
      if (error < bestError) [bestStep, bestError] = [i, error];
    }
    // Golden section between the neighbours of the best step.
    let [a, b] = [rangeAt(Math.max(bestStep - 1, 0)), rangeAt(Math.min(bestStep + 1, steps))];
    const ratio = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 40; i++) {
      const [c, d] = [b - ratio * (b - a), a + ratio * (b - a)];
      if (fitAtRange(bins, model, c).error <= fitAtRange(bins, model, d).error) b = d;
      else a = c;
    }
    const fitted = fitAtRange(bins, model, (a + b) / 2);
    if (!best || fitted.error < best.error) best = fitted;
  }
  return { ...best!.variogram, error: best!.error };
}
