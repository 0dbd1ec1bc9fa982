import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { AstroIntegration } from 'astro';
import { createApp } from './app.ts';
import { isApiPath } from './paths.ts';
import { keyedPageFor } from '../src/site/routes.ts';
import { openDatabase } from './db/open.ts';
import { parseEnv } from './env.ts';
import { settingsFromEnv } from './settings.ts';

/**
 * Serves the API inside `astro dev`, so that `npm run dev` is one process on one port like
 * `npm start`. It uses its own embedded database folder (DATA_DIR/dev) so that it never opens
 * the folder of a running `npm start`.
 */
export function apiDevServer(): AstroIntegration {
  return {
    name: 'geosonde-api-dev',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const env = parseEnv();
        const dataDir = join(env.DATA_DIR, 'dev');
        const { db, files } = await openDatabase({ ...env, DATA_DIR: dataDir }, 'npm run dev');
        // Astro and its libraries need the real global Response, so leave the globals alone.
        const app = createApp({
          db,
          logRequests: true,
          settings: await settingsFromEnv(env, dataDir, files, server.config.server.port ?? 4321),
        });
        const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
        server.middlewares.use((req, res, next) => {
          const [path = '', query] = (req.url ?? '').split('?');
          if (isApiPath(path)) return void listener(req, res);
          // An address holding a key is served by its page, as the production server does.
          const page = keyedPageFor(path);
          if (page) req.url = query === undefined ? page : `${page}?${query}`;
          next();
        });
        server.httpServer?.once('close', () => void db.close());
      },
    },
  };
}
