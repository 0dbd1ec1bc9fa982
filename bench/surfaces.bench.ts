// Measures the surfaces (issue #36), in the process: a surface of the rock over 10,000 boreholes
// scattered over a city of 20 km × 20 km, by kriging (variogram, 200 × 200 grid, bounds,
// leave-one-out) and by natural neighbours; then the error of each at 2,000 held-back points of a
// known surface, beside linear interpolation and scipy's griddata (linear and cubic, Debian's
// python3-scipy) at the same points, with the same 2,000 boreholes.
// Usage: npm run bench:surfaces
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src/domain/seeded-random.ts';
import { krige } from '../src/domain/subsurface/kriging.ts';
import { linearInterpolation } from '../tests/support/linear-interpolation.ts';
import { NaturalNeighbours } from '../src/domain/subsurface/natural-neighbour.ts';
import { PointIndex } from '../src/domain/subsurface/neighbours.ts';
import { fromWebMercator, surfaceOf, webMercator, type SurfaceSample } from '../src/domain/subsurface/surface.ts';
import { empiricalVariogram, fitVariogram } from '../src/domain/subsurface/variogram.ts';

const seeded = seededRandom;

/** Depth to rock (m) of a made-up city: a buried valley across a rolling surface, 2 to 30 m. */
const rockDepth = (x: number, y: number) =>
  12 + 5 * Math.sin(x / 2300) * Math.cos(y / 3100) + 9 * Math.exp(-(((x - 0.4 * y - 1500) / 1800) ** 2)) + 0.0002 * y;

const SIZE = 20_000;
const origin = webMercator(45.5, -73.6);
const scale = Math.cos(45.5 * (Math.PI / 180));
const latLng = (x: number, y: number) => fromWebMercator(origin.x + x / scale, origin.y + y / scale);

function city(count: number, seed: number) {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, i) => {
    const [x, y] = [(random() - 0.5) * SIZE, (random() - 0.5) * SIZE];
    const depth = rockDepth(x, y);
    // Three holes in ten stopped short of the rock, at 40 to 95 % of its depth.
    const short = random() < 0.3;
    return {
      x,
      y,
      sample: {
        id: `F-${i}`,
        ...latLng(x, y),
        value: short ? depth * (0.4 + 0.55 * random()) : depth,
        bound: short ? 'atLeast' : 'exact',
      } satisfies SurfaceSample,
    };
  });
}

function timed<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
}

// 1. Ten thousand boreholes, the whole surface.
const boreholes = city(10_000, 11).map((b) => b.sample);
for (const method of ['kriging', 'natural'] as const) {
  const times: number[] = [];
  let last = null as ReturnType<typeof surfaceOf> | null;
  for (let run = 0; run < 3; run++) {
    const [surface, ms] = timed(() => surfaceOf(boreholes, { method, cells: 200 }));
    times.push(ms);
    last = surface;
  }
  times.sort((a, b) => a - b);
  const { grid, crossValidation: cv, bounds, variogram } = last!;
  console.log(
    `${method === 'kriging' ? 'Krigeage' : 'Voisins naturels'}, 10 000 forages (${bounds.total} bornes, ${bounds.used} retenues en ${bounds.rounds} passes), grille ${grid.columns} × ${grid.rows} : ` +
      `médiane ${(times[1]! / 1000).toFixed(2)} s, pire ${(times[2]! / 1000).toFixed(2)} s (3 fois) ; ` +
      `validation croisée sur ${cv.count} forages : REQM ${cv.rmse!.toFixed(3)} m, erreur moyenne ${cv.meanError!.toFixed(3)} m` +
      (variogram
        ? ` ; variogramme ${variogram.model}, pépite ${variogram.nugget.toFixed(3)} m², palier partiel ${variogram.sill.toFixed(2)} m², portée ${variogram.range.toFixed(0)} m`
        : ''),
  );
}

// 2. Error at held-back points: 2,000 boreholes that reached rock, 2,000 points never shown.
const known = city(2000, 12).map((b) => ({ ...b, value: rockDepth(b.x, b.y) }));
const random = seeded(13);
const held = Array.from(
  { length: 2000 },
  () => [(random() - 0.5) * SIZE * 0.9, (random() - 0.5) * SIZE * 0.9] as const,
);
const xs = Float64Array.from(known, (b) => b.x);
const ys = Float64Array.from(known, (b) => b.y);
const values = Float64Array.from(known, (b) => b.value);
const natural = new NaturalNeighbours(xs, ys, values);
const { bins, cutoff } = empiricalVariogram(known);
const variogram = fitVariogram(bins, cutoff);
const kriging = { xs, ys, values, index: new PointIndex(xs, ys), variogram };
// Linear interpolation on the same Delaunay triangles (what scipy's « linear » does).
const linear = linearInterpolation(xs, ys, values);
const rmse = (estimate: (x: number, y: number, i: number) => number) => {
  let [sum, count] = [0, 0];
  for (const [i, [x, y]] of held.entries()) {
    const value = estimate(x, y, i);
    if (!Number.isFinite(value)) continue;
    sum += (value - rockDepth(x, y)) ** 2;
    count++;
  }
  return `${Math.sqrt(sum / count).toFixed(3)} m (${count} points)`;
};
console.log(`\nErreur aux 2 000 points retenus, 2 000 forages (profondeur du roc de 2 à 30 m) :`);
console.log(
  `  krigeage ordinaire (${variogram.model}, portée ${variogram.range.toFixed(0)} m) : ${rmse((x, y) => krige(kriging, x, y).value)}`,
);
console.log(`  voisins naturels (Sibson) : ${rmse((x, y) => natural.at(x, y))}`);
console.log(`  interpolation linéaire (triangles de Delaunay) : ${rmse(linear)}`);

const dir = await mkdtemp(join(tmpdir(), 'geosonde-bench-surfaces-'));
try {
  await writeFile(join(dir, 'known.csv'), known.map((b) => `${b.x},${b.y},${b.value}`).join('\n'));
  await writeFile(join(dir, 'held.csv'), held.map(([x, y]) => `${x},${y}`).join('\n'));
  const script = `
import numpy as np, sys
from scipy.interpolate import griddata
known = np.loadtxt(sys.argv[1] + '/known.csv', delimiter=',')
held = np.loadtxt(sys.argv[1] + '/held.csv', delimiter=',')
for method in ('linear', 'cubic'):
    np.savetxt(sys.argv[1] + '/' + method + '.csv', griddata(known[:, :2], known[:, 2], held, method=method))
`;
  execFileSync('/usr/bin/python3', ['-c', script, dir]);
  for (const method of ['linear', 'cubic']) {
    const estimates = (await readFile(join(dir, `${method}.csv`), 'utf8')).trim().split('\n').map(Number);
    console.log(`  scipy griddata « ${method} » : ${rmse((_x, _y, i) => estimates[i]!)}`);
  }
} catch (error) {
  console.log(
    `  scipy griddata : non mesuré (${(error as Error).message.split('\n')[0]}) ; apt-get install python3-scipy`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
