import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../bench/bench-server.ts';

const run = promisify(execFile);
const PORT = 4600 + Math.floor(Math.random() * 90);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const member = { email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' };

const command = (script: string, dataDir: string, ...args: string[]) =>
  run(process.execPath, [script, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

async function signIn(): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(member),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex');

/** Every document the member can read, with the SHA-256 of the bytes its link serves. */
async function library(cookie: string) {
  const { items } = (await (await fetch(`${ORIGIN}/api/reports`, { headers: { cookie } })).json()) as {
    items: { id: string; href: string | null }[];
  };
  const digests: Record<string, string> = {};
  for (const item of items.filter((entry) => entry.href)) {
    const response = await fetch(`${ORIGIN}${item.href}`, { headers: { cookie } });
    expect(response.status, item.id).toBe(200);
    digests[item.id] = sha256(await response.arrayBuffer());
  }
  return digests;
}

describe('npm run backup and npm run restore', () => {
  const root = mkdtemp(join(tmpdir(), 'geosonde-backup-'));
  afterAll(async () => rm(await root, { recursive: true, force: true }));

  it('backs up while the server runs; wiped and restored, every document opens with the same bytes', async () => {
    const dataDir = join(await root, 'data');
    const archive = join(await root, 'geosonde.tar.gz');
    let server = await startServer(PORT, dataDir);
    let before: Record<string, string>;
    try {
      const cookie = await signIn();
      const pdf = new TextEncoder().encode(`%PDF-1.4\nJournal de forage envoyé avant la sauvegarde ${Date.now()}\n`);
      const form = new FormData();
      form.append('file', new Blob([pdf]), 'journal été.pdf');
      const upload = await fetch(`${ORIGIN}/api/reports?borehole=MTL-BH-02`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN },
        body: form,
      });
      expect(upload.status).toBe(201);
      before = await library(cookie);
      expect(Object.values(before)).toContain(sha256(pdf.buffer));

      const backup = await command('scripts/backup.ts', dataDir, '--out', archive);
      expect(backup.stdout).toMatch(
        /^Sauvegarde écrite : .*geosonde\.tar\.gz\n30 forages, 91 documents \(91 fichiers\), 3 comptes/,
      );
    } finally {
      server.kill('SIGTERM');
    }
    // A clean stop: exit code 0.
    expect(await new Promise((done) => server.once('exit', done))).toBe(0);

    await rm(dataDir, { recursive: true });
    await mkdir(dataDir);
    const restore = await command('scripts/restore.ts', dataDir, archive);
    expect(restore.stdout).toMatch(/restaurée dans .* : 30 forages, 91 documents, 3 comptes/);

    server = await startServer(PORT, dataDir);
    try {
      expect(await library(await signIn())).toEqual(before);
      // A second restore over data is refused, and leaves the data as it was.
      const refused = await command('scripts/restore.ts', dataDir, archive).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toMatch(
        /^Le dossier de données .* est déjà utilisé par npm start/,
      );
    } finally {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    const overData = await command('scripts/restore.ts', dataDir, archive).catch((error: unknown) => error);
    expect((overData as { stderr: string }).stderr.trim()).toBe(
      'La base de destination contient déjà des données : restaurez dans une base vide.',
    );
  }, 180_000);
});
