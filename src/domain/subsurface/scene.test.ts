import { describe, expect, it } from 'vitest';
import { SOIL_CLASSES } from '../soil.ts';
import {
  columnsGeometry,
  layerVertices,
  placeOf,
  sceneColumns,
  sceneExaggeration,
  scenePlace,
  sectionPanels,
  surfaceMesh,
  type SceneColumn,
} from './scene.ts';
import { fromWebMercator, webMercator } from './surface.ts';

const METRE_LAT = 1 / 111_195;
const METRE_LNG = METRE_LAT / Math.cos((45.5 * Math.PI) / 180);
const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);

const columns: SceneColumn[] = [
  {
    id: 'F-1',
    lat: 45.5,
    lng: -73.6,
    ground: 30,
    depth: 10,
    layers: [
      { top: 0, base: 4, soil: 'clay' },
      { top: 4, base: 10, soil: 'bedrock' },
    ],
  },
  {
    id: 'F-2',
    lat: 45.5,
    lng: -73.6 + 200 * METRE_LNG,
    ground: 28,
    depth: 6,
    layers: [{ top: 0, base: 6, soil: 'sand' }],
  },
  { id: 'F-3', lat: 45.5 + 100 * METRE_LAT, lng: -73.6, ground: 31, depth: 5, layers: [] },
];

describe('the 3D scene', () => {
  it('sets each layer as a box at its true place and elevation, coloured by its class', () => {
    const place = scenePlace(columns);
    const scene = sceneColumns(columns, place);
    expect(scene.vertical).toBe('elevation');
    expect(scene.owners).toEqual(Uint32Array.from([0, 0, 1, 2]));
    // F-2 stands 200 m east of F-1, F-3 100 m north (z points south), to the decimetre.
    expect(scene.centres[6]! - scene.centres[0]!).toBeCloseTo(200, 0);
    expect(scene.centres[11]! - scene.centres[2]!).toBeCloseTo(-100, 0);
    // The clay of F-1, from 30 m down to 26 m: centred at 28 m, 4 m tall.
    expect([scene.centres[1], scene.sizes[1]]).toEqual([28, 4]);
    expect([...scene.colours.slice(0, 3)].map((c) => Number(c.toFixed(4)))).toEqual(
      hex(SOIL_CLASSES.clay.colour).map((c) => Number(c.toFixed(4))),
    );
    // A borehole without layers is one grey box to its depth.
    expect([scene.centres[10], scene.sizes[10]]).toEqual([28.5, 5]);
    expect(scene.bounds).toMatchObject({ bottom: 20, top: 31 });
    expect(sceneExaggeration(scene.bounds)).toBe(2);
  });

  it('hangs every column from a common ground when one has no elevation, as the sections do', () => {
    const scene = sceneColumns([...columns, { ...columns[0]!, id: 'F-4', ground: null }], scenePlace(columns));
    expect(scene.vertical).toBe('depth');
    expect([scene.centres[1], scene.centres[4]]).toEqual([-2, -7]);
  });

  it('makes one geometry of boxes, or of lines, whose vertices say their borehole', () => {
    const scene = sceneColumns(columns, scenePlace(columns));
    const boxes = columnsGeometry(scene, 'boxes');
    expect(boxes.positions.length).toBe(4 * layerVertices('boxes') * 3);
    // F-2's sand (layer 2): its 30 vertices within its box, from 28 m down to 22 m.
    const ys = Array.from({ length: 30 }, (_, v) => boxes.positions[3 * (2 * 30 + v) + 1]!);
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([22, 28]);
    expect([...boxes.colours.slice(3 * 60, 3 * 60 + 3)].map((c) => Number(c.toFixed(4)))).toEqual(
      hex(SOIL_CLASSES.sand.colour).map((c) => Number(c.toFixed(4))),
    );
    expect(boxes.normals!.length).toBe(boxes.positions.length);
    const lines = columnsGeometry(scene, 'lines');
    expect(lines.normals).toBeNull();
    expect([...lines.positions.slice(0, 6)]).toEqual([
      scene.centres[0],
      30,
      scene.centres[2],
      scene.centres[0],
      26,
      scene.centres[2],
    ]);
  });

  it('meshes a surface over the nodes that have a value, a depth downwards', () => {
    const corner = webMercator(45.5, -73.6);
    const north = fromWebMercator(corner.x, corner.y);
    const grid = {
      north: north.lat,
      west: north.lng,
      cell: 10,
      columns: 3,
      rows: 3,
      values: [1, 2, 3, 4, 5, 6, 7, 8, null],
    };
    const ramp: [number, number, number][] = [
      [0, 0, 0],
      [1, 1, 1],
    ];
    const place = scenePlace([{ lat: 45.5, lng: -73.6 }]);
    const mesh = surfaceMesh(grid, place, { depth: true, ramp });
    expect(mesh.positions.length).toBe(8 * 3);
    // Three squares of four nodes with values: six triangles.
    expect(mesh.indices.length).toBe(3 * 6);
    expect(mesh.positions[1]).toBe(-1);
    expect([...mesh.colours.slice(0, 3)]).toEqual([0, 0, 0]);
    expect([...mesh.colours.slice(-3)]).toEqual([1, 1, 1]);
    // Nodes one cell apart: 10 Mercator metres, 7 on the ground at 45.5° N.
    expect(mesh.positions[3]! - mesh.positions[0]!).toBeCloseTo(10 * Math.cos((45.5 * Math.PI) / 180), 3);
  });

  it('stands a section’s line as vertical panels', () => {
    const place = scenePlace(columns);
    const line = [columns[0]!, columns[1]!, columns[2]!].map(({ lat, lng }) => ({ lat, lng }));
    const panels = sectionPanels(line, place, -5, 40);
    expect(panels.length).toBe(2 * 6 * 3);
    const start = placeOf(place, line[0]!.lat, line[0]!.lng);
    expect([panels[0], panels[1], panels[2]]).toEqual([start.x, -5, start.z].map(Math.fround));
    expect(Math.max(...panels.filter((_, i) => i % 3 === 1))).toBe(40);
  });
});
