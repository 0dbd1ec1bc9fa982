// Puts a backup back into an empty DATA_DIR (or an empty DATABASE_URL database), server stopped.
// Usage: npm run restore -- sauvegardes/geosonde-2026-11-23T20-00-00.tar.gz
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../api/backup/restore.ts';
import { commandDatabase } from '../api/db/command-database.ts';
import { parseEnv } from '../api/env.ts';
import { exitWithMessage } from '../api/startup-errors.ts';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage : npm run restore -- <archive.tar.gz>   (dans un DATA_DIR vide, serveur arrêté)');
  process.exit(2);
}
const archive = resolve(positionals[0]!);
const env = parseEnv();
const started = performance.now();
const db = await commandDatabase(env, 'npm run restore', { besideServer: false, create: true }).catch(exitWithMessage);
try {
  const manifest = await restoreBackup(db, { archive, filesDir: join(env.DATA_DIR, 'files'), workDir: env.DATA_DIR });
  console.log(
    `Sauvegarde du ${manifest.createdAt} restaurée dans ${env.DATA_DIR} : ${manifest.rows.boreholes} forages, ` +
      `${manifest.rows.reports} documents, ${manifest.rows.users} comptes, en ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  await db.close();
  exitWithMessage(error);
}
await db.close();
