import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { keyedPageFor, redirectFor } from '../src/site/routes.ts';
import type { AppOptions } from './app-env.ts';
import { createApp } from './app.ts';
import { isApiPath, notFoundJson } from './paths.ts';
import { inlineScriptHashes } from './site-hashes.ts';

/**
 * The whole product on one origin: the API, then the redirects of the site with a real 301,
 * then the pre-rendered pages of `siteDir`. An unknown path shows the home page (Astro's
 * 404 page is the home page) with a 404 status, so that search engines do not index it.
 */
export async function createServerApp(options: AppOptions & { siteDir: string }) {
  const scriptHashes = await inlineScriptHashes(options.siteDir);
  const app = createApp({ ...options, settings: { ...options.settings, scriptHashes } });
  const notFoundPage = readFile(join(options.siteDir, '404.html'), 'utf8').catch(() => null);

  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const target = redirectFor(c.req.path);
    if (target) {
      const query = new URL(c.req.url).search;
      const [path, hash = ''] = target.split('#');
      return c.redirect(`${path}${query}${hash ? `#${hash}` : ''}`, 301);
    }
    return next();
  });
  // A record (/client/boreholes/<id>) or a shared record (/partage/<token>): the one page that reads its key.
  app.use('*', async (c, next) => {
    const page = isApiPath(c.req.path) ? null : keyedPageFor(c.req.path);
    if (!page) return next();
    const html = await readFile(join(options.siteDir, page, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return next();
    c.header('Cache-Control', 'no-cache');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return c.html(html);
  });
  app.use(
    '*',
    serveStatic({
      root: options.siteDir,
      onFound: (path, c) => {
        const immutable = path.includes('/_astro/');
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.notFound(async (c) => {
    if (isApiPath(c.req.path)) return notFoundJson(c);
    const page = await notFoundPage;
    return page ? c.html(page, 404) : c.text('Page introuvable. Lancez « npm run build ».', 404);
  });
  return app;
}
