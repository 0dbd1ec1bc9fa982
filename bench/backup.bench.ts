// Times `npm run backup` and `npm run restore` (the same functions) on the embedded PostgreSQL:
// the demo data, then the demo data plus 10,000 generated boreholes (`-- --rows N`) with one
// 200 Ko document each.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../api/backup/backup.ts';
import { restoreBackup } from '../api/backup/restore.ts';
import { upsertBorehole } from '../api/boreholes/repo.ts';
import { commandDatabase } from '../api/db/command-database.ts';
import { openDatabase } from '../api/db/open.ts';
import { insertDocuments } from '../api/reports/repo.ts';
import { generatedBoreholes } from './generated-boreholes.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } });
const ROWS = Number(values.rows);
const root = await mkdtemp(join(tmpdir(), 'gs-bench-backup-'));

async function measure(label: string, dataDir: string) {
  const archive = join(root, `${label}.tar.gz`);
  const source = await commandDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, 'bench', {
    besideServer: false,
    create: false,
  });
  let started = performance.now();
  const manifest = await writeBackup(source, { filesDir: join(dataDir, 'files'), workDir: dataDir, out: archive });
  const backupMs = performance.now() - started;
  await source.close();
  const target = join(root, `${label}-restauré`);
  const restored = await commandDatabase({ DATA_DIR: target, DATABASE_URL: undefined }, 'bench', {
    besideServer: false,
    create: true,
  });
  started = performance.now();
  await restoreBackup(restored, { archive, filesDir: join(target, 'files'), workDir: target });
  const restoreMs = performance.now() - started;
  await restored.close();
  const size = (await stat(archive)).size;
  console.log(
    `${label} : ${manifest.rows.boreholes} forages, ${manifest.rows.horizons} horizons, ${manifest.files} documents ` +
      `(${(manifest.bytes / 1e6).toFixed(1)} Mo) → archive ${(size / 1e6).toFixed(1)} Mo ; ` +
      `sauvegarde ${Math.round(backupMs)} ms, restauration ${Math.round(restoreMs)} ms`,
  );
}

try {
  const demo = join(root, 'demo');
  const opened = await openDatabase({ DATA_DIR: demo, DATABASE_URL: undefined, GS_DEMO: false }, 'bench');
  await opened.db.close();
  await measure('démo', demo);

  const large = join(root, 'grand');
  const { db, files } = await openDatabase({ DATA_DIR: large, DATABASE_URL: undefined, GS_DEMO: false }, 'bench');
  const page = new Uint8Array(200_000).fill(0x20);
  page.set(new TextEncoder().encode('%PDF-1.4\n'));
  const pageHash = createHash('sha256').update(page).digest('hex');
  let n = 0;
  for (const borehole of generatedBoreholes(ROWS, { tenants: ['montreal'], munis: ['Montréal', 'Laval'] })) {
    await upsertBorehole(db, borehole);
    const { key } = await files.stage([page]);
    await insertDocuments(db, borehole.id, '2026-11-23', [
      {
        id: `${borehole.id}-D`,
        title: 'Journal',
        kind: 'pdf',
        mime: 'application/pdf',
        storageKey: key,
        size: page.length,
        sha256: pageHash,
      },
    ]);
    await files.commit(key);
    n++;
  }
  await db.close();
  await measure(`démo + ${n} forages`, large);
} finally {
  await rm(root, { recursive: true, force: true });
}
