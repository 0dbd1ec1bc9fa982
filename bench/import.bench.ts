// Measures the import: validation of real AGS files, then validation and commit (one transaction)
// into PostgreSQL (the embedded server) and PGlite, for real files and generated ones (AGS, CSV).
// Usage: npm run bench:import [-- --rows 100000]
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, type Database } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open.ts';
import { seedTenants } from '../api/db/seed/seed.ts';
import { fileStore, type FileStore } from '../api/files/file-store.ts';
import { commitImport, prepareForTenant, validateImport } from '../api/imports/import-service.ts';
import { AGS_FIXTURES } from '../tests/ags-fixtures.ts';
import { generatedAgs } from './generated-ags.ts';
import { generatedCsvZip } from './generated-sheets.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const rows = Number(values.rows);
const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const root = await mkdtemp(join(tmpdir(), 'geosonde-bench-import-'));
try {
  // 1. Validation alone (the report, nothing written), median of 5 runs.
  const pglite = await openPglite();
  await migrate(pglite);
  await seedTenants(pglite);
  for (const name of ['Wigan Depot.ags', '541241b_v2.ags', 'Hindley Mill Embankment FRA01.ags']) {
    const bytes = await readFile(join(AGS_FIXTURES, name));
    const times: number[] = [];
    let summary = '';
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      const { report } = await prepareForTenant(pglite, {
        path: join(AGS_FIXTURES, name),
        fileName: name,
        crs: 'EPSG:27700',
        tenantSlug: 'montreal',
      });
      times.push(performance.now() - start);
      summary = `${report.valid ? 'valide' : `${Object.values(report.errors).flat().length} erreurs`}, ${report.summary}`;
    }
    console.log(
      `${name} (${Math.round(bytes.length / 1024)} Ko) : vérifié en ${Math.round(median(times))} ms (médiane de 5) — ${summary}`,
    );
  }

  /** Validates and commits one file, as the screen does; prints the times and the rate. */
  async function importInto(db: Database, files: FileStore, label: string, fileName: string, bytes: Uint8Array) {
    const start = performance.now();
    const { id, report } = await validateImport(db, files, {
      tenantSlug: 'montreal',
      userId: null,
      fileName,
      staged: await files.stage([bytes]),
      crs: 'EPSG:27700',
    });
    const checked = performance.now();
    if (!report.valid) throw new Error(`${fileName} refusé : ${JSON.stringify(report.errors).slice(0, 300)}`);
    const outcome = await commitImport(db, files, id, null, () => true);
    if (!outcome.ok) throw new Error(outcome.message);
    const committed = performance.now() - checked;
    const { created } = outcome.result;
    const { readMs, writeMs } = outcome.timings;
    const rate = (elapsed: number) => `${Math.round((created / elapsed) * 1000).toLocaleString('fr-CA')} forages/s`;
    console.log(
      `${label} — ${fileName} : vérifié en ${Math.round(checked - start)} ms ; importé en ${Math.round(committed)} ms ` +
        `(${rate(committed)}), dont relecture du fichier ${Math.round(readMs)} ms et écriture dans la base ` +
        `${Math.round(writeMs)} ms (${created} forages, ${rate(writeMs)}) ; total ${ms(start)}`,
    );
  }

  const generated = new TextEncoder().encode(generatedAgs(rows));
  const csv = generatedCsvZip(rows);
  const size = (bytes: Uint8Array) => `${(bytes.length / 1e6).toFixed(1)} Mo`;
  console.log(
    `Fichiers générés : ${rows.toLocaleString('fr-CA')} forages, 2 couches et 1 essai SPT chacun — ` +
      `AGS ${size(generated)}, CSV en ZIP ${size(csv)}`,
  );

  // 2. PostgreSQL, the embedded server of a fresh data folder.
  const opened = await openDatabase({ DATA_DIR: join(root, 'pg'), DATABASE_URL: undefined, GS_DEMO: false }, 'bench');
  try {
    for (const name of ['Hindley Mill Embankment FRA01.ags', '541241b_v2.ags']) {
      await importInto(opened.db, opened.files, 'PostgreSQL', name, await readFile(join(AGS_FIXTURES, name)));
    }
    await importInto(opened.db, opened.files, 'PostgreSQL', 'généré.ags', generated);
    await importInto(opened.db, opened.files, 'PostgreSQL', 'généré-csv.zip', csv);
  } finally {
    await opened.db.close();
  }

  // 3. PGlite, in memory (the tests' database).
  const files = fileStore(join(root, 'pglite-files'));
  await importInto(
    pglite,
    files,
    'PGlite',
    'Hindley Mill Embankment FRA01.ags',
    await readFile(join(AGS_FIXTURES, 'Hindley Mill Embankment FRA01.ags')),
  );
  await importInto(pglite, files, 'PGlite', 'généré.ags', generated);
  await importInto(pglite, files, 'PGlite', 'généré-csv.zip', csv);
  await pglite.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
