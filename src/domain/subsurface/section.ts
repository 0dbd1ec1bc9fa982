import { EARTH_RADIUS_KM, type LatLng } from '../geo.ts';
import { sptText } from '../ags/spt-result.ts';
import type { BoreholeLog } from '../log/borehole-log.ts';
import { layerSoil, type SoilClass } from '../soil.ts';

/**
 * A cross-section (« coupe ») through a firm's boreholes: a line drawn on the map, a corridor
 * about it, and each borehole within the corridor set on the line at its true distance along it.
 *
 * Distances are measured on a plane tangent to the Earth at the line's first point: over the few
 * kilometres a section spans, it is off the ellipsoid's true distance by less than a centimetre in
 * a kilometre (the sphere's radius, the spec's 6371 km, differs from Québec's local radius by
 * about 0.3 %, a few metres over a kilometre — less than a borehole's own placing).
 */

/** What a section is asked for. */
export interface SectionRequest {
  /** The line's points, in order (two at least). */
  line: LatLng[];
  /** The corridor's whole width in metres: a borehole is taken when it lies within half of it of the line. */
  corridor: number;
}

/** Bounds of a request, checked at the boundary (the API's schema says the same). */
export const SECTION_LIMITS = {
  points: { min: 2, max: 50 },
  corridor: { min: 1, max: 2000, default: 25 },
  /** Longest line, in metres: a section is a street's or a site's, not a province's. */
  length: 50_000,
  /** Most boreholes drawn on one section. */
  boreholes: 200,
} as const;

/** A unit of a column: consecutive layers of the same class, merged (depths below the collar). */
export interface SectionUnit {
  soil: SoilClass;
  top: number;
  base: number;
}

/** A borehole as the section shows it. */
export interface SectionColumn {
  id: string;
  /** Metres along the line from its first point, where the borehole falls square onto it. */
  chainage: number;
  /** Metres from the line, left of it (looking along the line) positive, right negative. */
  offset: number;
  /** The collar's elevation (m), null when the borehole has none. */
  ground: number | null;
  /** Final depth (m below the collar). */
  depth: number;
  layers: { top: number; base: number; soil: SoilClass; description: string }[];
  units: SectionUnit[];
  spt: { depth: number; text: string; n: number | null }[];
  /** Water levels read (m below the collar): the levels they stood at, else the strikes. */
  water: number[];
}

/** A unit found in two neighbouring columns: its top and base joined between them, as interpreted. */
export interface SectionLink {
  /** Indexes of the two columns, left then right. */
  from: number;
  to: number;
  soil: SoilClass;
  /** Top and base depths in the left column, then in the right one. */
  top: [number, number];
  base: [number, number];
  /** Whether the unit's base was passed in each column: a hole that stopped in it did not find its base. */
  baseFound: [boolean, boolean];
}

export interface Section {
  /** The line's points, as asked or as drawn through picked boreholes (lineThrough). */
  line: LatLng[];
  /** The line's length (m). */
  length: number;
  /** Where each of the line's points falls along it (m): the bends drawn on the section. */
  bends: number[];
  /**
   * « elevation » when every column has its collar's elevation; else « depth »: the columns hang
   * from a common ground line at 0, depths below it (the section says so, and names the holes).
   */
  vertical: 'elevation' | 'depth';
  columns: SectionColumn[];
  links: SectionLink[];
  /** The boreholes within the corridor that have no elevation. */
  withoutGround: string[];
}

const RADIANS = Math.PI / 180;
const EARTH_RADIUS_M = EARTH_RADIUS_KM * 1000;

/** A plane tangent at `origin`: metres east (x) and north (y) of it. */
export function planeAt(origin: LatLng): (point: LatLng) => { x: number; y: number } {
  const cos = Math.cos(origin.lat * RADIANS);
  return (point) => ({
    x: (point.lng - origin.lng) * RADIANS * EARTH_RADIUS_M * cos,
    y: (point.lat - origin.lat) * RADIANS * EARTH_RADIUS_M,
  });
}

/**
 * Where a point falls on a polyline: its distance along the line to the nearest point of it, its
 * distance from the line (signed: left positive), and how far from the line it is in all (which
 * past either end is the distance to that end).
 */
export function alongLine(
  vertices: readonly { x: number; y: number }[],
  point: { x: number; y: number },
): { chainage: number; offset: number; distance: number } {
  let best = { chainage: 0, offset: 0, distance: Infinity };
  let walked = 0;
  for (let i = 0; i + 1 < vertices.length; i++) {
    const [a, b] = [vertices[i]!, vertices[i + 1]!];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const length = Math.hypot(dx, dy);
    if (length === 0) continue;
    const t = Math.min(1, Math.max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length ** 2));
    const [nx, ny] = [a.x + t * dx, a.y + t * dy];
    const distance = Math.hypot(point.x - nx, point.y - ny);
    if (distance < best.distance) {
      const side = Math.sign(dx * (point.y - a.y) - dy * (point.x - a.x)) || 1;
      best = { chainage: walked + t * length, offset: side * distance, distance };
    }
    walked += length;
  }
  return best;
}

/** A column's units: its layers in order, those of one class in a row merged. */
export function unitsOf(layers: readonly { top: number; base: number; soil: SoilClass }[]): SectionUnit[] {
  const units: SectionUnit[] = [];
  for (const layer of layers) {
    const last = units.at(-1);
    if (last && last.soil === layer.soil && Math.abs(last.base - layer.top) < 1e-6) last.base = layer.base;
    else units.push({ soil: layer.soil, top: layer.top, base: layer.base });
  }
  return units;
}

/**
 * The units two neighbouring columns share, in order: the longest common run of their classes
 * (a unit found in one column only pinches out between them). Of equally long runs, the one whose
 * pairs lie closest in depth. Geologists join boundaries the same way by hand: same material, same
 * order, no crossing lines.
 */
export function matchedUnits(left: readonly SectionUnit[], right: readonly SectionUnit[]): [number, number][] {
  const [m, n] = [left.length, right.length];
  // best[i][j]: the most pairs of left[i..] and right[j..], then the least depth gap over them.
  const count: number[][] = Array.from({ length: m + 1 }, () => Array<number>(n + 1).fill(0));
  const gap: number[][] = Array.from({ length: m + 1 }, () => Array<number>(n + 1).fill(0));
  const better = (c1: number, g1: number, c2: number, g2: number) => c1 > c2 || (c1 === c2 && g1 < g2);
  for (let i = m - 1; i >= 0; i--) {
    for (let j = n - 1; j >= 0; j--) {
      let [c, g] = [count[i + 1]![j]!, gap[i + 1]![j]!];
      if (better(count[i]![j + 1]!, gap[i]![j + 1]!, c, g)) [c, g] = [count[i]![j + 1]!, gap[i]![j + 1]!];
      if (left[i]!.soil === right[j]!.soil) {
        const [pc, pg] = [
          count[i + 1]![j + 1]! + 1,
          gap[i + 1]![j + 1]! + Math.abs(left[i]!.top - right[j]!.top) + Math.abs(left[i]!.base - right[j]!.base),
        ];
        if (better(pc, pg, c, g)) [c, g] = [pc, pg];
      }
      count[i]![j] = c;
      gap[i]![j] = g;
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < m && j < n;) {
    if (
      left[i]!.soil === right[j]!.soil &&
      count[i]![j] === count[i + 1]![j + 1]! + 1 &&
      gap[i]![j] ===
        gap[i + 1]![j + 1]! + Math.abs(left[i]!.top - right[j]!.top) + Math.abs(left[i]!.base - right[j]!.base)
    ) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (count[i + 1]![j] === count[i]![j] && gap[i + 1]![j] === gap[i]![j]) i++;
    else j++;
  }
  return pairs;
}

/** A borehole's column, placed on the line. */
function columnOf(
  log: BoreholeLog,
  place: { chainage: number; offset: number },
  soilOf: (layer: BoreholeLog['layers'][number]) => SoilClass,
): SectionColumn {
  const layers = log.layers
    .filter((layer) => layer.base > layer.top)
    .map((layer) => ({ top: layer.top, base: layer.base, soil: soilOf(layer), description: layer.description }));
  const depth = Math.max(log.depth, ...layers.map((layer) => layer.base), 0);
  return {
    id: log.id,
    chainage: place.chainage,
    offset: place.offset,
    ground: log.groundLevel,
    depth,
    layers,
    units: unitsOf(layers),
    spt: log.spt.map((test) => ({ depth: test.top, text: sptText(test), n: test.n })),
    water: log.standingLevels.length > 0 ? [...log.standingLevels] : [...log.waterStrikes],
  };
}

/** The line's length (m), measured on the plane at its first point. */
export function lineLength(line: readonly LatLng[]): number {
  // A line of fewer than two points has no length (its schema refuses it; this guards its refinements).
  if (line.length < 2) return 0;
  const plane = planeAt(line[0]!);
  const points = line.map(plane);
  return points.slice(1).reduce((sum, point, i) => sum + Math.hypot(point.x - points[i]!.x, point.y - points[i]!.y), 0);
}

/**
 * The section along `request.line`: the boreholes of `logs` within the corridor, in order along
 * the line (a borehole past either end is within the corridor only as far as its half-width),
 * and the units neighbouring columns share joined. The caller has already kept to the boreholes
 * its user may read.
 */
export function sectionOf(request: SectionRequest, logs: readonly BoreholeLog[]): Section {
  const plane = planeAt(request.line[0]!);
  const vertices = request.line.map(plane);
  const bends = [0];
  for (let i = 1; i < vertices.length; i++)
    bends.push(bends[i - 1]! + Math.hypot(vertices[i]!.x - vertices[i - 1]!.x, vertices[i]!.y - vertices[i - 1]!.y));
  const half = request.corridor / 2;
  // A firm writes the same few descriptions again and again: each is classed once.
  const classes = new Map<string, SoilClass>();
  const soilOf = (layer: BoreholeLog['layers'][number]) => {
    const key = `${layer.legend}\u0000${layer.geology}\u0000${layer.description}`;
    let soil = classes.get(key);
    if (soil === undefined) classes.set(key, (soil = layerSoil(layer)));
    return soil;
  };
  const columns = logs
    .flatMap((log) => {
      if (log.lat === null || log.lon === null) return [];
      const place = alongLine(vertices, plane({ lat: log.lat, lng: log.lon }));
      return place.distance <= half ? [columnOf(log, place, soilOf)] : [];
    })
    .sort((a, b) => a.chainage - b.chainage || a.id.localeCompare(b.id));
  const links: SectionLink[] = [];
  for (let i = 0; i + 1 < columns.length; i++) {
    const [left, right] = [columns[i]!, columns[i + 1]!];
    for (const [a, b] of matchedUnits(left.units, right.units)) {
      const [u, v] = [left.units[a]!, right.units[b]!];
      const found = (unit: SectionUnit, column: SectionColumn) => unit.base < column.depth - 1e-6;
      links.push({
        from: i,
        to: i + 1,
        soil: u.soil,
        top: [u.top, v.top],
        base: [u.base, v.base],
        baseFound: [found(u, left), found(v, right)],
      });
    }
  }
  const withoutGround = columns.filter((column) => column.ground === null).map((column) => column.id);
  return {
    line: request.line.map((point) => ({ lat: point.lat, lng: point.lng })),
    length: bends.at(-1)!,
    bends,
    vertical: withoutGround.length === 0 ? 'elevation' : 'depth',
    columns,
    links,
    withoutGround,
  };
}

/**
 * A line through picked boreholes: their positions in order along the direction they spread most
 * (the principal axis of their places on the plane), so that a section through boreholes picked in
 * any order runs from one end of them to the other without turning back.
 */
export function lineThrough(points: readonly LatLng[]): LatLng[] {
  if (points.length < 2) return [...points];
  const plane = planeAt(points[0]!);
  const placed = points.map((point) => ({ point, at: plane(point) }));
  const [mx, my] = [
    placed.reduce((sum, p) => sum + p.at.x, 0) / placed.length,
    placed.reduce((sum, p) => sum + p.at.y, 0) / placed.length,
  ];
  let [sxx, sxy, syy] = [0, 0, 0];
  for (const { at } of placed) {
    sxx += (at.x - mx) ** 2;
    sxy += (at.x - mx) * (at.y - my);
    syy += (at.y - my) ** 2;
  }
  // The direction of the larger eigenvalue of the covariance: angle ½·atan2(2sxy, sxx − syy).
  const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  // West to east, or south to north for a line nearer north–south, as sections are usually drawn.
  const sign = Math.abs(ux) >= Math.abs(uy) ? Math.sign(ux) || 1 : Math.sign(uy) || 1;
  return placed
    .map(({ point, at }) => ({ point, along: sign * ((at.x - mx) * ux + (at.y - my) * uy) }))
    .sort((a, b) => a.along - b.along)
    .map(({ point }) => point);
}
