import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { documentedRoutes } from '../openapi.ts';
import { v1Routes } from '../v1/v1.ts';
import type { Borehole } from '../../src/domain/borehole.ts';
import type { Section } from '../../src/domain/subsurface/section.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';

const [, montreal, stjulie] = DEMO_ACCOUNTS;
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' };

// Hindley Mill (a real AGS 4 file, British grid): twelve window samples on a slope, their ground
// levels from 59.96 to 69.95 m. The line runs from WS04 to WS08, west to east; WS05, WS06 and WS07
// stand within 1.5 m of it, WS01 and WS02 six metres south.
describe(`cross-sections through imported boreholes on ${testDatabaseKind}`, () => {
  let test: TestApp;
  let dir: string;
  let ids: Map<string, string>;
  let place: Map<string, { lat: number; lng: number }>;

  const request = (path: string, email: string, init: RequestInit = {}) =>
    test.app.request(path, { ...init, headers: { ...SAME_ORIGIN, cookie: test.cookies.get(email)!, ...init.headers } });
  const section = (email: string, body: unknown) =>
    request('/api/sections', email, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const line = () => [place.get('WS04')!, place.get('WS08')!];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-sections-'));
    test = await createTestApp({ settings: { files: fileStore(dir) } });
    const body = new FormData();
    body.append('crs', 'EPSG:27700');
    body.append('file', new Blob([readFixture('Hindley Mill Embankment FRA01.ags')]), 'hindley.ags');
    const checked = await request('/api/imports', montreal.email, { method: 'POST', body });
    const { id } = (await checked.json()) as { id: string };
    const committed = await request(`/api/imports/${id}/commit`, montreal.email, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { boreholes } = (await committed.json()) as { boreholes: { id: string; locaId: string }[] };
    ids = new Map(boreholes.map((b) => [b.locaId, b.id]));
    const list = boreholes.map((b) => encodeURIComponent(b.id)).join(',');
    const { items } = (await (await request(`/api/boreholes?ids=${list}`, montreal.email)).json()) as {
      items: Borehole[];
    };
    const byId = new Map(items.map((item) => [item.id, item]));
    place = new Map(boreholes.map((b) => [b.locaId, { lat: byId.get(b.id)!.lat!, lng: byId.get(b.id)!.lon! }]));
  });
  afterAll(async () => {
    await test?.db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes the boreholes within the corridor, in order along the line, at their elevation', async () => {
    const answer = await section(montreal.email, { line: line(), corridor: 10 });
    expect(answer.status).toBe(200);
    const drawn = (await answer.json()) as Section;
    const name = new Map([...ids].map(([locaId, id]) => [id, locaId]));
    expect(drawn.columns.map((column) => name.get(column.id))).toEqual(['WS04', 'WS05', 'WS06', 'WS07', 'WS08']);
    expect(drawn.vertical).toBe('elevation');
    expect(drawn.columns[0]!.ground).toBe(64.85);
    // 45.76 m apart on the British grid (its scale factor here is 0.9996).
    expect(drawn.length).toBeGreaterThan(45.5);
    expect(drawn.length).toBeLessThan(46.1);
    expect(drawn.columns.at(-1)!.chainage).toBeCloseTo(drawn.length, 1);
    expect(drawn.columns.every((column) => column.layers.length > 0)).toBe(true);
    expect(drawn.links.length).toBeGreaterThan(0);

    const wider = (await (await section(montreal.email, { line: line(), corridor: 16 })).json()) as Section;
    expect(wider.columns.map((column) => name.get(column.id))).toEqual(
      expect.arrayContaining(['WS01', 'WS02', 'WS04', 'WS05', 'WS06', 'WS07', 'WS08']),
    );
  });

  it('goes through picked boreholes alone, west to east whatever the order they were picked in', async () => {
    const picked = ['WS08', 'WS04', 'WS06'].map((id) => ids.get(id)!);
    const answer = await section(montreal.email, { boreholes: picked });
    expect(answer.status).toBe(200);
    const drawn = (await answer.json()) as Section;
    expect(drawn.columns.map((column) => column.id)).toEqual(['WS04', 'WS06', 'WS08'].map((id) => ids.get(id)));
    expect(drawn.line).toHaveLength(3);
    expect(drawn.columns.every((column) => Math.abs(column.offset) < 0.01)).toBe(true);
    // Another city's boreholes are none of its own: fewer than two to go through.
    const elsewhere = await section(stjulie.email, { boreholes: picked });
    expect(elsewhere.status).toBe(422);
    expect(await elsewhere.json()).toEqual({ error: 'Choisissez au moins deux forages placés sur la carte.' });
    for (const body of [{ boreholes: picked, line: line() }, { corridor: 10 }]) {
      const refused = await section(montreal.email, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'Donnez la ligne de la coupe ou les forages par lesquels elle passe.',
      });
    }
  });

  it('reads only what the user may: another city draws the same line through nothing', async () => {
    const answer = await section(stjulie.email, { line: line(), corridor: 10 });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Section).columns).toEqual([]);
    const signedOut = await test.app.request('/api/sections', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ line: line() }),
    });
    expect(signedOut.status).toBe(401);
  });

  it('exports an SVG and a vector PDF that name every borehole, and a DXF that GDAL and ezdxf read', async () => {
    const body = { line: line(), corridor: 10, title: 'Coupe A–A′ remblai', exaggeration: 2 };
    const svg = await section(montreal.email, { ...body, format: 'svg' });
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('content-disposition')).toBe('attachment; filename="coupe-Coupe-A-A-remblai.svg"');
    const text = await svg.text();
    for (const id of ['WS04', 'WS05', 'WS06', 'WS07', 'WS08']) expect(text).toContain(`data-borehole="${ids.get(id)}"`);
    expect(text).toContain('exagération 2×');

    const pdf = await section(montreal.email, { ...body, format: 'pdf', paper: 'A1' });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfPath = join(dir, 'coupe.pdf');
    await writeFile(pdfPath, new Uint8Array(await pdf.arrayBuffer()));
    const words = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
    expect(words).toContain('Coupe A–A′ remblai');
    for (const id of ['WS04', 'WS08']) expect(words).toContain(ids.get(id));
    const size = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    // A1 landscape: 841 × 594 mm.
    expect(size).toMatch(/Page size:\s+2384 x 1684 pts \(A1\)/);

    const dxf = await section(montreal.email, { ...body, format: 'dxf' });
    expect(dxf.headers.get('content-disposition')).toBe('attachment; filename="coupe-Coupe-A-A-remblai.dxf"');
    const dxfPath = join(dir, 'coupe.dxf');
    await writeFile(dxfPath, new Uint8Array(await dxf.arrayBuffer()));
    const gdal = execFileSync('ogrinfo', ['-ro', '-al', '-q', dxfPath], { encoding: 'utf8' });
    const layers = new Set([...gdal.matchAll(/^\s*Layer \(String\) = (.+)$/gm)].map((match) => match[1]!.trim()));
    expect([...layers].filter((layer) => layer.startsWith('UNITE-')).length).toBeGreaterThan(0);
    expect(layers).toContain('TERRAIN');
    expect(layers).toContain('FORAGES');
    // In the section's own coordinates: x along the line (m), y the elevation (m).
    const read = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `import ezdxf, json, sys
doc = ezdxf.readfile(sys.argv[1])
msp = doc.modelspace()
names = {t.dxf.text: [t.dxf.insert.x, t.dxf.insert.y] for t in msp.query('TEXT[layer=="FORAGES"]')}
ground = [list(p)[:2] for p in msp.query('LWPOLYLINE[layer=="TERRAIN"]').first.get_points()]
units = sorted({e.dxf.layer for e in msp.query('LWPOLYLINE') if e.dxf.layer.startswith('UNITE-')})
print(json.dumps({"units": doc.header.get('$INSUNITS'), "names": names, "ground": ground, "layers": units}))`,
        dxfPath,
      ],
      { encoding: 'utf8' },
    );
    const model = JSON.parse(read) as {
      units: number;
      names: Record<string, [number, number]>;
      ground: number[][];
      layers: string[];
    };
    expect(model.units).toBe(6);
    expect(model.ground[0]).toEqual([expect.closeTo(0, 1), expect.closeTo(64.85, 2)]);
    expect(model.ground.at(-1)![0]).toBeGreaterThan(45.5);
    expect(model.ground.at(-1)![1]).toBeCloseTo(60.53, 2);
    expect(Object.keys(model.names).sort()).toEqual(
      ['WS04', 'WS05', 'WS06', 'WS07', 'WS08'].map((id) => ids.get(id)).sort(),
    );
    expect(model.layers).toEqual([...layers].filter((layer) => layer.startsWith('UNITE-')).sort());
  });

  it('saves a section in a project, lists it with who and when, and lets only its author or an admin delete it', async () => {
    await test.addAccount('lecture@montreal.ca', 'viewer', 'Lecture');
    await test.addAccount('collegue@montreal.ca', 'member', 'Collègue');
    const { items: projects } = (await (await request('/api/projects', montreal.email)).json()) as {
      items: { id: string; code: string; tenantSlug: string }[];
    };
    const hindley = projects.find((project) => project.code !== '' && project.tenantSlug === 'montreal')!;
    expect(projects.every((project) => project.tenantSlug === 'montreal')).toBe(true);
    const body = { title: 'Coupe A–A′', projectId: hindley.id, line: line(), corridor: 10, exaggeration: 2 };
    const post = (email: string, sent: unknown) =>
      request('/api/sections/saved', email, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sent),
      });

    expect((await post('lecture@montreal.ca', body)).status).toBe(403);
    const other = (await (await request('/api/projects', stjulie.email)).json()) as { items: { id: string }[] };
    // Another city's project is none of Montréal's: the same answer as a project that does not exist.
    if (other.items[0])
      expect((await post(montreal.email, { ...body, projectId: other.items[0].id })).status).toBe(404);
    const untitled = await post(montreal.email, { ...body, title: '  ' });
    expect(untitled.status).toBe(400);
    expect(await untitled.json()).toEqual({ error: 'Donnez un titre à la coupe.' });

    const saved = await post(montreal.email, body);
    expect(saved.status).toBe(201);
    const section = (await saved.json()) as { id: string; createdBy: string; createdAt: string; line: unknown };
    expect(section).toMatchObject({ title: 'Coupe A–A′', projectId: hindley.id, corridor: 10, exaggeration: 2 });
    expect(section.createdBy).toBe(montreal.email);
    expect(Date.now() - Date.parse(section.createdAt)).toBeLessThan(60_000);
    expect(section.line).toEqual(line());

    const listed = (await (await request('/api/sections/saved', 'lecture@montreal.ca')).json()) as {
      items: { id: string }[];
    };
    expect(listed.items.map((item) => item.id)).toContain(section.id);
    const elsewhere = (await (await request('/api/sections/saved', stjulie.email)).json()) as { items: unknown[] };
    expect(elsewhere.items).toEqual([]);
    expect((await request(`/api/sections/saved/${section.id}`, stjulie.email)).status).toBe(404);
    expect((await request('/api/sections/saved/pas-un-uuid', montreal.email)).status).toBe(400);

    const remove = (email: string) => request(`/api/sections/saved/${section.id}`, email, { method: 'DELETE' });
    expect((await remove('collegue@montreal.ca')).status).toBe(403);
    expect((await remove(stjulie.email)).status).toBe(404);
    expect((await remove(montreal.email)).status).toBe(204);
    expect((await request(`/api/sections/saved/${section.id}`, montreal.email)).status).toBe(404);
    const audit = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE target = $1 ORDER BY at, id`,
      [section.id],
    );
    expect(audit.map((event) => event.action)).toEqual(['section.save', 'section.delete']);
  });

  it('gives a saved section through /v1, drawn within what the token reads, and as DXF', async () => {
    const token = async (email: string) => {
      const made = await request('/api/tokens', email, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Coupes ${email}`, scopes: ['read:boreholes'] }),
      });
      expect(made.status).toBe(201);
      return ((await made.json()) as { token: string }).token;
    };
    const v1 = (path: string, bearer: string) =>
      test.app.request(`http://localhost${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    const { items: projects } = (await (await request('/api/projects', montreal.email)).json()) as {
      items: { id: string }[];
    };
    const saved = (await (
      await request('/api/sections/saved', montreal.email, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Talus WS04–WS08', projectId: projects[0]!.id, line: line(), corridor: 10 }),
      })
    ).json()) as { id: string };
    const [mtl, sj] = [await token(montreal.email), await token(stjulie.email)];

    const list = (await (await v1('/v1/sections', mtl)).json()) as { items: { id: string; title: string }[] };
    expect(list.items.find((item) => item.id === saved.id)?.title).toBe('Talus WS04–WS08');
    const read = await v1(`/v1/sections/${saved.id}`, mtl);
    expect(read.status).toBe(200);
    const body = (await read.json()) as {
      line: { lat: number; lon: number }[];
      section: { vertical: string; exaggeration: number; boreholes: { id: string; chainage_m: number }[] };
    };
    expect(body.line[0]).toEqual({ lat: line()[0]!.lat, lon: line()[0]!.lng });
    expect(body.section.vertical).toBe('elevation');
    expect(body.section.boreholes.map((b) => b.id)).toEqual(
      ['WS04', 'WS05', 'WS06', 'WS07', 'WS08'].map((id) => ids.get(id)),
    );
    expect(body.section.exaggeration).toBeGreaterThanOrEqual(1);
    const dxf = await v1(`/v1/sections/${saved.id}/section.dxf`, mtl);
    expect(dxf.headers.get('content-type')).toBe('application/dxf');
    expect(await dxf.text()).toContain('UNITE-');

    // Another city's token sees neither the section nor its list entry.
    expect(((await (await v1('/v1/sections', sj)).json()) as { items: unknown[] }).items).toEqual([]);
    const hidden = await v1(`/v1/sections/${saved.id}`, sj);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ code: 'section_not_found' });
    expect((await v1('/v1/sections/pas-une-coupe', mtl)).status).toBe(404);
    // Each answer has the shape its route declares in /v1/openapi.json.
    for (const route of documentedRoutes(v1Routes()).filter((route) => route.path.startsWith('/sections'))) {
      const path = `/v1${route.path.replace('{id}', saved.id)}`;
      const response = await v1(path, mtl);
      const declared = route.doc.responses['200'] as { content: Record<string, { schema: z.ZodType }> };
      const type = response.headers.get('content-type')!.split(';')[0]!;
      expect(Object.keys(declared.content), path).toContain(type);
      if (type.includes('json'))
        expect(declared.content[type]!.schema.safeParse(await response.json()).error?.issues ?? [], path).toEqual([]);
    }
    const openapi = (await (await test.app.request('http://localhost/v1/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/sections', '/sections/{id}', '/sections/{id}/section.dxf']),
    );
  });

  it.each([
    [{ line: [{ lat: 45.5, lng: -73.5 }] }, 'Tracez une ligne d’au moins deux points.'],
    [{ line: [] }, 'Tracez une ligne d’au moins deux points.'],
    [{ line: 'a' }, 'La ligne de coupe est une liste de points.'],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 95, lng: -73.5 },
        ],
      },
      null,
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 45.5, lng: -73.5 },
        ],
      },
      'La ligne de coupe mesure au moins 1 m.',
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 46.5, lng: -73.5 },
        ],
      },
      'Une ligne de coupe mesure au plus 50 km.',
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 45.51, lng: -73.5 },
        ],
        corridor: 0,
      },
      'Le corridor mesure au moins 1 m.',
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 45.51, lng: -73.5 },
        ],
        corridor: 1e308,
      },
      'Le corridor mesure au plus 2000 m.',
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 45.51, lng: -73.5 },
        ],
        format: 'dwg',
      },
      'Format : json, svg, pdf ou dxf.',
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 45.51, lng: -73.5 },
        ],
        exaggeration: 0,
      },
      null,
    ],
    [
      {
        line: [
          { lat: 45.5, lng: -73.5 },
          { lat: 45.51, lng: -73.5 },
        ],
        title: 'x'.repeat(121),
      },
      null,
    ],
  ])('refuses %j with a 400 in French', async (body, message) => {
    const answer = await section(montreal.email, body);
    expect(answer.status).toBe(400);
    const { error } = (await answer.json()) as { error: string };
    if (message) expect(error).toBe(message);
    else expect(error).toMatch(/[a-zé]/);
  });

  it('refuses a lone surrogate in the title, and a body that is no JSON, without a 500', async () => {
    const lone = await section(
      montreal.email,
      `{"line":[{"lat":45.5,"lng":-73.5},{"lat":45.51,"lng":-73.5}],"title":"\\ud800"}`,
    );
    expect(lone.status).toBe(400);
    const notJson = await section(montreal.email, '{"line":');
    expect(notJson.status).toBe(400);
  });
});
