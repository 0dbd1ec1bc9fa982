import { SOIL_CLASSES, type SoilClass } from '../soil.ts';
import { webMercator } from './surface.ts';

/**
 * What the 3D view draws, as flat arrays a GPU takes as they are: the boreholes' layers as boxes
 * (one instance each, in true position and elevation, coloured by class), surfaces as triangle
 * meshes, a section as vertical panels. Kept free of any 3D library: the arrays are tested here,
 * and the screen hands them to three.js.
 *
 * Axes are three.js's: x east, y up, z south, in metres about the scene's centre (Web Mercator
 * scaled to the ground at the centre's latitude, as the surfaces do). The vertical is the
 * elevation when every borehole has its collar's, else the depth below each collar (negative y),
 * as the sections draw it.
 */

/** A borehole as the 3D view reads it (the API's /api/surfaces/columns). */
export interface SceneColumn {
  id: string;
  lat: number;
  lng: number;
  ground: number | null;
  depth: number;
  layers: { top: number; base: number; soil: SoilClass }[];
}

/** Where the scene's centre is and how metres are counted from it. */
export interface ScenePlace {
  centre: { x: number; y: number };
  scale: number;
}

export function scenePlace(points: readonly { lat: number; lng: number }[]): ScenePlace {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of points) {
    const { x, y } = webMercator(point.lat, point.lng);
    [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
  }
  if (points.length === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  const centre = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  const lat = (2 * Math.atan(Math.exp(centre.y / 6378137)) - Math.PI / 2) / (Math.PI / 180);
  return { centre, scale: Math.cos(lat * (Math.PI / 180)) };
}

/** A point's place in the scene's plane: x east, z south (m). */
export function placeOf(place: ScenePlace, lat: number, lng: number): { x: number; z: number } {
  const { x, y } = webMercator(lat, lng);
  return { x: (x - place.centre.x) * place.scale, z: -(y - place.centre.y) * place.scale };
}

export interface SceneColumns {
  vertical: 'elevation' | 'depth';
  /** Per layer: centre x, y, z; then width, height, width (m). */
  centres: Float32Array;
  sizes: Float32Array;
  /** Per layer: r, g, b in 0..1. */
  colours: Float32Array;
  /** Per layer, the index of its borehole in `columns`. */
  owners: Uint32Array;
  /** The scene's extent: x and z half-spans, lowest and highest y. */
  bounds: { x: number; z: number; bottom: number; top: number };
  /** The side of a column (m): thin beside the site, thick enough to be seen. */
  width: number;
}

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
];

/** The boxes of the boreholes' layers; a borehole without layers is one grey box down to its depth. */
export function sceneColumns(columns: readonly SceneColumn[], place: ScenePlace): SceneColumns {
  const vertical = columns.length > 0 && columns.every((column) => column.ground !== null) ? 'elevation' : 'depth';
  const placed = columns.map((column) => placeOf(place, column.lat, column.lng));
  const span = Math.max(...placed.map((p) => Math.max(Math.abs(p.x), Math.abs(p.z))), 10);
  const width = Math.max(0.5, span / 60);
  const count = columns.reduce((sum, column) => sum + Math.max(column.layers.length, 1), 0);
  const centres = new Float32Array(count * 3);
  const sizes = new Float32Array(count * 3);
  const colours = new Float32Array(count * 3);
  const owners = new Uint32Array(count);
  let [bottom, top] = [Infinity, -Infinity];
  let k = 0;
  columns.forEach((column, i) => {
    const collar = vertical === 'elevation' ? column.ground! : 0;
    const layers = column.layers.length > 0 ? column.layers : [{ top: 0, base: column.depth, soil: null }];
    for (const layer of layers) {
      const [upper, lower] = [collar - layer.top, collar - layer.base];
      centres.set([placed[i]!.x, (upper + lower) / 2, placed[i]!.z], 3 * k);
      sizes.set([width, Math.max(upper - lower, 0.01), width], 3 * k);
      colours.set(layer.soil ? rgb(SOIL_CLASSES[layer.soil].colour) : [0.6, 0.6, 0.6], 3 * k);
      owners[k] = i;
      [bottom, top] = [Math.min(bottom, lower), Math.max(top, upper)];
      k++;
    }
  });
  if (k === 0) [bottom, top] = [-1, 0];
  const x = Math.max(...placed.map((p) => Math.abs(p.x)), width);
  const z = Math.max(...placed.map((p) => Math.abs(p.z)), width);
  return { vertical, centres, sizes, colours, owners, bounds: { x, z, bottom, top }, width };
}

/** A surface's grid as the API gives it: corners in degrees, cell in Web Mercator metres, values by row from the north. */
export interface SceneGrid {
  north: number;
  west: number;
  cell: number;
  columns: number;
  rows: number;
  values: (number | null)[];
}

/**
 * A surface as a triangle mesh: a vertex per node that has a value (y the value, or minus it for a
 * depth), two triangles per square of four such nodes. Vertex colours along a ramp of stops.
 */
export function surfaceMesh(
  grid: SceneGrid,
  place: ScenePlace,
  options: { depth: boolean; ramp: readonly [number, number, number][] },
): { positions: Float32Array; colours: Float32Array; indices: Uint32Array } {
  const corner = webMercator(grid.north, grid.west);
  const index = new Int32Array(grid.columns * grid.rows).fill(-1);
  const finite = grid.values.filter((v): v is number => v !== null);
  const [low, high] = [Math.min(...finite), Math.max(...finite)];
  const positions: number[] = [];
  const colours: number[] = [];
  let n = 0;
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      const value = grid.values[row * grid.columns + column];
      if (value === null || value === undefined) continue;
      const x = (corner.x + (column + 0.5) * grid.cell - place.centre.x) * place.scale;
      const y = corner.y - (row + 0.5) * grid.cell - place.centre.y;
      positions.push(x, options.depth ? -value : value, -y * place.scale);
      const t = high > low ? (value - low) / (high - low) : 0.5;
      const at = t * (options.ramp.length - 1);
      const i = Math.min(Math.floor(at), options.ramp.length - 2);
      const [a, b] = [options.ramp[i]!, options.ramp[i + 1]!];
      colours.push(...a.map((c, m) => c + (b[m]! - c) * (at - i)));
      index[row * grid.columns + column] = n++;
    }
  }
  const indices: number[] = [];
  for (let row = 0; row + 1 < grid.rows; row++) {
    for (let column = 0; column + 1 < grid.columns; column++) {
      const [a, b, c, d] = [
        index[row * grid.columns + column]!,
        index[row * grid.columns + column + 1]!,
        index[(row + 1) * grid.columns + column]!,
        index[(row + 1) * grid.columns + column + 1]!,
      ];
      if (a < 0 || b < 0 || c < 0 || d < 0) continue;
      indices.push(a, c, b, b, c, d);
    }
  }
  return {
    positions: Float32Array.from(positions),
    colours: Float32Array.from(colours),
    indices: Uint32Array.from(indices),
  };
}

/** A section's line as vertical panels from `bottom` to `top`: two triangles per segment. */
export function sectionPanels(
  line: readonly { lat: number; lng: number }[],
  place: ScenePlace,
  bottom: number,
  top: number,
): Float32Array {
  const points = line.map((point) => placeOf(place, point.lat, point.lng));
  const positions: number[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    positions.push(a.x, bottom, a.z, b.x, bottom, b.z, a.x, top, a.z, b.x, bottom, b.z, b.x, top, b.z, a.x, top, a.z);
  }
  return Float32Array.from(positions);
}

/**
 * The vertical exaggeration that shows a site's layers: the scene's width over its height, halved,
 * rounded to 1, 2, 5, 10, 20 or 50 (the sections' steps).
 */
export function sceneExaggeration(bounds: SceneColumns['bounds']): number {
  const ratio = Math.max(bounds.x, bounds.z) / Math.max(bounds.top - bounds.bottom, 1) / 2;
  return [50, 20, 10, 5, 2].find((step) => ratio >= step) ?? 1;
}

/**
 * Most layers drawn as boxes; beyond, each layer is a line down the borehole's axis. Measured in
 * headless Chromium drawing on the CPU (SwiftShader): 25,000 layers as boxes take 150 ms a frame,
 * as lines 20 ms; at the zoom that shows thousands of boreholes, a column is a few pixels wide
 * either way.
 */
export const SCENE_BOX_LIMIT = 8000;

/** The box's faces a view from above or aside can see (its bottom is left out): corners of two triangles each, and their normal. */
const BOX_FACES: { corners: [number, number, number][]; normal: [number, number, number] }[] = [
  {
    corners: [
      [-1, 1, -1],
      [-1, 1, 1],
      [1, 1, 1],
      [-1, 1, -1],
      [1, 1, 1],
      [1, 1, -1],
    ],
    normal: [0, 1, 0],
  },
  {
    corners: [
      [-1, -1, 1],
      [1, -1, 1],
      [1, 1, 1],
      [-1, -1, 1],
      [1, 1, 1],
      [-1, 1, 1],
    ],
    normal: [0, 0, 1],
  },
  {
    corners: [
      [1, -1, -1],
      [-1, -1, -1],
      [-1, 1, -1],
      [1, -1, -1],
      [-1, 1, -1],
      [1, 1, -1],
    ],
    normal: [0, 0, -1],
  },
  {
    corners: [
      [1, -1, 1],
      [1, -1, -1],
      [1, 1, -1],
      [1, -1, 1],
      [1, 1, -1],
      [1, 1, 1],
    ],
    normal: [1, 0, 0],
  },
  {
    corners: [
      [-1, -1, -1],
      [-1, -1, 1],
      [-1, 1, 1],
      [-1, -1, -1],
      [-1, 1, 1],
      [-1, 1, -1],
    ],
    normal: [-1, 0, 0],
  },
];

/** Vertices a layer takes in columnsGeometry: 30 as a box (five faces), 2 as a line. */
export const layerVertices = (kind: 'boxes' | 'lines') => (kind === 'boxes' ? 30 : 2);

/**
 * The columns as one geometry (a single draw, which a CPU renderer draws far faster than as many
 * instances): boxes with their normals, or lines, each vertex coloured by its layer's class. Layer
 * k owns vertices k × layerVertices(kind) onwards: a picked face or segment gives its borehole.
 */
export function columnsGeometry(
  columns: SceneColumns,
  kind: 'boxes' | 'lines',
): { positions: Float32Array; normals: Float32Array | null; colours: Float32Array } {
  const count = columns.owners.length;
  const per = layerVertices(kind);
  const positions = new Float32Array(count * per * 3);
  const colours = new Float32Array(count * per * 3);
  const normals = kind === 'boxes' ? new Float32Array(count * per * 3) : null;
  for (let k = 0; k < count; k++) {
    const [x, y, z] = [columns.centres[3 * k]!, columns.centres[3 * k + 1]!, columns.centres[3 * k + 2]!];
    const [w, h, d] = [columns.sizes[3 * k]! / 2, columns.sizes[3 * k + 1]! / 2, columns.sizes[3 * k + 2]! / 2];
    const colour = columns.colours.subarray(3 * k, 3 * k + 3);
    let v = k * per;
    if (kind === 'lines') {
      positions.set([x, y + h, z, x, y - h, z], 3 * v);
      colours.set(colour, 3 * v);
      colours.set(colour, 3 * v + 3);
      continue;
    }
    for (const face of BOX_FACES) {
      for (const [cx, cy, cz] of face.corners) {
        positions.set([x + cx * w, y + cy * h, z + cz * d], 3 * v);
        normals!.set(face.normal, 3 * v);
        colours.set(colour, 3 * v);
        v++;
      }
    }
  }
  return { positions, normals, colours };
}
