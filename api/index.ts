import { serve } from '@hono/node-server';
import { openDatabase } from './db/open.ts';
import { parseEnv } from './env.ts';
import { createServerApp } from './server.ts';
import { settingsFromEnv } from './settings.ts';

// Starts GéoSonde: one process serving the built site and the API on one port.
let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { db, migrations, seeded, files } = await openDatabase(env);
const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${env.DATA_DIR}/pglite)`;
console.log(`Base de données : ${where}${migrations.length ? `, migrations ${migrations.join(', ')}` : ''}`);
if (seeded) console.log('Données de démonstration et comptes de démo créés.');

const app = await createServerApp({
  db,
  siteDir: env.SITE_DIR,
  logRequests: env.GS_LOG_REQUESTS,
  settings: await settingsFromEnv(env, env.DATA_DIR, files),
});
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  console.log(`GéoSonde est prêt : http://${host}:${info.port}/`);
});

async function shutdown() {
  server.close();
  await db.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
