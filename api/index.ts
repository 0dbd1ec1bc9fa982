import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { serve } from '@hono/node-server';
import { openDatabase } from './db/open.ts';
import { CARRIED_FOLDER, PGLITE_FOLDER } from './db/pglite-carry-over.ts';
import { parseEnv, type Env } from './env.ts';
import { createServerApp } from './server.ts';
import { settingsFromEnv } from './settings.ts';
import { exitWithMessage } from './startup-errors.ts';
import { announceExport } from './exports/api-exports.ts';
import { startExportWorker } from './exports/export-worker.ts';
import { secretsSealedElsewhere } from './webhooks/key-check.ts';
import { startWebhookWorker, type WebhookWorker } from './webhooks/worker.ts';
import { startDocumentWorker } from './digitise/document-worker.ts';
import { RequestsInFlight } from './digitise/requests-in-flight.ts';

// Starts GéoSonde: one process serving the built site and the API on one port.
let env: Env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** How long a stop waits for the requests in flight (an upload, an export) before cutting them. */
const STOP_GRACE_MS = 10_000;

/** The French line for a port that cannot be listened on. */
function portMessage(error: NodeJS.ErrnoException, { PORT, HOST } = env) {
  if (error.code === 'EADDRINUSE') {
    return `Le port ${PORT} est déjà utilisé (un autre GéoSonde ?) : arrêtez-le, ou choisissez un autre port avec PORT=…`;
  }
  if (error.code === 'EACCES') return `Le port ${PORT} est réservé : choisissez un port au-dessus de 1023 avec PORT=…`;
  return `Impossible d’écouter sur ${HOST}:${PORT} : ${error.message}`;
}

// The port is tried before the database starts, so that a second start says so at once.
await new Promise<void>((done) => {
  const probe = createServer()
    .once('error', (error: NodeJS.ErrnoException) => {
      console.error(portMessage(error));
      process.exit(1);
    })
    .listen(env.PORT, env.HOST, () => probe.close(() => done()));
});

const { db, migrations, carried, seeded, files, recovered } = await openDatabase(env, 'npm start').catch(
  exitWithMessage,
);
const where = env.DATABASE_URL ? 'PostgreSQL' : `PostgreSQL intégré (${env.DATA_DIR}/postgres)`;
console.log(`Base de données : ${where}${migrations.length ? `, migrations ${migrations.join(', ')}` : ''}`);
if (carried.status === 'carried') {
  const { users, boreholes, reports } = carried.rows;
  console.log(
    `Données de la version précédente reprises (${boreholes} forages, ${reports} documents, ${users} comptes) ; ` +
      `l’ancien dossier est gardé sous ${env.DATA_DIR}/${CARRIED_FOLDER}.`,
  );
}
if (carried.status === 'ignored') {
  console.warn(
    `${env.DATA_DIR}/${PGLITE_FOLDER} (base d’une version précédente) n’est pas lu : la base actuelle contient déjà des données.`,
  );
}
if (seeded) console.log('Données de démonstration et comptes de démo créés.');
if (recovered.committed || recovered.removed) {
  console.log(
    `Envois interrompus par un arrêt brutal : ${recovered.committed} fichier(s) achevé(s), ${recovered.removed} retiré(s).`,
  );
}

const settings = await settingsFromEnv(env, env.DATA_DIR, files);
if (env.DATABASE_URL && !env.SIGNING_SECRET) {
  console.log(
    `Clé de signature : ${env.DATA_DIR}/signing.key ; les autres processus de cette base doivent ` +
      'partager ce dossier, ou recevoir tous le même SIGNING_SECRET.',
  );
}
const unopened = await secretsSealedElsewhere(db, settings.signingKey);
if (unopened) {
  console.warn(
    `${unopened} secret(s) de webhook ne s’ouvrent pas avec la clé de signature de ce processus : ` +
      'ils ont été scellés avec une autre (autre processus, autre machine, restauration ailleurs). ' +
      'Donnez à tous les processus le même SIGNING_SECRET ou DATA_DIR, ou refaites ces abonnements.',
  );
}
const app = await createServerApp({ db, siteDir: env.SITE_DIR, logRequests: env.GS_LOG_REQUESTS, settings });
// The exports ordered through the API, made in the background (several processes may share the queue).
const exportWorker = startExportWorker(db, { ...settings, files }, announceExport);
// The uploaded documents read (their logs, by OCR if need be), unless processes of their own do it.
// Their reading pauses while the server answers requests.
const requests = new RequestsInFlight();
const documentWorker = env.DOCUMENT_WORKER ? startDocumentWorker(db, files, { requests }) : null;
// The webhooks waiting in the outbox, sent once the server listens (several processes may share them).
let webhookWorker: WebhookWorker | undefined;
let stopping = false;
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  console.log(`GéoSonde est prêt : http://${host}:${info.port}/`);
  if (!stopping) webhookWorker = startWebhookWorker(db, settings);
}) as Server;
requests.watch(server);
// An idle connection stays open 65 s, not Node's 5 s: a client that sends on a kept-alive socket
// just as the server closes it gets « socket hang up ». Clients (browsers, proxies, undici) drop
// theirs sooner, so they close first. The headers' limit must stay above it.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(portMessage(error));
  void db.close().finally(() => process.exit(1));
});

// A stop (Ctrl+C, SIGTERM from a service manager): no new connections, the requests in flight
// finish (STOP_GRACE_MS at most), then the database closes and the process exits 0. A second
// signal stops at once.
async function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal} reçu : fin des requêtes en cours, puis arrêt.`);
  // The webhooks in flight end (10 s at most) while the requests do; nothing new is claimed.
  const webhooksStopped = webhookWorker?.stop();
  const drained = new Promise((done) => server.close(done));
  const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
  await drained;
  clearTimeout(cut);
  await Promise.all([exportWorker.stop(), documentWorker?.stop(), webhooksStopped]);
  await db.close();
  console.log('GéoSonde est arrêté.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
