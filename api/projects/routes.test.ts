import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseText } from '../../src/domain/ags/import/prepare-import.ts';
import { checkAgs } from '../../src/domain/ags/check-ags.ts';
import { standardDictionaryName } from '../../src/domain/ags/ags-dictionary.ts';
import { kindOf } from '../../src/domain/ags/ags-issue.ts';
import { readAgs, type AgsGroup } from '../../src/domain/ags/read-ags.ts';
import type { ImportItem } from '../../src/domain/ags/import/import-item.ts';
import type { Borehole } from '../../src/domain/borehole.ts';
import type { ReportItem } from '../../src/domain/report.ts';
import { writeAgs } from '../../src/domain/ags/write-ags.ts';
import { readDictionary, readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';

const [, montreal, stjulie] = DEMO_ACCOUNTS;
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' };

/** A group's DATA rows as sorted lines of `heading=value`, empty values left out: order-free content. */
function contentOf(group: AgsGroup | undefined): string[] {
  if (!group) return [];
  return group.rows
    .map((row) =>
      (group.headings ?? [])
        .map((heading, i) => [heading, row.values[i] ?? ''] as const)
        .filter(([, value]) => value !== '')
        .map(([heading, value]) => `${heading}=${value}`)
        .sort()
        .join('|'),
    )
    .sort();
}

const groupsOf = (bytes: Uint8Array) =>
  new Map(readAgs(new TextEncoder().encode(normaliseText(bytes).text)).groups.map((g) => [g.name, g]));

describe(`AGS 4 export of an imported project on ${testDatabaseKind}`, () => {
  let app: TestApp['app'];
  let cookies: Map<string, string>;
  let close: () => Promise<void>;
  let dir: string;

  const request = (path: string, email: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { ...SAME_ORIGIN, cookie: cookies.get(email)!, ...init.headers } });

  /** Imports a file as a member (Montréal's unless told); returns the project and boreholes it wrote. */
  async function committedImport(name: string, bytes: Uint8Array, email: string = montreal.email) {
    const body = new FormData();
    body.append('crs', 'EPSG:27700');
    body.append('file', new Blob([bytes as BlobPart]), name);
    const checked = await request('/api/imports', email, { method: 'POST', body });
    const { id, status, report } = (await checked.json()) as { id: string; status: string; report: unknown };
    expect(status, JSON.stringify(report)).toBe('validated');
    const committed = await request(`/api/imports/${id}/commit`, email, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(committed.status).toBe(200);
    const { boreholes } = (await committed.json()) as { boreholes: { id: string; locaId: string }[] };
    const { items } = (await (await request('/api/imports', email)).json()) as { items: ImportItem[] };
    return { projectId: items.find((item) => item.id === id)!.projectId!, boreholes };
  }
  const imported = async (name: string, bytes: Uint8Array) => (await committedImport(name, bytes)).projectId;

  /** Where the API places boreholes, by their LOCA_ID. */
  async function positions(email: string, boreholes: { id: string; locaId: string }[]) {
    const ids = boreholes.map((b) => encodeURIComponent(b.id)).join(',');
    const { items } = (await (await request(`/api/boreholes?ids=${ids}&limit=500`, email)).json()) as {
      items: Borehole[];
    };
    const locaIds = new Map(boreholes.map((b) => [b.id, b.locaId]));
    return new Map(items.map((b) => [locaIds.get(b.id)!, { lat: b.lat, lon: b.lon }]));
  }

  // A database per test: three of the files share their PROJ_ID (121415), which would make them
  // one project, as it should in use.
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-projects-'));
    const test = await createTestApp({ settings: { files: fileStore(dir) } });
    ({ app, cookies } = test);
    close = () => test.db.close();
  });
  afterEach(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    'example1.ags',
    '4.1-rule18-OK.ags',
    'LBSGCheck.ags',
    '541241b_v2.ags',
    'Blackburn Southern Bypass.ags',
    'Hindley Mill Embankment FRA01.ags',
  ])('%s comes back with every group and every row, and passes the checker', async (name) => {
    const original = readFixture(name);
    const projectId = await imported(name, original);
    const response = await request(`/api/projects/${projectId}/ags`, montreal.email);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''.+\.ags$/);
    const exported = new Uint8Array(await response.arrayBuffer());

    const issues = checkAgs(exported, readDictionary(standardDictionaryName(exported)), null);
    expect(issues.filter((found) => kindOf(found) === 'error')).toEqual([]);

    const before = groupsOf(original);
    const after = groupsOf(exported);
    for (const [group, kept] of before) {
      if (group === 'UNIT' || group === 'TYPE') {
        // Completed with what the export writes; the file's own rows all stay.
        expect(contentOf(after.get(group))).toEqual(expect.arrayContaining(contentOf(kept)));
      } else expect(contentOf(after.get(group)), group).toEqual(contentOf(kept));
    }
  });

  it('imports GéoSonde’s own AGS export back (DMS positions), and the project’s export too, to 1e-6°', async () => {
    // The workspace's AGS export of Montréal's documents, as the browser writes it (files left out).
    const { items: reports } = (await (await request('/api/reports', montreal.email)).json()) as {
      items: ReportItem[];
    };
    const ids = [...new Set(reports.map((report) => report.bhId))];
    const { items: boreholes } = (await (
      await request(`/api/boreholes?ids=${ids.join(',')}&limit=500`, montreal.email)
    ).json()) as { items: Borehole[] };
    expect(boreholes.length).toBeGreaterThan(5);
    const text = writeAgs({
      documents: reports.map((report) => ({ report, file: null })),
      boreholes,
      date: '2026-11-21',
      recipient: 'Ville de Montréal',
    });
    expect(text).toMatch(/"DATA","MTL-BH-01","[^\r]*"45:\d\d:\d\d\.\d{3}","-73:\d\d:\d\d\.\d{3}"/);

    const close = (at: Map<string, { lat: number | null; lon: number | null }>) => {
      expect([...at.keys()].sort()).toEqual(boreholes.map((b) => b.id).sort());
      for (const { id, lat, lon } of boreholes) {
        expect(Math.abs(at.get(id)!.lat! - lat!), `${id} lat`).toBeLessThan(1e-6);
        expect(Math.abs(at.get(id)!.lon! - lon!), `${id} lon`).toBeLessThan(1e-6);
      }
    };
    const first = await committedImport('geosonde-reports.ags', new TextEncoder().encode(text));
    expect(first.boreholes).toHaveLength(boreholes.length);
    close(await positions(montreal.email, first.boreholes));

    // The project GéoSonde now holds, exported as AGS 4 and imported by another organisation.
    const exported = await request(`/api/projects/${first.projectId}/ags`, montreal.email);
    const again = await committedImport('projet.ags', new Uint8Array(await exported.arrayBuffer()), stjulie.email);
    close(await positions(stjulie.email, again.boreholes));
  });

  it('writes a project imported from the spreadsheet template as AGS 4 that passes the checker', async () => {
    const csv = (lines: string[]) => new TextEncoder().encode(`\ufeff${lines.join('\r\n')}\r\n`);
    const zip = zipSync({
      'forages.csv': csv([
        'Projet;Forage;X;Y;Système de coordonnées;Profondeur finale (m);Date de début;Remarques',
        'Rue Ontario;F-01;299512,4;5040123,75;MTM 8;12,5;2024-05-13;Accès par l’arrière « cour »',
        'Rue Ontario;F-02;299600,5;5 040 200;MTM 8;8;;',
      ]),
      'couches.csv': csv([
        'Forage;Toit (m);Base (m);Description',
        'F-01;0;1,8;Sable silteux brun',
        'F-01;1,8;12,5;Argile',
      ]),
      'essais-spt.csv': csv(['Forage;Profondeur (m);N', 'F-01;1,5;14']),
    });
    const projectId = await imported('rue-ontario.zip', zip);
    const exported = new Uint8Array(
      await (await request(`/api/projects/${projectId}/ags`, montreal.email)).arrayBuffer(),
    );
    const issues = checkAgs(exported, readDictionary(standardDictionaryName(exported)), null);
    expect(issues.filter((found) => kindOf(found) === 'error')).toEqual([]);
    const after = groupsOf(exported);
    expect(contentOf(after.get('LOCA'))).toEqual([
      'LOCA_FDEP=12.5|LOCA_GREF=MTM 8|LOCA_ID=F-01|LOCA_NATE=299512.4|LOCA_NATN=5040123.75|' +
        'LOCA_REM=Acces par l\'arriere "cour"|LOCA_STAR=2024-05-13',
      'LOCA_FDEP=8|LOCA_GREF=MTM 8|LOCA_ID=F-02|LOCA_NATE=299600.5|LOCA_NATN=5040200',
    ]);
    expect(contentOf(after.get('GEOL'))).toHaveLength(2);
    expect(contentOf(after.get('ISPT'))).toEqual(['ISPT_NVAL=14|ISPT_TOP=1.5|LOCA_ID=F-01']);
    expect(contentOf(after.get('PROJ'))).toEqual(['PROJ_ID=Rue Ontario|PROJ_NAME=Rue Ontario']);
  });

  it('gives a project to its tenant and administrators only', async () => {
    const projectId = await imported('example1-bis.ags', readFixture('example1.ags'));
    expect((await request(`/api/projects/${projectId}/ags`, stjulie.email)).status).toBe(404);
    expect((await request('/api/projects/pas-un-uuid/ags', montreal.email)).status).toBe(404);
    expect((await app.request(`/api/projects/${projectId}/ags`, { headers: SAME_ORIGIN })).status).toBe(401);
    expect((await request(`/api/projects/${projectId}/ags`, DEMO_ACCOUNTS[0].email)).status).toBe(200);
  });
});
