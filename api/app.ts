import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { logger } from 'hono/logger';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { randomBytes } from 'node:crypto';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../src/domain/upload.ts';
import type { SessionUser } from './auth/sessions.ts';
import type { Database } from './db/database.ts';
import { fileStore, type FileStore } from './files/file-store.ts';
import { outboxMailer, type Mailer } from './mail/mailer.ts';
import { isUpload, sameOriginJson } from './middleware/csrf.ts';
import { loadUser } from './middleware/session.ts';
import { embeddedAssistant, type Assistant } from './ask/assistant.ts';
import { askRoutes } from './routes/ask.ts';
import { authRoutes } from './routes/auth.ts';
import { boreholeRoutes } from './routes/boreholes.ts';
import { healthRoutes } from './routes/health.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { passwordRoutes } from './routes/password.ts';
import { releaseStore, type ReleaseStore } from './releases/release-store.ts';
import { downloadMetadataRoutes, releaseFileRoutes } from './routes/download.ts';
import { reportRoutes } from './routes/reports.ts';

/** Settings the handlers read; `createApp` fills in the defaults. */
export interface AppSettings {
  idleMinutes: number;
  absoluteHours: number;
  /** Public origin for links in e-mails (PUBLIC_URL); the request's origin when null. */
  publicUrl: string | null;
  mailer: Mailer;
  /** Read the client's address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** Hashes ('sha256-…') of the site's inline scripts, allowed by the CSP. */
  scriptHashes: string[];
  /** Work that finishes after the answer (e-mails); tests pass a collector to wait for it. */
  background: (work: Promise<unknown>) => void;
  /** Where documents are kept. */
  files: FileStore;
  /** Signs and checks the document links. */
  signingKey: Uint8Array;
  /** The largest document an upload may hold, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** The desktop app's releases. */
  releases: ReleaseStore;
  /** How long a download link works (DOWNLOAD_LINK_MINUTES). */
  downloadLinkMinutes: number;
  /** Origins the site may fetch a download from besides its own (DOWNLOAD_ORIGINS). */
  downloadOrigins: string[];
  /** The embedded assistant (retrieval over content/). */
  assistant: Assistant;
  /** An outside assistant service that answers instead (ASK_UPSTREAM_URL), and how long to wait for it. */
  askUpstreamUrl: string | null;
  askUpstreamTimeoutMs: number;
}

/** What every handler can read from the context. */
export interface AppEnv {
  Variables: { db: Database; requestId: string; settings: AppSettings; user: SessionUser | null };
}

export interface AppOptions {
  db: Database;
  logRequests?: boolean;
  settings?: Partial<AppSettings>;
}

/** The JSON body of every error answer: one French sentence. */
export interface ErrorBody {
  error: string;
}

const smallBodies = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c) => c.json<ErrorBody>({ error: 'Requête trop volumineuse.' }, 413),
});

/** 64 Ko at most per request body, except an upload: it streams its files and counts them (routes/reports.ts). */
const bodyLimits = createMiddleware<AppEnv>((c, next) =>
  isUpload(c.req.method, c.req.path) ? next() : smallBodies(c, next),
);

/** True for the paths the API answers (everything else is the site). */
export const isApiPath = (path: string) => /^\/(api|ask)(\/|$)/.test(path);

/** The JSON answer to an unknown API path. */
export const notFoundJson = (c: Context) => c.json<ErrorBody>({ error: 'Ressource introuvable.' }, 404);

const DEFAULT_SETTINGS: AppSettings = {
  idleMinutes: 30,
  absoluteHours: 12,
  publicUrl: null,
  mailer: outboxMailer('./data/outbox'),
  trustProxy: false,
  scriptHashes: [],
  background: () => undefined,
  files: fileStore('./data/files'),
  // A key for this process only: links signed by another process would not verify.
  signingKey: randomBytes(32),
  uploadMaxBytes: DEFAULT_UPLOAD_MAX_BYTES,
  releases: releaseStore('./data/releases'),
  downloadLinkMinutes: 10,
  downloadOrigins: [],
  assistant: embeddedAssistant('./content'),
  askUpstreamUrl: null,
  askUpstreamTimeoutMs: 10_000,
};

/**
 * Builds the API: shared middleware, one router per resource under `/api`, and JSON answers
 * for unknown paths and errors. Tests call `createApp(...).request()` without a port.
 */
export function createApp({ db, logRequests = false, settings: overrides = {} }: AppOptions) {
  const settings: AppSettings = { ...DEFAULT_SETTINGS, ...overrides };
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  if (logRequests) app.use('*', logger());
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the GeoPackage export compile SQLite's WebAssembly; JavaScript eval stays off.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...settings.scriptHashes.map((hash) => `'${hash}'`)],
        // Inline style attributes remain (code samples' colours); no inline script runs without its hash.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // DOWNLOAD_ORIGINS: where the desktop app may be downloaded from besides this site (a CDN).
        connectSrc: ["'self'", ...settings.downloadOrigins],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'mailto:'],
      },
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('settings', settings);
    await next();
  });

  // Every router of the API reads bodies within limits, refuses cross-site writes and knows the user.
  const guarded = () =>
    new Hono<AppEnv>()
      .use('*', bodyLimits)
      .use('*', sameOriginJson(settings.publicUrl && new URL(settings.publicUrl).origin))
      .use('*', loadUser);
  const api = guarded()
    .route('/', healthRoutes)
    .route('/', authRoutes)
    .route('/', passwordRoutes)
    .route('/', invitationRoutes)
    .route('/', boreholeRoutes)
    .route('/', reportRoutes)
    .route('/', downloadMetadataRoutes)
    .route('/', releaseFileRoutes);
  app.route('/api', api);
  // The download page's fallback paths (/ask/download, /ask/admin/download) answer the same way.
  app.route('/ask', guarded().route('/', askRoutes).route('/', downloadMetadataRoutes));

  app.notFound(notFoundJson);
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 400 ? 'Requête mal formée.' : error.message || 'Requête refusée.';
      return c.json<ErrorBody>({ error: message }, status);
    }
    if (error instanceof SyntaxError) return c.json<ErrorBody>({ error: 'Requête mal formée : JSON invalide.' }, 400);
    console.error(`[${c.var.requestId}]`, error);
    return c.json<ErrorBody>({ error: 'Erreur interne. Réessayez dans un instant.' }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
