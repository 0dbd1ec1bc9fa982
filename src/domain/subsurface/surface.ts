import { krige, type KrigingData } from './kriging.ts';
import { NaturalNeighbours, naturalWithout } from './natural-neighbour.ts';
import { PointIndex } from './neighbours.ts';
import { empiricalVariogram, fitVariogram, type Variogram, type VariogramBin } from './variogram.ts';

/**
 * A surface interpolated from boreholes (« surface ») on a regular grid: the top of rock, the
 * water table, the thickness of a unit. Two methods: ordinary kriging with a variogram fitted to
 * the data, which also says how sure it is at each node (its standard deviation); and natural
 * neighbours, which needs no model, and whose uncertainty is shown as the distance to the nearest
 * borehole.
 *
 * The grid is regular in Web Mercator (EPSG:3857), the map's own projection, so that the layer
 * lies on the map's tiles pixel for pixel and the GeoTIFF needs no resampling. Distances between
 * boreholes are Mercator's scaled by the cosine of the surface's middle latitude: true to 0.4 %
 * over 50 km north to south, far less than a variogram's own uncertainty.
 *
 * The surface stops at the convex hull of its boreholes: beyond, any method would extrapolate.
 */

export type SurfaceMethod = 'kriging' | 'natural';

/**
 * What a borehole says of the surface: its value, or a bound. A borehole that stopped before the
 * rock says the rock is deeper than its bottom (depth « at least »), lower than it (elevation « at
 * most »): it is no rock at its bottom.
 */
export type SampleBound = 'exact' | 'atLeast' | 'atMost';

export interface SurfaceSample {
  id: string;
  lat: number;
  lng: number;
  value: number;
  bound: SampleBound;
}

export interface SurfaceOptions {
  method: SurfaceMethod;
  /** Nodes along the grid's longer side. */
  cells?: number;
}

export const SURFACE_LIMITS = {
  cells: { min: 20, max: 400, default: 200 },
  /** Fewest boreholes with a value (not a bound) that a variogram can be fitted to. */
  krigingMinimum: 10,
  samples: 20_000,
  /** Widest a surface spans (m): a city's, not a province's, whose interpolation between cities would mean nothing. */
  span: 100_000,
} as const;

export interface SurfaceGrid {
  /** Web Mercator metres of the grid's outer west and north edges, and a cell's side. */
  west: number;
  north: number;
  cell: number;
  columns: number;
  rows: number;
  /** Row by row from the north, NaN outside the boreholes' hull. */
  values: Float32Array;
  /** The kriging standard deviation, or the distance to the nearest borehole (m). */
  uncertainty: Float32Array;
}

export interface SurfacePoint extends SurfaceSample {
  /** Whether the value entered the surface: every exact one, the bounds the surface would have crossed. */
  used: boolean;
  /** Leave-one-out estimate at an exact point (null where none could be made). */
  crossValidated: number | null;
}

export interface Surface {
  method: SurfaceMethod;
  grid: SurfaceGrid;
  variogram: (Variogram & { bins: VariogramBin[]; cutoff: number }) | null;
  uncertainty: 'sd' | 'distance';
  crossValidation: { count: number; rmse: number | null; meanError: number | null };
  points: SurfacePoint[];
  /** Lowest and highest values of the grid. */
  extent: { min: number; max: number } | null;
  /** How many bounds the surface had to be brought to, and in how many rounds. */
  bounds: { total: number; used: number; rounds: number };
}

/** A surface that cannot be made from these data, with the reason in French. */
export class SurfaceError extends Error {}

const EARTH_RADIUS_WGS84 = 6378137;
const RADIANS = Math.PI / 180;

/** Web Mercator (EPSG:3857) metres of a point. */
export function webMercator(lat: number, lng: number): { x: number; y: number } {
  return {
    x: EARTH_RADIUS_WGS84 * lng * RADIANS,
    y: EARTH_RADIUS_WGS84 * Math.log(Math.tan(Math.PI / 4 + (lat * RADIANS) / 2)),
  };
}

/** The point at Web Mercator metres (x, y). */
export function fromWebMercator(x: number, y: number): { lat: number; lng: number } {
  return {
    lat: (2 * Math.atan(Math.exp(y / EARTH_RADIUS_WGS84)) - Math.PI / 2) / RADIANS,
    lng: x / EARTH_RADIUS_WGS84 / RADIANS,
  };
}

interface Placed extends SurfaceSample {
  x: number;
  y: number;
}

/**
 * Samples within 10 cm of one another are one place: the mean of their values, or when none has
 * a value, the tightest bound. (A borehole drilled again beside the first is common; two values
 * at one place would make kriging's system singular.)
 */
function merged(samples: readonly Placed[]): Placed[] {
  const groups = new Map<string, Placed[]>();
  for (const sample of samples) {
    const key = `${Math.round(sample.x * 10)},${Math.round(sample.y * 10)}`;
    const group = groups.get(key);
    if (group) group.push(sample);
    else groups.set(key, [sample]);
  }
  return [...groups.values()].map((group) => {
    if (group.length === 1) return group[0]!;
    const exact = group.filter((sample) => sample.bound === 'exact');
    if (exact.length > 0)
      return { ...exact[0]!, value: exact.reduce((sum, sample) => sum + sample.value, 0) / exact.length };
    const atLeast = group.filter((sample) => sample.bound === 'atLeast');
    if (atLeast.length > 0) return atLeast.reduce((a, b) => (b.value > a.value ? b : a));
    return group.reduce((a, b) => (b.value < a.value ? b : a));
  });
}

interface Estimator {
  /** The value at (x, y) and its uncertainty; NaN outside the hull. */
  at(x: number, y: number): { value: number; uncertainty: number };
  /** The estimate at data point i from the others. */
  without(i: number): number | null;
}

function naturalEstimator(xs: Float64Array, ys: Float64Array, values: Float64Array): Estimator {
  const surface = new NaturalNeighbours(xs, ys, values);
  if (!surface.triangulated)
    throw new SurfaceError('Les forages retenus sont alignés : il en faut trois au moins qui ne le soient pas.');
  const index = new PointIndex(xs, ys);
  return {
    at(x, y) {
      const value = surface.at(x, y);
      if (Number.isNaN(value)) return { value, uncertainty: NaN };
      const [nearest] = index.nearest(x, y, 1);
      return { value, uncertainty: Math.hypot(xs[nearest!]! - x, ys[nearest!]! - y) };
    },
    without: (i) => naturalWithout(surface, i, xs, ys, values),
  };
}

function krigingEstimator(xs: Float64Array, ys: Float64Array, values: Float64Array, variogram: Variogram): Estimator {
  const hull = new NaturalNeighbours(xs, ys, values);
  if (!hull.triangulated)
    throw new SurfaceError('Les forages retenus sont alignés : il en faut trois au moins qui ne le soient pas.');
  const data: KrigingData = { xs, ys, values, index: new PointIndex(xs, ys), variogram };
  return {
    at(x, y) {
      if (!hull.contains(x, y)) return { value: NaN, uncertainty: NaN };
      const { value, sd } = krige(data, x, y);
      return { value, uncertainty: sd };
    },
    without(i) {
      const { value } = krige(data, xs[i]!, ys[i]!, i);
      return Number.isFinite(value) ? value : null;
    },
  };
}

/**
 * The surface through `samples` (the caller's readable boreholes, each with its value or bound).
 *
 * Bounds enter as inequalities: the surface is made from the exact values; wherever it passes on
 * the wrong side of a bound (the rock shallower than a hole that found none), that bound is added
 * as a value at its limit, and the surface made again, until no bound is crossed. A bound the
 * surface already respects adds nothing: a short hole says little of a deep rock. Cross-validation
 * and the variogram use the exact values alone.
 */
export function surfaceOf(samples: readonly SurfaceSample[], options: SurfaceOptions): Surface {
  if (samples.length > SURFACE_LIMITS.samples)
    throw new SurfaceError(
      `Trop de forages pour une surface (${samples.length}) : au plus ${SURFACE_LIMITS.samples.toLocaleString('fr-CA')}. Resserrez la zone.`,
    );
  const cells = Math.round(options.cells ?? SURFACE_LIMITS.cells.default);
  const projected = samples.map((sample) => ({ ...sample, ...webMercator(sample.lat, sample.lng) }));
  const exactCount = projected.filter((sample) => sample.bound === 'exact').length;
  const minimum = options.method === 'kriging' ? SURFACE_LIMITS.krigingMinimum : 3;
  if (exactCount < minimum)
    throw new SurfaceError(
      options.method === 'kriging'
        ? `Le krigeage demande au moins ${minimum} forages qui donnent une valeur (${exactCount} ici) : essayez les voisins naturels, ou élargissez la zone.`
        : `Il faut au moins trois forages qui donnent une valeur (${exactCount} ici).`,
    );
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of projected)
    [minX, minY, maxX, maxY] = [Math.min(minX, p.x), Math.min(minY, p.y), Math.max(maxX, p.x), Math.max(maxY, p.y)];
  const [centreX, centreY] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const scale = Math.cos(fromWebMercator(centreX, centreY).lat * RADIANS);
  const span = Math.max(maxX - minX, maxY - minY) * scale;
  if (span > SURFACE_LIMITS.span)
    throw new SurfaceError(
      `Les forages s’étendent sur ${Math.round(span / 1000).toLocaleString('fr-CA')} km ; une surface en couvre au plus ${SURFACE_LIMITS.span / 1000} : choisissez une zone plus petite.`,
    );
  // Metres on the ground, about the middle: small numbers keep the circumcentres exact.
  const placed = merged(projected.map((p) => ({ ...p, x: (p.x - centreX) * scale, y: (p.y - centreY) * scale })));
  const exact = placed.filter((p) => p.bound === 'exact');
  const bounds = placed.filter((p) => p.bound !== 'exact');

  let variogram: Surface['variogram'] = null;
  if (options.method === 'kriging') {
    const empirical = empiricalVariogram(exact);
    if (empirical.bins.length < 3)
      throw new SurfaceError(
        'Les forages sont trop groupés pour ajuster un variogramme : essayez les voisins naturels.',
      );
    const fitted = fitVariogram(empirical.bins, empirical.cutoff);
    if (fitted.nugget + fitted.sill <= 1e-12)
      throw new SurfaceError('Tous les forages donnent la même valeur : il n’y a pas de surface à interpoler.');
    variogram = {
      model: fitted.model,
      nugget: fitted.nugget,
      sill: fitted.sill,
      range: fitted.range,
      bins: empirical.bins,
      cutoff: empirical.cutoff,
    };
  }
  const estimatorOf = (data: readonly Placed[]) => {
    const xs = Float64Array.from(data, (p) => p.x);
    const ys = Float64Array.from(data, (p) => p.y);
    const values = Float64Array.from(data, (p) => p.value);
    return variogram ? krigingEstimator(xs, ys, values, variogram) : naturalEstimator(xs, ys, values);
  };

  const used = new Set<Placed>();
  let estimator = estimatorOf(exact);
  let rounds = 0;
  for (; rounds < 20; rounds++) {
    const crossed = bounds.filter((bound) => {
      if (used.has(bound)) return false;
      const { value } = estimator.at(bound.x, bound.y);
      return bound.bound === 'atLeast' ? value < bound.value : value > bound.value;
    });
    if (crossed.length === 0) break;
    for (const bound of crossed) used.add(bound);
    estimator = estimatorOf([...exact, ...used]);
  }

  const columns = Math.max(2, Math.round(((maxX - minX) / Math.max(maxX - minX, maxY - minY)) * (cells - 1)) + 1);
  const rows = Math.max(2, Math.round(((maxY - minY) / Math.max(maxX - minX, maxY - minY)) * (cells - 1)) + 1);
  const cell = Math.max(maxX - minX, maxY - minY, 1) / (cells - 1);
  // Nodes at cell centres; the first and last nodes on the outermost boreholes' lines.
  const [west, north] = [centreX - ((columns - 1) / 2) * cell - cell / 2, centreY + ((rows - 1) / 2) * cell + cell / 2];
  const values = new Float32Array(columns * rows);
  const uncertainty = new Float32Array(columns * rows);
  let [low, high] = [Infinity, -Infinity];
  for (let row = 0; row < rows; row++) {
    const y = (north - (row + 0.5) * cell - centreY) * scale;
    for (let column = 0; column < columns; column++) {
      const x = (west + (column + 0.5) * cell - centreX) * scale;
      const estimate = estimator.at(x, y);
      values[row * columns + column] = estimate.value;
      uncertainty[row * columns + column] = estimate.uncertainty;
      if (Number.isFinite(estimate.value))
        [low, high] = [Math.min(low, estimate.value), Math.max(high, estimate.value)];
    }
  }

  const crossValidated = new Map<Placed, number | null>();
  let [count, sum, squares] = [0, 0, 0];
  exact.forEach((point, i) => {
    const estimate = estimator.without(i);
    crossValidated.set(point, estimate);
    if (estimate === null) return;
    count++;
    sum += estimate - point.value;
    squares += (estimate - point.value) ** 2;
  });

  return {
    method: options.method,
    grid: { west, north, cell, columns, rows, values, uncertainty },
    variogram,
    uncertainty: variogram ? 'sd' : 'distance',
    crossValidation: {
      count,
      rmse: count > 0 ? Math.sqrt(squares / count) : null,
      meanError: count > 0 ? sum / count : null,
    },
    points: placed.map((p) => ({
      id: p.id,
      lat: p.lat,
      lng: p.lng,
      value: p.value,
      bound: p.bound,
      used: p.bound === 'exact' || used.has(p),
      crossValidated: crossValidated.get(p) ?? null,
    })),
    extent: Number.isFinite(low) ? { min: low, max: high } : null,
    bounds: { total: bounds.length, used: used.size, rounds },
  };
}
