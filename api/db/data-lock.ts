import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { OperatorMessage } from '../operator-message.ts';
import { runningCommand } from './processes.ts';

/** Refusal to open a data folder another process owns; its message is the one line shown. */
export class DataDirBusy extends OperatorMessage {}

interface Owner {
  pid: number;
  command: string;
  startedAt: string;
}

const LOCK_FILE = 'geosonde.lock';
// Québec time, as operators read it: « 23 novembre 2026 à 09 h 02 ».
const SINCE = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Toronto' });

function readOwner(path: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return Number.isInteger(owner.pid) ? (owner as Owner) : null;
  } catch {
    return null;
  }
}

/**
 * Makes this process the one owner of a data folder, through `DATA_DIR/geosonde.lock` (created
 * exclusively, holding the owner's PID). A lock whose process has ended — a crash, `kill -9` — is
 * taken over. Throws DataDirBusy, having touched nothing, when a live process owns the folder.
 *
 * @returns the release, also run when the process exits.
 */
export function lockDataDir(dir: string, command: string): () => void {
  const path = join(dir, LOCK_FILE);
  const mine: Owner = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const owner = readOwner(path);
      if (owner && owner.pid !== process.pid && runningCommand(owner.pid) !== null) {
        const started = new Date(owner.startedAt);
        const since = Number.isNaN(started.getTime()) ? '' : `, depuis le ${SINCE.format(started)}`;
        throw new DataDirBusy(
          `Le dossier de données ${dir} est déjà utilisé par ${owner.command} (PID ${owner.pid}${since}) : ` +
            'arrêtez ce processus d’abord. Plusieurs processus sur les mêmes données demandent PostgreSQL (DATABASE_URL).',
        );
      }
      rmSync(path, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
  };
  process.on('exit', release);
  return release;
}
