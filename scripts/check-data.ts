// Checks that every document row has its file (of the recorded size) and every file its row.
// Changes nothing; exit code 1 when something is wrong. Works beside a running server.
// Usage: npm run check:data
import { join } from 'node:path';
import { commandDatabase } from '../api/db/command-database.ts';
import { parseEnv } from '../api/env.ts';
import { checkFiles } from '../api/files/check-files.ts';
import { fileStore } from '../api/files/file-store.ts';
import { exitWithMessage } from '../api/startup-errors.ts';

const env = parseEnv();
const db = await commandDatabase(env, 'npm run check:data', { besideServer: true, create: false }).catch(
  exitWithMessage,
);
let report;
try {
  report = await checkFiles(db, fileStore(join(env.DATA_DIR, 'files')));
} finally {
  await db.close();
}
for (const { id, key } of report.missing) console.log(`Fichier manquant : document ${id} (${key})`);
for (const { id, recorded, onDisk } of report.wrongSize) {
  console.log(`Taille différente : document ${id}, ${recorded} octets en base, ${onDisk} sur le disque`);
}
for (const key of report.orphans) console.log(`Fichier sans document : ${key}`);
for (const key of report.staged) console.log(`Envoi interrompu (repris au prochain démarrage) : ${key}.part`);
const problems = report.missing.length + report.wrongSize.length + report.orphans.length;
console.log(
  problems === 0
    ? `Tout est en ordre : ${report.documents} documents, chacun avec son fichier.`
    : `${problems} problème(s) sur ${report.documents} documents.`,
);
process.exit(problems === 0 ? 0 : 1);
