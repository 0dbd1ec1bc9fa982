import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { createReadStream } from 'node:fs';
import { DOWNLOAD_FILE_NAMES, PLATFORM_LABELS, PLATFORMS, type Platform } from '../../src/domain/download.ts';
import type { AppEnv, ErrorBody } from '../app.ts';
import { checkQuery, signQuery } from '../files/signed-links.ts';

/** The public origin of links: PUBLIC_URL, else the request's. */
const originOf = (c: Context<AppEnv>) => c.var.settings.publicUrl ?? new URL(c.req.url).origin;

/**
 * The signed metadata of the latest release of a platform, for administrators only (whatever
 * the `tenant` says): its link to the immutable object, valid for a few minutes, and the
 * signature the page checks with the public key.
 */
async function metadata(c: Context<AppEnv>, input: { platform?: unknown; tenant?: unknown }) {
  const user = c.var.user;
  if (!user) return c.json<ErrorBody>({ error: 'Connectez-vous avec un compte administrateur.' }, 401);
  if (user.role !== 'admin') {
    return c.json<ErrorBody>({ error: 'Le téléchargement de l’application est réservé aux administrateurs.' }, 403);
  }
  const { platform, tenant } = input;
  if (!PLATFORMS.includes(platform as Platform)) {
    return c.json<ErrorBody>({ error: 'Plateforme inconnue : « win » ou « mac ».' }, 400);
  }
  if (tenant !== undefined && (typeof tenant !== 'string' || tenant.length > 32)) {
    return c.json<ErrorBody>({ error: 'Organisation invalide.' }, 400);
  }
  const release = await c.var.settings.releases.latest(platform as Platform);
  if (!release) {
    return c.json<ErrorBody>({ error: `Aucune version publiée pour ${PLATFORM_LABELS[platform as Platform]}.` }, 404);
  }
  const { signingKey, downloadLinkMinutes } = c.var.settings;
  const query = signQuery(signingKey, 'release', release.objectVersion, downloadLinkMinutes);
  c.header('Cache-Control', 'private, no-store');
  return c.json({
    url: `${originOf(c)}/api/releases/${release.objectVersion}?${query}`,
    sha256: release.sha256,
    size: release.size,
    version: release.version,
    objectVersion: release.objectVersion,
    sig: release.sig,
  });
}

const readBody = async (c: Context<AppEnv>) => {
  try {
    return await c.req.json<Record<string, unknown>>();
  } catch {
    return {};
  }
};

/** POST with JSON, or GET with query parameters (the page's retry). */
export const downloadMetadataRoutes = new Hono<AppEnv>()
  .post('/download', async (c) => metadata(c, await readBody(c)))
  .get('/download', (c) => metadata(c, c.req.query()))
  .post('/admin/download', async (c) => metadata(c, await readBody(c)))
  .get('/admin/download', (c) => metadata(c, c.req.query()));

/**
 * The installer itself, for a valid, unexpired link only: no session needed (the page fetches it
 * without cookies), the exact Content-Length, never cached.
 */
export const releaseFileRoutes = new Hono<AppEnv>().get('/releases/:objectVersion', async (c) => {
  const objectVersion = c.req.param('objectVersion');
  const { signingKey, releases } = c.var.settings;
  const check = checkQuery(signingKey, 'release', objectVersion, c.req.query('exp'), c.req.query('sig'));
  if (check === 'invalid') return c.json<ErrorBody>({ error: 'Lien de téléchargement invalide.' }, 403);
  if (check === 'expired') {
    return c.json<ErrorBody>({ error: 'Ce lien a expiré : relancez le téléchargement depuis la page.' }, 410);
  }
  const release = await releases.find(objectVersion);
  if (!release) return c.json<ErrorBody>({ error: 'Version introuvable.' }, 404);
  return c.body(Readable.toWeb(createReadStream(releases.objectPath(objectVersion))) as ReadableStream, 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(release.size),
    'Content-Disposition': `attachment; filename="${DOWNLOAD_FILE_NAMES[release.platform]}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
});
