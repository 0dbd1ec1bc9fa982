import { createHash, createPrivateKey } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedText, type DownloadMetadata } from '../../src/domain/download.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { signQuery } from '../files/signed-links.ts';
import { generateReleaseKeys, verifyText } from './release-keys.ts';
import { releaseStore } from './release-store.ts';

const [admin, montreal] = DEMO_ACCOUNTS;
const KEY = Buffer.from('une-clé-de-test-assez-longue-pour-signer-les-liens');
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json' };
const INSTALLER = Buffer.from('MZ — installateur de test de GéoSonde Parser '.repeat(2000));

type Metadata = DownloadMetadata & { error?: string };

describe(`the desktop app download on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let app: TestApp['app'];
  let cookies = new Map<string, string>();
  const keys = generateReleaseKeys();

  const post = async (path: string, email: string | null, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, ...(email ? { cookie: cookies.get(email)! } : {}), ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Metadata };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-releases-'));
    const releases = releaseStore(join(dir, 'releases'));
    const file = join(dir, 'setup.exe');
    await writeFile(file, INSTALLER);
    const privateKey = createPrivateKey(keys.privatePem);
    await releases.publish({ platform: 'win', file, version: '1.2.0' }, privateKey);
    await releases.publish({ platform: 'win', file, version: '1.10.0' }, privateKey);
    await releases.publish({ platform: 'win', file, version: '1.9.3' }, privateKey);
    await expect(releases.publish({ platform: 'win', file, version: '1.9.3' }, privateKey)).rejects.toThrow(
      /déjà publiée/,
    );
    ({ db, app, cookies } = await createTestApp({ settings: { signingKey: KEY, releases, downloadLinkMinutes: 10 } }));
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses anonymous visitors and non-administrators, whatever the tenant says', async () => {
    expect((await post('/api/download', null, { platform: 'win', tenant: 'admin' })).status).toBe(401);
    const member = await post('/api/download', montreal.email, { platform: 'win', tenant: 'admin' });
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('Le téléchargement de l’application est réservé aux administrateurs.');
    const get = await app.request('/api/download?platform=win&tenant=admin', {
      headers: { cookie: cookies.get(montreal.email)! },
    });
    expect(get.status).toBe(403);
  });

  it('answers the latest version’s metadata, signed so that the public key verifies it', async () => {
    const { status, body } = await post('/api/download', admin.email, { platform: 'win', tenant: 'admin' });
    expect(status).toBe(200);
    const sha256 = createHash('sha256').update(INSTALLER).digest('hex');
    expect(body).toMatchObject({ sha256, size: INSTALLER.length, version: '1.10.0' });
    expect(body.objectVersion).toBe(`win-1.10.0-${sha256.slice(0, 16)}`);
    expect(body.url).toMatch(/^http:\/\/localhost\/api\/releases\/win-1\.10\.0-[0-9a-f]{16}\?exp=\d+&sig=[\w-]+$/);
    expect(verifyText(keys.publicKey, signedText(body), body.sig)).toBe(true);
    expect(verifyText(keys.publicKey, signedText({ ...body, size: body.size + 1 }), body.sig)).toBe(false);
    // The link starts with the public origin: a request naming another host gets no link at all.
    const poisoned = await post('/api/download', admin.email, { platform: 'win' }, { host: 'evil.example' });
    expect(poisoned.status).toBe(421);
    expect(poisoned.body.url).toBeUndefined();
    expect(verifyText(generateReleaseKeys().publicKey, signedText(body), body.sig)).toBe(false);
  });

  it('serves the installer through the link alone, with its exact length and no cookie', async () => {
    const { body } = await post('/api/download', admin.email, { platform: 'win' });
    // Never compressed, even when the client would accept it: the page checks the exact length.
    const file = await app.request(body.url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(file.headers.get('cache-control')).toContain('no-transform');
    expect(file.headers.get('content-length')).toBe(String(INSTALLER.length));
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="geosonde-Parser-Setup.exe"');
    expect(file.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await file.arrayBuffer()).equals(INSTALLER)).toBe(true);
  });

  it('refuses an altered or expired link', async () => {
    const { body } = await post('/api/download', admin.email, { platform: 'win' });
    const url = new URL(body.url);
    const altered = [
      url.href.replace(/sig=[\w-]+/, 'sig=AAAA'),
      url.href.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3600}`),
      url.href.replace('1.10.0', '1.9.3'),
      url.href.replace(/\?.*$/, ''),
    ];
    for (const href of altered) expect((await app.request(href)).status, href).toBe(403);
    const past = signQuery(KEY, 'release', body.objectVersion, 10, Date.now() - 11 * 60_000);
    const expired = await app.request(`/api/releases/${body.objectVersion}?${past}`);
    expect(expired.status).toBe(410);
    // A document link's signature does not open a release.
    const file = signQuery(KEY, 'file', body.objectVersion, 10);
    expect((await app.request(`/api/releases/${body.objectVersion}?${file}`)).status).toBe(403);
  });

  it('answers the same on the fallback paths and on the GET retry', async () => {
    for (const path of ['/ask/download', '/api/admin/download', '/ask/admin/download']) {
      const { status, body } = await post(path, admin.email, { platform: 'win', tenant: 'admin' });
      expect(status, path).toBe(200);
      expect(body.version).toBe('1.10.0');
    }
    for (const path of ['/api/download', '/ask/download', '/api/admin/download', '/ask/admin/download']) {
      const response = await app.request(`${path}?platform=win&tenant=admin`, {
        headers: { cookie: cookies.get(admin.email)! },
      });
      expect(response.status, path).toBe(200);
      expect(((await response.json()) as Metadata).version).toBe('1.10.0');
    }
  });

  it('gives a French 4xx for every bad request', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ platform: 'linux' }, 400, /Plateforme inconnue/],
      [{}, 400, /Plateforme inconnue/],
      [{ platform: 'win', tenant: 'x'.repeat(40) }, 400, /Organisation invalide/],
      [{ platform: 'mac' }, 404, /Aucune version publiée pour macOS/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post('/api/download', admin.email, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error).toMatch(message);
    }
    const bad = await app.request('/api/download', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: cookies.get(admin.email)! },
      body: '{pas du json',
    });
    expect(bad.status).toBe(400);
    const crossSite = await post(
      '/api/download',
      admin.email,
      { platform: 'win' },
      { origin: 'https://ailleurs.example' },
    );
    expect(crossSite.status).toBe(403);
  });
});
