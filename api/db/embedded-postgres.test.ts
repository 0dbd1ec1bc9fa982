import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './database.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const postmasterPid = (dir: string) =>
  Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL server', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-embedded-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates its cluster once, listens on loopback only, and asks for its password', async () => {
    const server = await startEmbeddedPostgres(dir);
    try {
      expect(await readdir(dir)).toEqual(expect.arrayContaining(['postgres', 'postgres.log']));
      expect(await readdir(dir)).not.toContain('postgres.creating');
      const url = new URL(server.url);
      expect(url.hostname).toBe('127.0.0.1');
      const db = openPostgres(server.url);
      const [row] = await db.query<{ version: string; fsync: string }>(
        "SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync",
      );
      expect(row).toEqual({ version: expect.stringMatching(/^18\./) as string, fsync: 'on' });
      await db.exec('CREATE TABLE kept (n int PRIMARY KEY)');
      await db.close();
      url.password = 'pas-le-bon';
      const stranger = openPostgres(url.href);
      await expect(stranger.query('SELECT 1')).rejects.toThrow(/password authentication failed/);
      await stranger.close();
    } finally {
      await server.stop();
    }
  });

  it('keeps every committed row when the server is killed (kill -9), and starts again', async () => {
    let server = await startEmbeddedPostgres(dir);
    let db = openPostgres(server.url);
    for (let n = 1; n <= 200; n++) await db.query('INSERT INTO kept VALUES ($1)', [n]);
    await db.close().catch(() => {});
    process.kill(postmasterPid(dir), 'SIGKILL');
    server = await startEmbeddedPostgres(dir);
    db = openPostgres(server.url);
    expect(await db.query('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 200 }]);
    await db.close();
    await server.stop();
  });

  it('keeps the process alive when the server ends the pool’s idle connections', async () => {
    // Without a listener, the pool re-emits the server's 57P01 as an unhandled 'error' event.
    const server = await startEmbeddedPostgres(dir);
    const db = openPostgres(server.url);
    await Promise.all([db.query('SELECT pg_sleep(0.05)'), db.query('SELECT pg_sleep(0.05)')]);
    await server.stop();
    await new Promise((done) => setTimeout(done, 200));
    await expect(db.query('SELECT 1')).rejects.toThrow();
    await db.close();
  });

  it('stops the server a killed process left running, then takes over its folder', async () => {
    // A first start whose owner "dies" without stopping it: its server stays as an orphan.
    const orphan = await startEmbeddedPostgres(dir);
    const orphanPid = postmasterPid(dir);
    const db1 = openPostgres(orphan.url);
    await db1.query('INSERT INTO kept VALUES (201)');
    await db1.close();
    const server = await startEmbeddedPostgres(dir);
    try {
      expect(running(orphanPid)).toBe(false);
      expect(postmasterPid(dir)).not.toBe(orphanPid);
      const db = openPostgres(server.url);
      expect(await db.query('SELECT max(n)::int AS n FROM kept')).toEqual([{ n: 201 }]);
      await db.close();
    } finally {
      await server.stop();
    }
    expect(await readdir(join(dir, 'postgres'))).not.toContain('postmaster.pid');
  });
});
