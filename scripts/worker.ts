// Processes the uploaded documents (reads their logs, by OCR if need be) in a process of its own,
// beside the servers: start those with DOCUMENT_WORKER=0. Several workers may run at once, on
// one machine or several (they share the queue in the database, and DATA_DIR/files).
// Usage: npm run worker
import { join } from 'node:path';
import { commandDatabase } from '../api/db/command-database.ts';
import { startDocumentWorker } from '../api/digitise/document-worker.ts';
import { parseEnv } from '../api/env.ts';
import { fileStore } from '../api/files/file-store.ts';
import { exitWithMessage } from '../api/startup-errors.ts';

const env = parseEnv();
const db = await commandDatabase(env, 'npm run worker', { besideServer: true, create: false }).catch(exitWithMessage);
const worker = startDocumentWorker(db, fileStore(join(env.DATA_DIR, 'files')));
console.log('Traitement des documents démarré : en attente de documents (Ctrl+C pour arrêter).');

let stopping = false;
async function stop(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal} reçu : fin du document en cours, puis arrêt.`);
  await worker.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
