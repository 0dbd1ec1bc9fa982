import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, LIMIT_RULE } from '../../src/domain/ags/import/import-limits.ts';
import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import {
  failingRowsAgs,
  realWorkbook,
  tallCsv,
  tallWorkbook,
  wideHeadingAgs,
} from '../../tests/support/hostile-files.ts';
import { AGS_FIXTURES } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { aside } from './file-aside.ts';

const [, montreal] = DEMO_ACCOUNTS;
/** French numbers are grouped with a no-break space: compared here as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// Files made to hold the server: each is refused at once, in French, naming the limit it passed,
// and nothing is written. Limits and the reasons for them: src/domain/ags/import/import-limits.ts.
describe(`import files past GéoSonde's limits, on ${testDatabaseKind}`, () => {
  let api: TestApp;
  const send = async (name: string, bytes: Uint8Array) => {
    const body = new FormData();
    body.append('file', new Blob([bytes as BlobPart]), name);
    const response = await api.call('/api/imports', { as: montreal.email, body });
    return { status: response.status, body: (await response.json()) as { error?: string; report?: ImportReport } };
  };
  const imports = async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0]!.n;

  beforeAll(async () => {
    api = await createTestApp({ settings: { uploadMaxBytes: 20 * 1024 * 1024 } });
  });
  afterAll(() => api.close());

  it('refuses an AGS HEADING of a million columns with the limit named, not a 500', async () => {
    const answer = await send('large.ags', wideHeadingAgs(1_000_000));
    expect(answer.status).toBe(422);
    const [entry, ...others] = answer.body.report!.errors[LIMIT_RULE]!;
    expect(others).toEqual([]);
    expect(entry!.line).toBe(8);
    expect(plain(entry!.message)).toMatch(
      /^La ligne 8 compte 9 888 899 caractères ; un fichier AGS en accepte au plus 65 536 par ligne\.$/,
    );
    // Under the line limit, the columns are counted.
    const wide = await send('large.ags', wideHeadingAgs(IMPORT_LIMITS.columns + 1));
    expect(wide.status).toBe(422);
    expect(plain(wide.body.report!.errors[LIMIT_RULE]![0]!.message)).toBe(
      'La ligne 8 nomme 501 en-têtes ; un groupe AGS en accepte au plus 500.',
    );
  });

  it('reports a rule failed on 20,000 lines in its first 1,000 entries and the count', async () => {
    const answer = await send('fautes.ags', failingRowsAgs(20_000));
    expect(answer.status).toBe(422);
    const entries = Object.values(answer.body.report!.errors).find((list) => list.length > 1000)!;
    expect(entries).toHaveLength(IMPORT_LIMITS.entriesPerRule + 1);
    expect(plain(entries.at(-1)!.message)).toBe('… et 19 000 autres de la même règle (20 000 en tout).');
  });

  it('refuses a workbook of 250,000 rows and a CSV of 250,000 lines before reading them', async () => {
    const before = await imports();
    const workbook = await send('tableur.xlsx', tallWorkbook(250_000));
    expect(workbook.status).toBe(422);
    expect(plain(workbook.body.error!)).toBe(
      '« tableur.xlsx (sheet1) » compte 250 000 lignes ; un import en accepte au plus 100 000 par feuille de classeur (jusqu’à 200 000 en CSV).',
    );
    const csv = await send('forages.csv', tallCsv(250_000));
    expect(csv.status).toBe(422);
    expect(plain(csv.body.error!)).toBe(
      '« forages.csv » compte 250 002 lignes ; un import en accepte au plus 200 000 par feuille.',
    );
    expect(await imports()).toBe(before);
  });

  it('reads the largest workbook it accepts, and refuses one cell more or a cell longer than Excel allows', async () => {
    // 100,000 rows: read (and refused by the template's rules, not as unreadable).
    const largest = await send('tableur.xlsx', await realWorkbook(IMPORT_LIMITS.workbookRows - 1, 2));
    expect(largest.status).toBe(422);
    expect(Object.keys(largest.body.report!.errors)).toContain('Modèle GéoSonde');
    const before = await imports();
    const over = await send('tableur.xlsx', tallWorkbook(1001, 1001));
    expect(plain(over.body.error!)).toBe(
      '« tableur.xlsx » compte 1 002 001 cellules ; un import en accepte au plus 1 000 000 par fichier de classeur (jusqu’à 4 000 000 en CSV).',
    );
    const long = await send('forages.csv', new TextEncoder().encode(`Forage;Description\nF1;${'a'.repeat(32_768)}\n`));
    expect(long.status).toBe(422);
    expect(plain(long.body.error!)).toBe(
      '« forages.csv », ligne 2, colonne 2 : la cellule compte 32 768 caractères ; un import en accepte au plus 32 767 par cellule.',
    );
    const cells = await send('forages.csv', new TextEncoder().encode(`${'a;'.repeat(199)}a\n`.repeat(20_001)));
    expect(plain(cells.body.error!)).toBe(
      '« forages.csv » compte 4 000 200 cellules ; un import en accepte au plus 4 000 000 par fichier.',
    );
    expect(await imports()).toBe(before);
  });
});

describe('checking an import file in a worker thread', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-aside-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const onDisk = async (name: string, bytes: Uint8Array) => {
    await writeFile(join(dir, name), bytes);
    return join(dir, name);
  };

  it('refuses a file that needs more memory than the check is given, and checks the next one', async () => {
    // The check runs in a process of its own: running it out of memory ends that process only.
    const job = {
      task: 'check',
      fileName: 'gourmand.ags',
      path: await onDisk('gourmand.ags', failingRowsAgs(200_000)),
      crs: null,
      existing: [] as string[],
    } as const;
    expect(await aside('montreal', job, { heapMb: 40, seconds: 60 })).toEqual({
      ok: false,
      status: 422,
      error: expect.stringContaining('La vérification de « gourmand.ags » demande plus de 40 Mo de mémoire') as string,
    });
    const light = await aside('montreal', { ...job, path: await onDisk('petit.ags', failingRowsAgs(2_000)) });
    expect(light.ok && light.report.valid).toBe(false);
  });

  it('refuses a file that needs more time than the check is given, naming the limit', async () => {
    const job = {
      task: 'check',
      fileName: 'lourd.ags',
      path: await onDisk('lourd.ags', failingRowsAgs(200_000)),
      crs: null,
      existing: [] as string[],
    } as const;
    expect(await aside('montreal', job, { heapMb: 512, seconds: 0.2 })).toEqual({
      ok: false,
      status: 422,
      error: expect.stringContaining('La vérification de « lourd.ags » a dépassé 0,2 secondes') as string,
    });
    // Within its limits, the same kind of file is checked: refused by its rule, with its hash.
    const light = await aside('montreal', { ...job, path: await onDisk('léger.ags', failingRowsAgs(2_000)) });
    if (!light.ok) throw new Error(light.error);
    expect(light.report.valid).toBe(false);
    expect(light.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a file again for its commit only while its bytes are those checked', async () => {
    // A real file (28 boreholes), checked, then read as its commit would.
    const path = await onDisk('541241b_v2.ags', await readFile(join(AGS_FIXTURES, '541241b_v2.ags')));
    const checked = await aside('montreal', {
      task: 'check',
      fileName: 'x.ags',
      path,
      crs: 'EPSG:27700',
      existing: [],
    });
    if (!checked.ok) throw new Error(checked.error);
    const read = { task: 'read', fileName: 'x.ags', path, crs: 'EPSG:27700', sha256: checked.sha256 } as const;
    const again = await aside('montreal', read);
    expect(again.ok && again.prepared.boreholes.map((borehole) => borehole.locaId)).toHaveLength(28);
    await writeFile(path, tallCsv(11)); // changed on disk since its check
    expect(await aside('montreal', read)).toEqual({
      ok: false,
      status: 409,
      error: 'Import impossible : le fichier conservé a changé depuis sa vérification.',
    });
  });
});
