import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { releaseKeySource } from '../../api/env.ts';
import { devReleaseKeys, signText } from '../../api/releases/release-keys.ts';
import { signedText } from '../../src/domain/download.ts';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// A loopback server plays a misbehaving download API (the site allows it in its CSP through
// DOWNLOAD_ORIGINS); it signs with the development key, the one the build embedded.
// The loopback ports the configuration opened to the page (GS_E2E_PORT − 3 and − 4).
const BASE_PORT = Number(process.env.GS_E2E_PORT ?? 4399);
const LOOPBACK = `http://127.0.0.1:${BASE_PORT - 3}`;
const CLOSED = `http://127.0.0.1:${BASE_PORT - 4}`;
const FILE = randomBytes(256 * 1024);
const SHA256 = createHash('sha256').update(FILE).digest('hex');
const privateKey = createPrivateKey(devReleaseKeys(releaseKeySource().devDir).privatePem);

const signed = (fields: { sha256: string; size: number; version?: string }, file: string) => {
  const release = { version: '9.9.9', ...fields, objectVersion: `win-9.9.9-${fields.sha256.slice(0, 16)}` };
  return { url: `${LOOPBACK}/file/${file}`, ...release, sig: signText(privateKey, signedText(release)) };
};

/** The metadata the loopback API answers for each case. */
const METADATA: Record<string, () => unknown> = {
  signature: () => ({ ...signed({ sha256: SHA256, size: FILE.length }, 'good'), version: '9.9.8' }),
  hash: () => signed({ sha256: 'ab'.repeat(32), size: FILE.length }, 'good'),
  header: () => signed({ sha256: SHA256, size: FILE.length }, 'short-header'),
  real: () => signed({ sha256: SHA256, size: FILE.length }, 'longer'),
  shorter: () => signed({ sha256: SHA256, size: FILE.length }, 'shorter'),
  upper: () => signed({ sha256: SHA256.toUpperCase(), size: FILE.length }, 'good'),
  large: () => signed({ sha256: SHA256, size: 1_600_000_000 }, 'good'),
  failed: () => signed({ sha256: SHA256, size: FILE.length }, 'missing'),
  empty: () => ({ version: '9.9.9' }),
  negative: () => ({ ...signed({ sha256: SHA256, size: FILE.length }, 'good'), size: -1 }),
};

/** The files it serves: the right one, or one that goes wrong. */
const FILES: Record<string, (res: ServerResponse) => void> = {
  good: (res) =>
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': FILE.length }).end(FILE),
  'short-header': (res) => res.writeHead(200, { 'content-length': FILE.length - 1 }).end(FILE.subarray(1)),
  // No Content-Length: the page counts, and stops once the announced size is passed.
  longer: (res) => res.writeHead(200).end(Buffer.concat([FILE, FILE])),
  shorter: (res) => res.writeHead(200).end(FILE.subarray(10)),
  missing: (res) => res.writeHead(503).end(),
};

// One loopback server, so one worker for the whole file.
test.describe.configure({ mode: 'serial' });

let server: Server;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const [, kind, name = ''] = (req.url ?? '').split('?')[0]!.split('/');
    if (kind === 'slow') return; // never answers
    if (kind === 'gone') return void res.writeHead(404).end();
    if (kind === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Proxy</h1>');
    if (kind === 'meta') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(METADATA[name]?.()));
    }
    (FILES[name] ?? FILES.missing!)(res);
  });
  await new Promise<void>((resolve) => server.listen(BASE_PORT - 3, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const status = (page: Page) => page.locator('.download__phase');

test('an administrator downloads the sample release: signature, streamed hash, saved file', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/softwareinst');
  await expect(page.getByText('Plateforme détectée : Windows')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger pour macOS' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('geosonde-Parser.dmg');
  await expect(status(page)).toHaveText('Terminé : fichier vérifié et enregistré.');
  await expect(page.locator('.download__numbers')).toHaveText('100 % · 3,0 Mo / 3,0 Mo');
  const bytes = await readFile(await download.path());
  const hash = createHash('sha256').update(bytes).digest('hex');
  await expect(page.locator('.download__hash code')).toHaveText(`${hash.slice(0, 10)}…${hash.slice(-8)}`);
  await expect(page.locator('.download__hash code')).toHaveAttribute('title', hash);
  await expect(page.getByRole('button', { name: 'Télécharger pour Windows' })).toBeEnabled();
});

test('compares the hash without regard to case', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, `/softwareinst?apiPath=${LOOPBACK}/meta/upper`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger pour Windows' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('geosonde-Parser-Setup.exe');
  await expect(status(page)).toHaveText('Terminé : fichier vérifié et enregistré.');
  expect(
    createHash('sha256')
      .update(await readFile(await download.path()))
      .digest('hex'),
  ).toBe(SHA256);
});

test('a member sees the page reserved to administrators, buttons off', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal, '/softwareinst');
  await expect(page.getByText('Votre compte n’est pas administrateur')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger pour Windows' })).toBeDisabled();
});

const failures: [string, string, string][] = [
  ['a tampered signature', `apiPath=${LOOPBACK}/meta/signature`, 'Échec de la vérification de la signature'],
  ['a wrong hash', `apiPath=${LOOPBACK}/meta/hash`, 'Empreinte SHA-256 incorrecte'],
  ['a Content-Length that is not the size', `apiPath=${LOOPBACK}/meta/header`, 'Taille inattendue (entête)'],
  ['more bytes than announced', `apiPath=${LOOPBACK}/meta/real`, 'Taille inattendue (réelle)'],
  ['fewer bytes than announced', `apiPath=${LOOPBACK}/meta/shorter`, 'Taille inattendue (réelle)'],
  ['a file over 1,500,000,000 bytes', `apiPath=${LOOPBACK}/meta/large`, 'Fichier trop volumineux'],
  ['a refused file', `apiPath=${LOOPBACK}/meta/failed`, 'Échec du téléchargement (503)'],
  [
    'no answer in time',
    `apiPath=${LOOPBACK}/slow&timeout=1500`,
    'Admin API timeout (aucune réponse). Vérifiez la route serveur /auth /proxy.',
  ],
  ['an answer that is not JSON', `apiPath=${LOOPBACK}/html`, `API (${LOOPBACK}/html) a renvoyé du non-JSON ...`],
  ['an answer without url or sha256', `apiPath=${LOOPBACK}/meta/empty`, 'API: champs url ou sha256 manquants'],
  ['an answer with a negative size', `apiPath=${LOOPBACK}/meta/negative`, 'API: taille invalide'],
  [
    'a path that answers neither POST nor GET',
    `apiPath=${LOOPBACK}/gone`,
    `API GET ${LOOPBACK}/gone?platform=win&tenant=admin a échoué (404 Not Found).`,
  ],
  ['no network', `apiPath=${CLOSED}/download`, 'Échec de la requête (CORS ou réseau).'],
];
for (const [what, query, message] of failures) {
  test(`shows the specification's message for ${what}`, async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, `/softwareinst?${query}`);
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: 'Télécharger pour Windows' }).click();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.locator('.download__status')).toHaveAttribute('data-phase', 'error');
    await expect(page.getByRole('button', { name: 'Télécharger pour Windows' })).toBeEnabled();
    expect(downloaded).toBe(false);
  });
}
