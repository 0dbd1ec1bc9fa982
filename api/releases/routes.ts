import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { DOWNLOAD_FILE_NAMES, PLATFORM_LABELS, PLATFORMS, type Platform } from '../../src/domain/download.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { checkQuery, signQuery } from '../files/signed-links.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { jsonBody, queryParams } from '../validation.ts';

const requestSchema = z.object({
  platform: z.enum(PLATFORMS, { error: 'Plateforme inconnue : « win » ou « mac ».' }),
  tenant: z.string({ error: 'Organisation invalide.' }).max(32, 'Organisation invalide.').optional(),
});

/**
 * The signed metadata of the latest release of a platform: its link to the immutable object,
 * valid for a few minutes and starting with the public origin, and the signature the page checks
 * with the public key.
 */
async function metadata(c: Context<AppEnv>, platform: Platform) {
  const release = await c.var.settings.releases.latest(platform);
  if (!release) return c.json<ErrorBody>({ error: `Aucune version publiée pour ${PLATFORM_LABELS[platform]}.` }, 404);
  const { signingKey, downloadLinkMinutes, publicOrigin } = c.var.settings;
  const query = signQuery(signingKey, 'release', release.objectVersion, downloadLinkMinutes);
  c.header('Cache-Control', 'private, no-store');
  return c.json({
    url: `${publicOrigin}/api/releases/${release.objectVersion}?${query}`,
    sha256: release.sha256,
    size: release.size,
    version: release.version,
    objectVersion: release.objectVersion,
    sig: release.sig,
  });
}

/**
 * The desktop app's download metadata, for administrators only (whatever the `tenant` says):
 * POST with JSON, or GET with query parameters (the page's retry). Mounted at `/api/download`
 * and at the page's fallback paths.
 */
export const downloadRoutes = new Hono<AppEnv>()
  .use(jsonBodies, requireRole('admin', 'Le téléchargement de l’application est réservé aux administrateurs.'))
  .post('/', jsonBody(requestSchema), (c) => metadata(c, c.req.valid('json').platform))
  .get('/', queryParams(requestSchema), (c) => metadata(c, c.req.valid('query').platform));

/**
 * The installer itself (`/api/releases/:objectVersion`), for a valid, unexpired link only: no
 * session needed (the page fetches it without cookies), the exact Content-Length, never cached,
 * compressed or transformed on the way.
 */
export const releaseRoutes = new Hono<AppEnv>().get('/:objectVersion', async (c) => {
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
    'Cache-Control': 'private, no-store, no-transform',
    'X-Content-Type-Options': 'nosniff',
  });
});
