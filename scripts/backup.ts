// Writes one consistent archive of the data (database + documents), also while the server runs.
// Usage: npm run backup [-- --out sauvegardes/geosonde.tar.gz]
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../api/backup/backup.ts';
import { commandDatabase } from '../api/db/command-database.ts';
import { parseEnv } from '../api/env.ts';
import { exitWithMessage } from '../api/startup-errors.ts';

const env = parseEnv();
const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
const { values } = parseArgs({
  options: { out: { type: 'string', default: join(env.DATA_DIR, 'sauvegardes', `geosonde-${stamp}.tar.gz`) } },
});
const out = resolve(values.out);
await mkdir(dirname(out), { recursive: true });

const started = performance.now();
const db = await commandDatabase(env, 'npm run backup', { besideServer: true, create: false }).catch(exitWithMessage);
try {
  const manifest = await writeBackup(db, { filesDir: join(env.DATA_DIR, 'files'), workDir: env.DATA_DIR, out });
  const { rows } = manifest;
  console.log(
    `Sauvegarde écrite : ${out}\n` +
      `${rows.boreholes} forages, ${rows.reports} documents (${manifest.files} fichiers), ${rows.users} comptes, ` +
      `${rows.invitations} invitations, en ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  exitWithMessage(error);
} finally {
  await db.close();
}
