import { execFile } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../api/auth/tokens.ts';
import { lockDataDir } from '../api/db/data-lock.ts';
import { openDatabase } from '../api/db/open.ts';

const run = promisify(execFile);
const invite = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['scripts/invite.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

describe('npm run invite', () => {
  it('creates a bound invitation and prints its token once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gs-invite-'));
    const { stdout } = await invite(
      dataDir,
      '--tenant',
      'montreal',
      '--role',
      'viewer',
      '--email',
      'Lecteur@Montreal.ca',
      '--days',
      '3',
    );
    const token = /Jeton : (\S+)/.exec(stdout)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stdout).toContain(`/register?token=${token}`);
    const { db } = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, GS_DEMO: false }, 'le test');
    const [row] = await db.query<{ tenant_slug: string; role: string; email: string; days: number }>(
      `SELECT tenant_slug, role, email, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
       FROM invitations WHERE token_hash = $1`,
      [hashToken(token!)],
    );
    await db.close();
    expect(row).toEqual({ tenant_slug: 'montreal', role: 'viewer', email: 'lecteur@montreal.ca', days: 3 });
  });

  it('refuses, touching nothing, while another process owns the data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gs-invite-'));
    const release = lockDataDir(dataDir, 'npm start');
    try {
      const failure = await invite(dataDir, '--tenant', 'montreal').catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 1 });
      const stderr = (failure as { stderr: string }).stderr.trim();
      expect(stderr).toBe(stderr.split('\n')[0]);
      expect(stderr).toMatch(
        new RegExp(`^Le dossier de données ${dataDir} est déjà utilisé par npm start \\(PID ${process.pid},`),
      );
      expect(await readdir(dataDir)).toEqual(['geosonde.lock']);
    } finally {
      release();
    }
  });

  it('refuses an unknown tenant with a French message and exit code 2', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gs-invite-'));
    const failure = await invite(dataDir, '--tenant', 'laval', '--role', 'member').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('Organisation inconnue.');
  });
});
