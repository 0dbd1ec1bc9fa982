import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, LIMIT_RULE } from '../../src/domain/ags/import/import-limits.ts';
import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import { failingRowsAgs, tallCsv, tallWorkbook, wideHeadingAgs } from '../../tests/support/hostile-files.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { checkAside } from './check-aside.ts';

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
      '« tableur.xlsx (sheet1) » compte 250 000 lignes ; un import en accepte au plus 200 000 par feuille.',
    );
    const csv = await send('forages.csv', tallCsv(250_000));
    expect(csv.status).toBe(422);
    expect(plain(csv.body.error!)).toBe(
      '« forages.csv » compte 250 002 lignes ; un import en accepte au plus 200 000 par feuille.',
    );
    expect(await imports()).toBe(before);
  });
});

describe('checking an import file in a worker thread', () => {
  // The heap limit is not tested by running a thread out of memory: V8 may end the whole process
  // rather than the thread when an allocation fails, and a test must not gamble with that.
  it('refuses a file that needs more time than the check is given, naming the limit', async () => {
    const job = { fileName: 'lourd.ags', bytes: failingRowsAgs(200_000), crs: null, existing: [] };
    await expect(checkAside('montreal', job, { heapMb: 512, seconds: 0.2 })).rejects.toThrow(
      'La vérification de « lourd.ags » a dépassé 0,2 secondes',
    );
    // Within its limits, the same kind of file is checked: refused by its rule, with its hash.
    const { report, sha256 } = await checkAside('montreal', { ...job, bytes: failingRowsAgs(2_000) });
    expect(report.valid).toBe(false);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
