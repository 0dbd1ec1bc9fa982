import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { logger } from 'hono/logger';
import { requestId } from 'hono/request-id';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../src/domain/upload.ts';
import type { AppEnv, AppOptions, AppSettings, ErrorBody } from './app-env.ts';
import { embeddedAssistant } from './assistant/assistant.ts';
import { HashingBusy } from './auth/turns.ts';
import { fileStore } from './files/file-store.ts';
import { thumbnailStore } from './files/thumbnails.ts';
import { outboxMailer } from './mail/mailer.ts';
import { MALFORMED_JSON } from './middleware/bodies.ts';
import { cleanTarget } from './middleware/clean-text.ts';
import { compressAnswers } from './middleware/compress.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { loadUser } from './middleware/session.ts';
import { knownHost, sameOrigin } from './middleware/site-origin.ts';
import { notFoundJson } from './paths.ts';
import { releaseStore } from './releases/release-store.ts';
import { adminRoutes } from './users/routes.ts';
import { apiTokenRoutes } from './tokens/routes.ts';
import { assistantRoutes } from './assistant/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { boreholeExportRoutes } from './boreholes/export-routes.ts';
import { boreholeMapRoutes } from './boreholes/map-routes.ts';
import { boreholeTableRoutes } from './boreholes/table-routes.ts';
import { boreholeRoutes } from './boreholes/routes.ts';
import { downloadRoutes, releaseRoutes } from './releases/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { passwordRoutes } from './auth/password-routes.ts';
import { importRoutes } from './imports/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { recordRoutes } from './boreholes/record-routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { sectionRoutes } from './subsurface/sections-routes.ts';
import { surfaceRoutes } from './subsurface/surfaces-routes.ts';
import { sharedRoutes } from './shares/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { storageProblem } from './storage-errors.ts';
import { v1Routes } from './v1/v1.ts';

const DEFAULT_SETTINGS: AppSettings = {
  idleMinutes: 30,
  absoluteHours: 12,
  publicOrigin: 'http://localhost',
  aliasOrigins: [],
  mailer: outboxMailer('./data/outbox'),
  trustProxy: false,
  scriptHashes: [],
  background: () => undefined,
  files: fileStore('./data/files'),
  thumbnails: thumbnailStore(join(tmpdir(), `geosonde-thumbnails-${process.pid}`)),
  // A key for this process only: links signed by another process would not verify.
  signingKey: randomBytes(32),
  uploadMaxBytes: DEFAULT_UPLOAD_MAX_BYTES,
  releases: releaseStore('./data/releases'),
  downloadLinkMinutes: 10,
  downloadOrigins: [],
  assistant: embeddedAssistant('./content'),
  askUpstreamUrl: null,
  askUpstreamTimeoutMs: 10_000,
  apiRateLimit: { capacity: 500, perMinute: 60 },
  webhookAllowLoopback: false,
  webhookPollMs: 1000,
  exportBatchRows: 2000,
};

/**
 * The API's routers, each mounted at its resource. Every one of them refuses cross-site writes,
 * refuses NUL characters in the path and query, and knows the signed-in user; each router sets
 * its own body rule (JSON of 64 Ko at most, or the streamed upload of documents).
 */
const apiRoutes = () =>
  new Hono<AppEnv>()
    .use(sameOrigin, cleanTarget, loadUser)
    .route('/', authRoutes)
    .route('/health', healthRoutes)
    .route('/password', passwordRoutes)
    .route('/invitations', invitationRoutes)
    .route('/boreholes/table', boreholeTableRoutes)
    .route('/boreholes/map', boreholeMapRoutes)
    .route('/boreholes', boreholeExportRoutes)
    .route('/boreholes', recordRoutes)
    .route('/boreholes', boreholeRoutes)
    .route('/sections', sectionRoutes)
    .route('/surfaces', surfaceRoutes)
    .route('/shared', sharedRoutes)
    .route('/reports', reportRoutes)
    .route('/imports', importRoutes)
    .route('/projects', projectRoutes)
    .route('/files', fileRoutes)
    .route('/download', downloadRoutes)
    .route('/admin/download', downloadRoutes)
    .route('/admin', adminRoutes)
    .route('/tokens', apiTokenRoutes)
    .route('/exports', exportRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/releases', releaseRoutes);

/** `/ask`: the assistant, and the download page's fallback paths for the app's metadata. */
const askRoutes = () =>
  new Hono<AppEnv>()
    .use(sameOrigin, cleanTarget, loadUser)
    .route('/', assistantRoutes)
    .route('/download', downloadRoutes)
    .route('/admin/download', downloadRoutes);

/**
 * Builds the API: shared middleware (request id, logger, known hosts only, security headers,
 * compression), the routers under `/api` and `/ask`, and JSON answers for unknown paths and
 * errors. Tests call `createApp(...).request()` without a port.
 */
export function createApp({ db, logRequests = false, settings: overrides = {} }: AppOptions) {
  const settings: AppSettings = { ...DEFAULT_SETTINGS, ...overrides };
  const app = new Hono<AppEnv>();
  app.use(requestId());
  if (logRequests) app.use(logger());
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('settings', settings);
    await next();
  });
  app.use(knownHost, securityHeaders(settings), compressAnswers);
  app.route('/api', apiRoutes());
  app.route('/ask', askRoutes());
  app.route('/v1', v1Routes());

  app.notFound(notFoundJson);
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 400 ? 'Requête mal formée.' : error.message || 'Requête refusée.';
      return c.json<ErrorBody>({ error: message }, status);
    }
    if (error instanceof SyntaxError) return c.json<ErrorBody>({ error: MALFORMED_JSON }, 400);
    if (error instanceof HashingBusy) {
      c.header('Retry-After', '5');
      return c.json<ErrorBody>({ error: error.message }, 503);
    }
    const storage = storageProblem(error);
    console.error(`[${c.var.requestId}]`, storage ? `507 ${error.message}` : error);
    if (storage) return c.json<ErrorBody>({ error: storage }, 507);
    return c.json<ErrorBody>({ error: 'Erreur interne. Réessayez dans un instant.' }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
