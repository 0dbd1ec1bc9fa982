import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWebMercator, webMercator, type SurfacePoint } from '../../src/domain/subsurface/surface.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';

const [, montreal, stjulie] = DEMO_ACCOUNTS;
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' };

interface SurfaceAnswer {
  title: string;
  method: string;
  uncertainty: 'sd' | 'distance';
  variogram: { model: string; modelLabel: string; nugget: number; sill: number; range: number; bins: unknown[] } | null;
  crossValidation: { count: number; rmse: number; meanError: number };
  bounds: { total: number; used: number; rounds: number };
  extent: { min: number; max: number };
  grid: {
    columns: number;
    rows: number;
    cell: number;
    values: (number | null)[];
    uncertainty: (number | null)[];
    south: number;
    north: number;
    west: number;
    east: number;
  };
  contours: { step: number; lines: { level: number; points: [number, number][] }[] };
  points: SurfacePoint[];
}

// 541241b_v2 (a real AGS 4 file, British grid): 28 boreholes and trial pits in glacial deposits,
// none down to rock. Their clay is a real unit to map: some holes passed through it, others stopped
// in it and say only that it is at least as thick as they found it.
describe(`surfaces from imported boreholes on ${testDatabaseKind}`, () => {
  let test: TestApp;
  let dir: string;

  const request = (path: string, email: string) =>
    test.app.request(path, { headers: { ...SAME_ORIGIN, cookie: test.cookies.get(email)! } });
  const surface = async (query: string, email = montreal.email) => {
    const answer = await request(`/api/surfaces?${query}`, email);
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()) as SurfaceAnswer;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-surfaces-'));
    test = await createTestApp({ settings: { files: fileStore(dir) } });
    const body = new FormData();
    body.append('crs', 'EPSG:27700');
    body.append('file', new Blob([readFixture('541241b_v2.ags')]), '541241b_v2.ags');
    const checked = await test.app.request('/api/imports', {
      method: 'POST',
      body,
      headers: { ...SAME_ORIGIN, cookie: test.cookies.get(montreal.email)! },
    });
    const { id } = (await checked.json()) as { id: string };
    const committed = await test.app.request(`/api/imports/${id}/commit`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: test.cookies.get(montreal.email)!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(committed.status, await committed.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await test?.db.close();
    await rm(dir, { recursive: true, force: true });
  });

  // The site, away from the demo's boreholes in Montréal that the same organisation reads.
  const SITE = 'bbox=-4.2,55.8,-4.1,55.9';

  it('krige a unit’s thickness with a fitted variogram, holes that stopped in it as bounds', async () => {
    const clay = await surface(`quantity=thickness&soil=clay&method=kriging&cells=120&${SITE}`);
    expect(clay.title).toBe('Épaisseur — argile');
    expect(['spherical', 'exponential']).toContain(clay.variogram!.model);
    expect(clay.variogram!.range).toBeGreaterThan(0);
    expect(clay.variogram!.bins.length).toBeGreaterThan(3);
    const exact = clay.points.filter((p) => p.bound === 'exact');
    const bounds = clay.points.filter((p) => p.bound === 'atLeast');
    expect(clay.points.every((p) => p.id.startsWith('BH') || p.id.startsWith('TP'))).toBe(true);
    expect(exact.length).toBeGreaterThanOrEqual(10);
    expect(bounds.length).toBeGreaterThan(0);
    expect(clay.bounds.total).toBe(bounds.length);
    expect(clay.bounds.used).toBe(bounds.filter((p) => p.used).length);
    // Cross-validation at every hole that passed through the clay, in metres.
    expect(clay.crossValidation.count).toBe(exact.length);
    expect(clay.crossValidation.rmse).toBeGreaterThan(0);
    expect(exact.every((p) => p.crossValidated !== null)).toBe(true);
    // Holes of a few metres: the clay there is metres thick, not tens.
    expect(clay.extent.min).toBeGreaterThan(-1);
    expect(clay.extent.max).toBeLessThan(10);
    const inside = clay.grid.values.filter((v) => v !== null).length;
    expect(inside).toBeGreaterThan(clay.grid.values.length / 10);
    expect(inside).toBeLessThan(clay.grid.values.length);
    expect(clay.grid.uncertainty.filter((v) => v !== null).length).toBe(inside);
    expect(clay.contours.lines.length).toBeGreaterThan(0);
    for (const line of clay.contours.lines) {
      const multiple = line.level / clay.contours.step;
      expect(Math.abs(multiple - Math.round(multiple))).toBeLessThan(1e-9);
      for (const [lng, lat] of line.points) {
        expect(lat).toBeGreaterThan(clay.grid.south);
        expect(lng).toBeLessThan(clay.grid.east);
      }
    }
  });

  it('maps the rock by natural neighbours where holes found it, and says when none did', async () => {
    // None of the site's holes reached rock: each says only that it lies deeper.
    const site = await request(`/api/surfaces?quantity=rock-depth&method=natural&${SITE}`, montreal.email);
    expect(site.status).toBe(422);
    expect(await site.json()).toEqual({ error: 'Il faut au moins trois forages qui donnent une valeur (0 ici).' });
    // The demo's boreholes in Montréal: some down to the limestone or shale, others stopped above.
    const rock = await surface('quantity=rock-depth&method=natural&cells=80&bbox=-74,45.3,-73.3,45.8');
    expect(rock.variogram).toBeNull();
    expect(rock.uncertainty).toBe('distance');
    expect(rock.points.filter((p) => p.bound === 'exact').length).toBeGreaterThanOrEqual(3);
    expect(rock.points.every((p) => p.bound === 'exact' || p.bound === 'atLeast')).toBe(true);
    const distances = rock.grid.uncertainty.filter((v): v is number => v !== null);
    expect(Math.min(...distances)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...distances)).toBeLessThan(20_000);
    // Without a zone, the organisation's boreholes span Montréal and Scotland: no surface spans that.
    const everywhere = await request('/api/surfaces?quantity=thickness&soil=clay&method=natural', montreal.email);
    expect(everywhere.status).toBe(422);
    expect(((await everywhere.json()) as { error: string }).error).toMatch(/s’étendent sur 4[\s\u202f]\d{3} km/);
  });

  it('exports a GeoTIFF of value and uncertainty, and contours in a GeoPackage, that GDAL reads', async () => {
    const query = `quantity=thickness&soil=clay&method=kriging&cells=60&${SITE}`;
    const json = await surface(query);
    const tiff = await request(`/api/surfaces?${query}&format=tiff`, montreal.email);
    expect(tiff.status).toBe(200);
    expect(tiff.headers.get('content-disposition')).toBe(
      'attachment; filename="surface-epaisseur-argile-krigeage.tif"',
    );
    const tiffPath = join(dir, 'argile.tif');
    await writeFile(tiffPath, new Uint8Array(await tiff.arrayBuffer()));
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', '-stats', tiffPath], { encoding: 'utf8' })) as {
      size: [number, number];
      coordinateSystem: { wkt: string };
      bands: { type: string; noDataValue: number; minimum: number; maximum: number }[];
    };
    expect(info.size).toEqual([json.grid.columns, json.grid.rows]);
    expect(info.coordinateSystem.wkt).toMatch(/Pseudo-Mercator|3857/);
    expect(info.bands).toHaveLength(2);
    expect(info.bands[0]).toMatchObject({ type: 'Float32', noDataValue: -9999 });
    expect(info.bands[0]!.minimum).toBeCloseTo(json.extent.min, 2);
    expect(info.bands[0]!.maximum).toBeCloseTo(json.extent.max, 2);
    expect(info.bands[1]!.minimum).toBeGreaterThanOrEqual(0);
    // Each node where GDAL places it: the node the screen shows at that latitude and longitude.
    const node = json.grid.values.findIndex((v, i) => v !== null && i > json.grid.values.length / 2);
    const [column, row] = [node % json.grid.columns, Math.floor(node / json.grid.columns)];
    const corner = webMercator(json.grid.north, json.grid.west);
    const centre = fromWebMercator(corner.x + (column + 0.5) * json.grid.cell, corner.y - (row + 0.5) * json.grid.cell);
    const located = execFileSync(
      'gdallocationinfo',
      ['-valonly', '-b', '1', '-wgs84', tiffPath, String(centre.lng), String(centre.lat)],
      { encoding: 'utf8' },
    );
    expect(Number(located.trim())).toBeCloseTo(json.grid.values[node]!, 2);

    const gpkg = await request(`/api/surfaces?${query}&format=gpkg`, montreal.email);
    expect(gpkg.headers.get('content-type')).toBe('application/geopackage+sqlite3');
    const gpkgPath = join(dir, 'argile.gpkg');
    await writeFile(gpkgPath, new Uint8Array(await gpkg.arrayBuffer()));
    const lines = execFileSync('ogrinfo', ['-ro', '-so', gpkgPath, 'courbes'], { encoding: 'utf8' });
    expect(lines).toMatch(/Geometry: Line String/);
    expect(lines).toContain(`Feature Count: ${json.contours.lines.length}`);
    expect(lines).toMatch(/niveau_m: Real/);
    const points = execFileSync('ogrinfo', ['-ro', '-so', gpkgPath, 'forages'], { encoding: 'utf8' });
    expect(points).toContain(`Feature Count: ${json.points.length}`);
  });

  it('gives the 3D view the zone’s boreholes with their layers’ classes, and no one else’s', async () => {
    const answer = await request(`/api/surfaces/columns?${SITE}`, montreal.email);
    expect(answer.status).toBe(200);
    const { columns } = (await answer.json()) as {
      columns: {
        id: string;
        ground: number | null;
        depth: number;
        layers: { top: number; base: number; soil: string }[];
      }[];
    };
    expect(columns).toHaveLength(28);
    const first = columns.find((column) => column.id === 'BH401')!;
    expect(first.ground).toBe(53.1);
    expect(first.layers[0]).toEqual({ top: 0, base: 0.9, soil: 'gravel' });
    expect(first.layers.at(-1)!.base).toBe(first.depth);
    const elsewhere = await request(`/api/surfaces/columns?${SITE}`, stjulie.email);
    expect(((await elsewhere.json()) as { columns: unknown[] }).columns).toEqual([]);
    const without = await request('/api/surfaces/columns', montreal.email);
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({ error: 'Donnez la zone : bbox=ouest,sud,est,nord, en degrés.' });
  });

  it('reads only the user’s boreholes, and refuses in French what makes no surface', async () => {
    // Sainte-Julie reads none of the site's boreholes.
    const elsewhere = await request(`/api/surfaces?quantity=thickness&soil=clay&${SITE}`, stjulie.email);
    expect(elsewhere.status).toBe(422);
    expect(((await elsewhere.json()) as { error: string }).error).toMatch(
      /au moins 10 forages qui donnent une valeur \(0 ici\)/,
    );
    const signedOut = await test.app.request('/api/surfaces?quantity=rock-depth', { headers: SAME_ORIGIN });
    expect(signedOut.status).toBe(401);
    for (const [query, message] of [
      ['quantity=altitude', /Grandeur/],
      ['quantity=thickness', /unité/],
      ['quantity=thickness&soil=bedrock', /Unité/],
      ['quantity=rock-depth&cells=1e308', /au plus 400/],
      ['quantity=rock-depth&cells=25.5', /entier/],
      ['quantity=rock-depth&bbox=1,2,3', /Zone invalide/],
      ['quantity=rock-depth&bbox=10,50,5,60', /Zone invalide/],
      ['quantity=rock-depth&bbox=%00', /caractère interdit/],
      ['quantity=rock-depth&format=png', /Format/],
    ] as const) {
      const refused = await request(`/api/surfaces?${query}`, montreal.email);
      expect(refused.status, query).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(message);
    }
    // A parameter the route does not know is left aside.
    expect(
      (await request(`/api/surfaces?quantity=thickness&soil=clay&${SITE}&utm_source=courriel`, montreal.email)).status,
    ).toBe(200);
    // A rectangle far from the site holds none of its boreholes.
    const empty = await request('/api/surfaces?quantity=rock-depth&bbox=-74,45,-73,46', montreal.email);
    expect(empty.status).toBe(422);
  });
});
