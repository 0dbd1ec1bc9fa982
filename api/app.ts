import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { logger } from 'hono/logger';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Database } from './db/database.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';

/** What every handler can read from the context. */
export interface AppEnv {
  Variables: { db: Database; requestId: string };
}

export interface AppOptions {
  db: Database;
  logRequests?: boolean;
}

/** The JSON body of every error answer: one French sentence. */
export interface ErrorBody {
  error: string;
}

/**
 * Builds the API: shared middleware, one router per resource under `/api`, and JSON answers
 * for unknown paths and errors. Tests call `createApp(...).request()` without a port.
 */
export function createApp({ db, logRequests = false }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  if (logRequests) app.use('*', logger());
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'mailto:'],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.use('*', async (c, next) => {
    c.set('db', db);
    await next();
  });

  const api = new Hono<AppEnv>().route('/', healthRoutes).route('/', authRoutes);
  app.route('/api', api);

  app.notFound((c) => c.json<ErrorBody>({ error: 'Ressource introuvable.' }, 404));
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
