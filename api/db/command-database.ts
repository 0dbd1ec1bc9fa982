import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../env.ts';
import { openPostgres, type Database } from './database.ts';
import { lockDataDir } from './data-lock.ts';
import { OperatorMessage } from '../operator-message.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

/**
 * The database for an operator's command (backup, restore, check): DATABASE_URL's server; on the
 * embedded default, the server a running GéoSonde has started on DATA_DIR when `besideServer`
 * allows it, else a server of the command's own, under the data folder's lock. `create` lets
 * it make a new database (a restore); otherwise an empty data folder is refused.
 */
export async function commandDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  command: string,
  { besideServer, create }: { besideServer: boolean; create: boolean },
): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  const running = runningEmbeddedUrl(env.DATA_DIR);
  if (running && besideServer) return openPostgres(running);
  if (!create && !existsSync(join(env.DATA_DIR, 'postgres', 'PG_VERSION'))) {
    throw new OperatorMessage(`Aucune base GéoSonde dans ${env.DATA_DIR} : vérifiez DATA_DIR.`);
  }
  return openEmbedded(env.DATA_DIR, command);
}

/**
 * The embedded PostgreSQL of a data folder, owned by this process (`command` names it to any
 * other) until the returned database is closed: closing it stops the server and frees the folder.
 */
export async function openEmbedded(dataDir: string, command: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir, command);
  try {
    const server = await startEmbeddedPostgres(dataDir);
    const client = openPostgres(server.url);
    return {
      ...client,
      async close() {
        await client.close();
        await server.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
