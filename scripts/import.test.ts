import { execFile } from 'node:child_process';
import { strToU8, zipSync } from 'fflate';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { AGS_FIXTURES } from '../tests/ags-fixtures.ts';

const run = promisify(execFile);
const HINDLEY = join(AGS_FIXTURES, 'Hindley Mill Embankment FRA01.ags');
const WIGAN = join(AGS_FIXTURES, 'Wigan Depot.ags');

describe('npm run import', () => {
  const root = mkdtemp(join(tmpdir(), 'geosonde-import-'));
  afterAll(async () => rm(await root, { recursive: true, force: true }));
  const importFiles = async (...args: string[]) =>
    (await run(process.execPath, ['scripts/import.ts', ...args], {
      env: { ...process.env, DATA_DIR: join(await root, 'data'), DATABASE_URL: '' },
      timeout: 120_000,
    }).catch((error: unknown) => error)) as { code?: number; stdout: string; stderr: string };

  it('imports a file for a tenant, then finds nothing to change in it', async () => {
    const first = await importFiles('--tenant', 'montreal', '--crs', '27700', HINDLEY);
    expect(first.code).toBeUndefined();
    expect(first.stdout).toMatch(/^Hindley Mill Embankment FRA01\.ags : 12 forages, 71 couches, 77 essais SPT\n/);
    expect(first.stdout).toContain('Avertissement — Encodage (1)');
    expect(first.stdout).toMatch(/Importé en \d+ ms : 12 créé\(s\), 0 mis à jour, 0 inchangé\(s\)/);
    const again = await importFiles('--tenant', 'montreal', '--crs', '27700', HINDLEY);
    expect(again.stdout).toContain('12 forages existent déjà et seront mis à jour');
    expect(again.stdout).toMatch(/: 0 créé\(s\), 0 mis à jour, 12 inchangé\(s\)/);
  }, 180_000);

  it('prints why a file is refused, imports nothing from it and exits 1', async () => {
    const refused = await importFiles('--tenant', 'montreal', '--crs', '27700', WIGAN);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Erreur — AGS Format Rule 10b (158)');
    expect(refused.stdout).toContain('… et 153 autre(s)');
    expect(refused.stdout).toContain('Non importé : corrigez les erreurs, puis relancez.');
  }, 180_000);

  it('says in one French line why a ZIP is refused before any report, and goes on with the next file', async () => {
    const dir = await root;
    const zip = join(dir, 'envoi.zip');
    // An entry that climbs out of the submission.
    await writeFile(zip, zipSync({ '../../etc/passwd.ags': strToU8('"GROUP","PROJ"') }));
    const answer = await importFiles('--tenant', 'montreal', zip, join(dir, 'absent.ags'));
    expect(answer.code).toBe(1);
    expect(answer.stdout).toBe(
      'envoi.zip\n  Refusé : ZIP refusé : le chemin « ../../etc/passwd.ags » sort de l’envoi.\n' +
        `absent.ags\n  Refusé : fichier introuvable (${join(dir, 'absent.ags')}).\n`,
    );
    expect(answer.stderr).not.toMatch(/\bat \S+:\d+/);
  }, 60_000);

  it('refuses an unknown tenant or coordinate system before opening anything', async () => {
    const tenant = await importFiles('--tenant', 'laval', HINDLEY);
    expect(tenant.code).toBe(2);
    expect(tenant.stderr).toContain('Organisation inconnue : laval.');
    const crs = await importFiles('--tenant', 'montreal', '--crs', '4258', HINDLEY);
    expect(crs.code).toBe(2);
    expect(crs.stderr).toContain('Système de coordonnées inconnu : 4258.');
  }, 60_000);
});
