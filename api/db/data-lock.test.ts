import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusy, lockDataDir } from './data-lock.ts';

/** The PID of a process that has ended (a crash, a kill -9). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.once('exit', done));
  return child.pid!;
}

describe('the lock of a data folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('refuses a second owner while the first lives, with one French line naming it', async () => {
    // Another live process owns the folder: here, a process sleeping for the test's length.
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const lock = { pid: owner.pid, command: 'npm start', startedAt: '2026-11-23T14:02:00Z' };
      await writeFile(join(dir, 'geosonde.lock'), JSON.stringify(lock));
      let refusal: unknown;
      try {
        lockDataDir(dir, 'npm run invite');
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirBusy);
      expect((refusal as Error).message).toBe(
        `Le dossier de données ${dir} est déjà utilisé par npm start (PID ${owner.pid}, depuis le 23 novembre 2026 à 09 h 02) : ` +
          'arrêtez ce processus d’abord. Plusieurs processus sur les mêmes données demandent PostgreSQL (DATABASE_URL).',
      );
      expect(JSON.parse(await readFile(join(dir, 'geosonde.lock'), 'utf8'))).toEqual(lock);
    } finally {
      owner.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that has ended, and releases only its own', async () => {
    await writeFile(join(dir, 'geosonde.lock'), JSON.stringify({ pid: await endedPid(), command: 'npm start' }));
    const release = lockDataDir(dir, 'npm start');
    expect(JSON.parse(await readFile(join(dir, 'geosonde.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'npm start',
    });
    release();
    await expect(readFile(join(dir, 'geosonde.lock'))).rejects.toThrow();
    // Another owner's lock is left alone by a late release.
    const again = lockDataDir(dir, 'npm start');
    const theirs = JSON.stringify({ pid: 1, command: 'npm start', startedAt: '2026-11-23T14:02:00Z' });
    await writeFile(join(dir, 'geosonde.lock'), theirs);
    again();
    expect(await readFile(join(dir, 'geosonde.lock'), 'utf8')).toBe(theirs);
  });
});
