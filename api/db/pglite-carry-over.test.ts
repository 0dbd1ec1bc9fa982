import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.ts';
import { openPglite } from './database.ts';
import { migrate } from './migrate.ts';
import { openDatabase } from './open.ts';
import { seedDemo, seedTenants } from './seed/seed.ts';

const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined, GS_DEMO: false });

describe('the first start on a data folder of a PGlite version', () => {
  const root = mkdtemp(join(tmpdir(), 'geosonde-pglite-'));
  afterAll(async () => rm(await root, { recursive: true, force: true }));

  it('carries its data into PostgreSQL once, and keeps the old folder under another name', async () => {
    const dataDir = join(await root, 'data');
    // What an earlier version left: its PGlite database, with the demo data as its users changed it.
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    const old = await openPglite(join(dataDir, 'pglite'));
    await migrate(old);
    await seedTenants(old);
    await seedDemo(old);
    await old.query(`UPDATE users SET display_name = 'Nommée avant la mise à jour' WHERE email = 'admin@geosonde.ca'`);
    await old.query(`DELETE FROM boreholes WHERE id = 'MTL-BH-02'`);
    await old.close();

    const first = await openDatabase(env(dataDir), 'le test');
    try {
      expect(first.carried).toMatchObject({ status: 'carried', rows: { boreholes: 29, users: 3 } });
      expect(first.seeded).toBe(false);
      expect(await first.db.query(`SELECT display_name FROM users WHERE email = 'admin@geosonde.ca'`)).toEqual([
        { display_name: 'Nommée avant la mise à jour' },
      ]);
      expect(await first.db.query(`SELECT id FROM boreholes WHERE id = 'MTL-BH-02'`)).toEqual([]);
      // Signing in still works: the password hashes came along.
      const [hash] = await first.db.query<{ password_hash: string }>(
        `SELECT password_hash FROM users WHERE email = 'geotech@montreal.ca'`,
      );
      expect(await verifyPassword('GeoSonde-montreal-1', hash!.password_hash)).toBe(true);
    } finally {
      await first.db.close();
    }
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.repris', 'PG_VERSION'))).toBe(true);

    // Once only; and a PGlite folder put back beside data already there is left alone, unread.
    await rename(join(dataDir, 'pglite.repris'), join(dataDir, 'pglite'));
    const second = await openDatabase(env(dataDir), 'le test');
    try {
      expect(second.carried).toEqual({ status: 'ignored' });
      expect(await second.db.query(`SELECT count(*)::int AS n FROM boreholes`)).toEqual([{ n: 29 }]);
    } finally {
      await second.db.close();
    }
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses to start on an empty database when the old folder cannot be read', async () => {
    const dataDir = join(await root, 'abime');
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    await expect(openDatabase(env(dataDir), 'le test')).rejects.toThrow(
      `La base d’une version précédente (${join(dataDir, 'pglite')}) ne s’ouvre pas (arrêt brutal ?) : rien n’a été démarré. Pour partir d’une base neuve, déplacez ce dossier ailleurs.`,
    );
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
