import { describe, expect, it } from 'vitest';
import { linearInterpolation } from '../../../tests/support/linear-interpolation.ts';
import { seededRandom } from '../seeded-random.ts';
import { contourLevels, contourStep, isolines } from './contours.ts';
import { krige, solveInPlace } from './kriging.ts';
import { NaturalNeighbours, naturalWithout } from './natural-neighbour.ts';
import { PointIndex } from './neighbours.ts';
import { sampleOf, type SurfaceColumn } from './surface-quantity.ts';
import { fromWebMercator, SurfaceError, surfaceOf, webMercator, type SurfaceSample } from './surface.ts';
import { empiricalVariogram, fitVariogram, semivariance, type Variogram } from './variogram.ts';

const seeded = seededRandom;

function scattered(n: number, size: number, seed: number) {
  const random = seeded(seed);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) [xs[i], ys[i]] = [(random() - 0.5) * size, (random() - 0.5) * size];
  return { xs, ys };
}

describe('PointIndex', () => {
  it('finds the same nearest points as a search through all of them, inside and outside the set', () => {
    const { xs, ys } = scattered(500, 1000, 1);
    const index = new PointIndex(xs, ys);
    const random = seeded(2);
    for (let q = 0; q < 200; q++) {
      const [x, y] = [(random() - 0.5) * 3000, (random() - 0.5) * 3000];
      const skip = q % 3 === 0 ? q : -1;
      const brute = Array.from(xs.keys())
        .filter((i) => i !== skip)
        .sort((a, b) => Math.hypot(xs[a]! - x, ys[a]! - y) - Math.hypot(xs[b]! - x, ys[b]! - y))
        .slice(0, 16);
      expect(index.nearest(x, y, 16, skip)).toEqual(brute);
    }
    expect(new PointIndex([0, 1], [0, 0]).nearest(5, 5, 16)).toEqual([1, 0]);
  });

  it('files points along a line without a cell holding them all', () => {
    const n = 20_000;
    const xs = Float64Array.from({ length: n }, (_, i) => i * 3);
    const index = new PointIndex(xs, new Float64Array(n));
    expect(index.nearest(30_000.4, 5, 3)).toEqual([10_000, 10_001, 9_999]);
  });
});

describe('natural neighbours (Sibson)', () => {
  const { xs, ys } = scattered(300, 1000, 3);
  const linear = (x: number, y: number) => 12 + 0.01 * x - 0.02 * y;
  const values = Float64Array.from(xs, (x, i) => linear(x, ys[i]!));
  const surface = new NaturalNeighbours(xs, ys, values);

  it('has linear precision: the weights rebuild the point, and a plane comes back exactly', () => {
    const random = seeded(4);
    let checked = 0;
    for (let q = 0; q < 300; q++) {
      const [x, y] = [(random() - 0.5) * 900, (random() - 0.5) * 900];
      const weights = surface.weights(x, y);
      if (!weights) continue;
      checked++;
      const total = [...weights.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(0);
      for (const w of weights.values()) expect(w / total).toBeGreaterThan(-1e-9);
      const [wx, wy] = [...weights].reduce(
        ([sx, sy], [i, w]) => [sx + (w * xs[i]!) / total, sy + (w * ys[i]!) / total],
        [0, 0],
      );
      expect(wx).toBeCloseTo(x, 6);
      expect(wy).toBeCloseTo(y, 6);
      expect(surface.at(x, y)).toBeCloseTo(linear(x, y), 6);
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('honours each borehole, and says nothing outside their hull', () => {
    expect(surface.at(xs[7]!, ys[7]!)).toBe(values[7]);
    expect(surface.at(5000, 5000)).toBeNaN();
    expect(surface.contains(0, 0)).toBe(true);
  });

  it('gives the same value on a line between two boreholes of a square grid as just beside it', () => {
    const grid = { xs: [0, 10, 0, 10, 5], ys: [0, 0, 10, 10, 5], values: [1, 2, 3, 4, 9] };
    const square = new NaturalNeighbours(
      Float64Array.from(grid.xs),
      Float64Array.from(grid.ys),
      Float64Array.from(grid.values),
    );
    expect(square.at(5, 0.000001)).toBeCloseTo(square.at(5, 0), 4);
    expect(Number.isFinite(square.at(2.5, 2.5))).toBe(true);
  });

  it('leaves a borehole out exactly as a triangulation without it would', () => {
    const wavy = Float64Array.from(xs, (x, j) => Math.sin(x / 97) * 10 + ys[j]! / 50);
    const full = new NaturalNeighbours(xs, ys, wavy);
    let compared = 0;
    for (let i = 0; i < xs.length; i += 13) {
      const quick = naturalWithout(full, i, xs, ys, wavy);
      if (quick === null) {
        expect(full.onHull(i)).toBe(true);
        continue;
      }
      const others = [...xs.keys()].filter((j) => j !== i);
      const rebuilt = new NaturalNeighbours(
        Float64Array.from(others, (j) => xs[j]!),
        Float64Array.from(others, (j) => ys[j]!),
        Float64Array.from(others, (j) => wavy[j]!),
      );
      expect(quick).toBeCloseTo(rebuilt.at(xs[i]!, ys[i]!), 6);
      compared++;
    }
    expect(compared).toBeGreaterThan(15);
  });
});

describe('variogram and kriging', () => {
  it('solves a linear system', () => {
    const a = Float64Array.from([0, 2, 1, 1, 1, 1, 2, 1, 3]);
    const b = Float64Array.from([5, 4, 7]);
    expect(solveInPlace(a, b, 3)).toBe(true);
    expect([...b].map((v) => Number(v.toFixed(9)))).toEqual([1, 2, 1]);
    expect(solveInPlace(Float64Array.from([1, 2, 2, 4]), Float64Array.from([1, 2]), 2)).toBe(false);
  });

  it('fits back the model a variogram was drawn from', () => {
    const truth: Variogram = { model: 'spherical', nugget: 0.5, sill: 4, range: 600 };
    const bins = Array.from({ length: 15 }, (_, i) => {
      const distance = (i + 0.5) * 60;
      return { distance, semivariance: semivariance(truth, distance), pairs: 100 + i * 10 };
    });
    const fitted = fitVariogram(bins, 900);
    expect(fitted.model).toBe('spherical');
    expect(fitted.range).toBeCloseTo(600, -1);
    expect(fitted.nugget).toBeCloseTo(0.5, 2);
    expect(fitted.sill).toBeCloseTo(4, 2);
  });

  it('honours the boreholes and is least sure far from them', () => {
    const { xs, ys } = scattered(80, 1000, 5);
    const values = Float64Array.from(xs, (x, i) => 20 + Math.sin(x / 200) * 3 + ys[i]! / 300);
    const points = [...xs].map((x, i) => ({ x, y: ys[i]!, value: values[i]! }));
    const { bins, cutoff } = empiricalVariogram(points);
    const variogram = fitVariogram(bins, cutoff);
    const data = { xs, ys, values, index: new PointIndex(xs, ys), variogram };
    const at = krige(data, xs[3]!, ys[3]!);
    expect(at.value).toBeCloseTo(values[3]!, 1);
    expect(at.sd).toBeLessThan(0.05 * Math.sqrt(variogram.nugget + variogram.sill) + 0.01);
    const far = krige(data, 3000, 3000);
    expect(far.sd).toBeGreaterThan(at.sd);
  });
});

describe('a known surface sampled at scattered boreholes', () => {
  // A rock surface of rolling hills over a gentle slope (m), over 3 km × 3 km near Montréal.
  const truth = (x: number, y: number) => 30 + 4 * Math.sin(x / 450) * Math.cos(y / 600) + 0.002 * x - 0.001 * y;
  const origin = webMercator(45.5, -73.6);
  const scale = Math.cos(45.5 * (Math.PI / 180));
  const toLatLng = (x: number, y: number) => fromWebMercator(origin.x + x / scale, origin.y + y / scale);
  const { xs, ys } = scattered(250, 3000, 6);
  const samples: SurfaceSample[] = [...xs].map((x, i) => ({
    id: `F-${i}`,
    ...toLatLng(x, ys[i]!),
    value: truth(x, ys[i]!),
    bound: 'exact',
  }));
  // Held back: points never given to either method, within the boreholes' hull.
  const held = scattered(400, 2400, 7);
  const linear = linearInterpolation(
    xs,
    ys,
    Float64Array.from(xs, (x, i) => truth(x, ys[i]!)),
  );

  /** Root mean square error at the held-back points, read off the surface's grid where they fall. */
  function heldBackError(method: 'kriging' | 'natural') {
    const surface = surfaceOf(samples, { method, cells: 150 });
    const { grid } = surface;
    let [sum, sumLinear, count] = [0, 0, 0];
    for (let i = 0; i < held.xs.length; i++) {
      const [x, y] = [held.xs[i]!, held.ys[i]!];
      const { lat, lng } = toLatLng(x, y);
      const at = webMercator(lat, lng);
      // The node nearest the point, and the truth and linear interpolation at that very node.
      const column = Math.round((at.x - grid.west) / grid.cell - 0.5);
      const row = Math.round((grid.north - at.y) / grid.cell - 0.5);
      const value = grid.values[row * grid.columns + column]!;
      const nx = (grid.west + (column + 0.5) * grid.cell - origin.x) * scale;
      const ny = (grid.north - (row + 0.5) * grid.cell - origin.y) * scale;
      const reference = linear(nx, ny);
      if (!Number.isFinite(value) || !Number.isFinite(reference)) continue;
      sum += (value - truth(nx, ny)) ** 2;
      sumLinear += (reference - truth(nx, ny)) ** 2;
      count++;
    }
    return { rmse: Math.sqrt(sum / count), linear: Math.sqrt(sumLinear / count), count, surface };
  }

  it('kriging beats linear interpolation at held-back points, and says its variogram and cross-validation', () => {
    const { rmse, linear: reference, count, surface } = heldBackError('kriging');
    expect(count).toBeGreaterThan(300);
    expect(rmse).toBeLessThan(reference * 0.8);
    expect(surface.variogram).not.toBeNull();
    expect(surface.variogram!.range).toBeGreaterThan(200);
    expect(surface.crossValidation.count).toBe(250);
    expect(surface.crossValidation.rmse!).toBeLessThan(0.5);
    expect(Math.abs(surface.crossValidation.meanError!)).toBeLessThan(0.1);
  });

  it('natural neighbours, with no model, come within 5 % of linear interpolation, and leave out the hull in cross-validation', () => {
    // Sibson's interpolant is a smoothed linear one (C1 between the boreholes, not at them): on
    // this surface it measures 1.5 % above linear. Kriging is the method that beats it.
    const { rmse, linear: reference, surface } = heldBackError('natural');
    expect(rmse).toBeLessThan(reference * 1.05);
    expect(surface.uncertainty).toBe('distance');
    expect(surface.crossValidation.count).toBeLessThan(250);
    expect(surface.crossValidation.count).toBeGreaterThan(200);
  });

  it('keeps to the boreholes’ hull', () => {
    const { grid } = surfaceOf(samples, { method: 'kriging', cells: 60 });
    expect(grid.columns).toBeGreaterThan(50);
    expect(Number.isNaN(grid.values[0]!) || Number.isNaN(grid.values.at(-1)!)).toBe(true);
    expect(grid.values.filter(Number.isFinite).length).toBeGreaterThan(grid.values.length / 2);
  });
});

describe('holes that stopped before the rock', () => {
  // Rock at 10 m under a 5 × 5 grid of holes 100 m apart.
  const place = (x: number, y: number) =>
    fromWebMercator(webMercator(45.5, -73.6).x + x / 0.7, webMercator(45.5, -73.6).y + y / 0.7);
  const samples: SurfaceSample[] = [];
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 5; j++)
      samples.push({ id: `R-${i}-${j}`, ...place(i * 100, j * 100), value: 10 + (i + j) * 0.1, bound: 'exact' });

  it('are bounds: the surface is brought down to a deep hole that found no rock, and a short one changes nothing', () => {
    const deep = { id: 'DEEP', ...place(150, 250), value: 18, bound: 'atLeast' as const };
    const short = { id: 'SHORT', ...place(250, 150), value: 3, bound: 'atLeast' as const };
    for (const method of ['kriging', 'natural'] as const) {
      // 81 nodes over 400 m: one every 5 m, one on the deep hole.
      const without = surfaceOf(samples, { method, cells: 81 });
      const surface = surfaceOf([...samples, deep, short], { method, cells: 81 });
      expect(surface.bounds).toMatchObject({ total: 2, used: 1 });
      expect(surface.points.find((p) => p.id === 'DEEP')!.used).toBe(true);
      expect(surface.points.find((p) => p.id === 'SHORT')!.used).toBe(false);
      const { grid } = surface;
      const at = webMercator(deep.lat, deep.lng);
      const column = Math.round((at.x - grid.west) / grid.cell - 0.5);
      const row = Math.round((grid.north - at.y) / grid.cell - 0.5);
      expect(grid.values[row * grid.columns + column]!).toBeCloseTo(18, 1);
      expect(without.grid.values[row * grid.columns + column]!).toBeLessThan(11);
      // Cross-validation keeps to the holes that found rock.
      expect(surface.points.find((p) => p.id === 'DEEP')!.crossValidated).toBeNull();
    }
  });

  it('refuses in French what cannot make a surface', () => {
    expect(() => surfaceOf(samples.slice(0, 9), { method: 'kriging' })).toThrow(SurfaceError);
    expect(() => surfaceOf(samples.slice(0, 9), { method: 'kriging' })).toThrow(/au moins 10 forages/);
    const line = samples.filter((s) => s.id.startsWith('R-0-'));
    expect(() => surfaceOf(line, { method: 'natural' })).toThrow(/alignés/);
    const flat = samples.map((s) => ({ ...s, value: 4 }));
    expect(() => surfaceOf(flat, { method: 'kriging' })).toThrow(/même valeur/);
  });
});

describe('contours', () => {
  it('picks round levels', () => {
    expect(contourStep(3.2, 27.9)).toBe(2.5);
    expect(contourLevels(3.2, 9.9, 1)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(contourLevels(0.05, 0.45, 0.1)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });

  it('draws a cone’s level as one closed ring where the cone has that value, and skips holes', () => {
    const [columns, rows] = [41, 41];
    const cone = Float64Array.from({ length: columns * rows }, (_, k) =>
      Math.hypot((k % columns) - 20, Math.floor(k / columns) - 20),
    );
    const lines = isolines(cone, columns, rows, 10);
    expect(lines).toHaveLength(1);
    const ring = lines[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    for (const [c, r] of ring) expect(Math.hypot(c - 20, r - 20)).toBeCloseTo(10, 0);
    // A ramp cut by a hole (NaN) gives two open lines, one either side of it.
    const ramp = Float64Array.from({ length: columns * rows }, (_, k) =>
      Math.floor(k / columns) === 20 ? NaN : k % columns,
    );
    expect(isolines(ramp, columns, rows, 10.5)).toHaveLength(2);
  });
});

describe('what a borehole says of a surface', () => {
  const column: SurfaceColumn = {
    id: 'F-1',
    lat: 45.5,
    lng: -73.6,
    ground: 30,
    depth: 12,
    water: 2.5,
    layers: [
      { top: 0, base: 1, soil: 'fill' },
      { top: 1, base: 7, soil: 'clay' },
      { top: 7, base: 9, soil: 'till' },
      { top: 9, base: 12, soil: 'bedrock' },
    ],
  };
  const short: SurfaceColumn = {
    ...column,
    depth: 8,
    layers: column.layers.slice(0, 2).concat({ top: 7, base: 8, soil: 'clay' }),
  };

  it('reads rock, water and thickness, with bounds where the hole stopped short', () => {
    expect(sampleOf(column, 'rock-depth')).toMatchObject({ value: 9, bound: 'exact' });
    expect(sampleOf(column, 'rock-elevation')).toMatchObject({ value: 21, bound: 'exact' });
    expect(sampleOf(short, 'rock-depth')).toMatchObject({ value: 8, bound: 'atLeast' });
    expect(sampleOf(short, 'rock-elevation')).toMatchObject({ value: 22, bound: 'atMost' });
    expect(sampleOf(column, 'water-elevation')).toMatchObject({ value: 27.5, bound: 'exact' });
    expect(sampleOf(column, 'thickness', 'clay')).toMatchObject({ value: 6, bound: 'exact' });
    expect(sampleOf(column, 'thickness', 'sand')).toMatchObject({ value: 0, bound: 'exact' });
    expect(sampleOf(short, 'thickness', 'clay')).toMatchObject({ value: 7, bound: 'atLeast' });
    expect(sampleOf(short, 'thickness', 'sand')).toBeNull();
  });

  it('says nothing it does not know', () => {
    expect(sampleOf({ ...column, ground: null }, 'rock-elevation')).toBeNull();
    expect(sampleOf({ ...column, ground: null }, 'rock-depth')).toMatchObject({ value: 9 });
    expect(sampleOf({ ...column, water: null }, 'water-depth')).toBeNull();
    expect(sampleOf({ ...column, layers: [] }, 'rock-depth')).toBeNull();
  });
});
