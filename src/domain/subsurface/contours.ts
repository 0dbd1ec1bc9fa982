import { fromWebMercator, type Surface } from './surface.ts';

/**
 * Contour lines of a grid (« courbes de niveau »), by marching squares: each square of four nodes
 * that a level crosses gets one segment (two at a saddle, split by the square's mean as is usual),
 * its ends placed by linear interpolation along the square's sides; the segments are then chained
 * into lines through the points they share. A square with a node outside the surface gets none.
 */

/** A round step that gives about `target` levels between min and max: 1, 2, 2.5 or 5 times a power of ten. */
export function contourStep(min: number, max: number, target = 10): number {
  const span = max - min;
  if (!(span > 0)) return 1;
  const raw = span / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const multiple = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return multiple * power;
}

/** The levels, multiples of the step strictly within (min, max). */
export function contourLevels(min: number, max: number, step = contourStep(min, max)): number[] {
  const levels: number[] = [];
  for (let k = Math.floor(min / step) + 1; k * step < max && levels.length < 1000; k++) {
    // Rounded to the step's decimals: 0.1 × 3 is 0.30000000000000004.
    levels.push(Number((k * step).toPrecision(12)));
  }
  return levels;
}

/** A line in grid coordinates: column and row, fractional, of the nodes (0, 0) the first. */
export type GridLine = [number, number][];

/**
 * The lines of `level` on a grid of `columns` × `rows` values, row by row. Closed lines end on their
 * first point.
 */
export function isolines(values: ArrayLike<number>, columns: number, rows: number, level: number): GridLine[] {
  const at = (c: number, r: number) => values[r * columns + c]!;
  // A crossing point's key: the side it lies on, horizontal (between (c, r) and (c + 1, r)) or vertical.
  const horizontal = (c: number, r: number) => 2 * (r * columns + c);
  const vertical = (c: number, r: number) => 2 * (r * columns + c) + 1;
  const points = new Map<number, [number, number]>();
  const links = new Map<number, number[]>();
  const crossing = (key: number, c0: number, r0: number, c1: number, r1: number) => {
    if (!points.has(key)) {
      const [a, b] = [at(c0, r0), at(c1, r1)];
      const t = a === b ? 0.5 : (level - a) / (b - a);
      points.set(key, [c0 + t * (c1 - c0), r0 + t * (r1 - r0)]);
    }
    return key;
  };
  const link = (p: number, q: number) => {
    for (const [from, to] of [
      [p, q],
      [q, p],
    ] as const) {
      const list = links.get(from);
      if (list) list.push(to);
      else links.set(from, [to]);
    }
  };
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < columns; c++) {
      const corners = [at(c, r), at(c + 1, r), at(c + 1, r + 1), at(c, r + 1)];
      if (corners.some((v) => !Number.isFinite(v))) continue;
      const [tl, tr, br, bl] = corners.map((v) => (v >= level ? 1 : 0)) as [number, number, number, number];
      const code = (tl << 3) | (tr << 2) | (br << 1) | bl;
      if (code === 0 || code === 15) continue;
      const top = () => crossing(horizontal(c, r), c, r, c + 1, r);
      const bottom = () => crossing(horizontal(c, r + 1), c, r + 1, c + 1, r + 1);
      const left = () => crossing(vertical(c, r), c, r, c, r + 1);
      const right = () => crossing(vertical(c + 1, r), c + 1, r, c + 1, r + 1);
      const centreAbove = corners.reduce((sum, v) => sum + v, 0) / 4 >= level;
      switch (code) {
        case 1:
        case 14:
          link(left(), bottom());
          break;
        case 2:
        case 13:
          link(bottom(), right());
          break;
        case 3:
        case 12:
          link(left(), right());
          break;
        case 4:
        case 11:
          link(top(), right());
          break;
        case 6:
        case 9:
          link(top(), bottom());
          break;
        case 7:
        case 8:
          link(left(), top());
          break;
        // Saddles: tl and br on one side, tr and bl on the other; the mean says which pair joins.
        case 5:
          if (centreAbove) {
            link(left(), top());
            link(bottom(), right());
          } else {
            link(top(), right());
            link(left(), bottom());
          }
          break;
        case 10:
          if (centreAbove) {
            link(top(), right());
            link(left(), bottom());
          } else {
            link(left(), top());
            link(bottom(), right());
          }
          break;
      }
    }
  }
  const lines: GridLine[] = [];
  const visited = new Set<number>();
  const walk = (start: number) => {
    const line: number[] = [start];
    visited.add(start);
    let current = start;
    for (;;) {
      const following = (links.get(current) ?? []).find((key) => !visited.has(key));
      if (following === undefined) break;
      visited.add(following);
      line.push(following);
      current = following;
    }
    // A loop ends where it began.
    if (line.length > 2 && (links.get(current) ?? []).includes(start)) line.push(start);
    if (line.length > 1) lines.push(line.map((key) => points.get(key)!));
  };
  // Lines that end at the grid's edge or the surface's first, then the loops.
  for (const [key, list] of links) if (list.length === 1 && !visited.has(key)) walk(key);
  for (const key of links.keys()) if (!visited.has(key)) walk(key);
  return lines;
}

/** A surface's contour lines at round levels, in longitudes and latitudes. */
export function surfaceContours(surface: Pick<Surface, 'grid' | 'extent'>): {
  step: number;
  lines: { level: number; points: [number, number][] }[];
} {
  const { grid, extent } = surface;
  if (!extent) return { step: 1, lines: [] };
  const step = contourStep(extent.min, extent.max);
  const lines = contourLevels(extent.min, extent.max, step).flatMap((level) =>
    isolines(grid.values, grid.columns, grid.rows, level).map((line) => ({
      level,
      points: line.map(([column, row]): [number, number] => {
        const { lat, lng } = fromWebMercator(
          grid.west + (column + 0.5) * grid.cell,
          grid.north - (row + 0.5) * grid.cell,
        );
        return [lng, lat];
      }),
    })),
  );
  return { step, lines };
}
