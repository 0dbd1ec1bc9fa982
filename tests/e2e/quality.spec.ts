import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './visitor.ts';
import { sitemapPaths } from './sitemap.ts';

/**
 * Scrolls the page and waits for what the scroll may start to be done: the page has moved (when
 * it can), every island in view has hydrated (Astro removes its `ssr` attribute) and every image
 * in view has loaded or failed.
 */
async function scrollAndSettle(page: Page, pixels: number) {
  await page.mouse.wheel(0, pixels);
  await page.waitForFunction(() => {
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    };
    const scrolled = scrollY > 0 || document.documentElement.scrollHeight <= innerHeight;
    const hydrated = [...document.querySelectorAll('astro-island[ssr]')].every(
      (island) => island.getAttribute('client') === 'visible' && ![...island.children].some(inView),
    );
    const loaded = [...document.images].filter(inView).every((image) => image.complete);
    return scrolled && hydrated && loaded;
  });
}

/** Every script a page runs once it has settled: inline ones and the files it loads, gzipped. */
async function scriptsOf(page: Page, path: string) {
  const files: Promise<{ url: string; gzip: number }>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') {
      files.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
    }
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  await scrollAndSettle(page, 400);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '').join('\n'),
  );
  page.off('response', onResponse);
  const loaded = await Promise.all(files);
  const total = loaded.reduce((sum, file) => sum + file.gzip, 0) + gzipSync(inline).length;
  return { files: loaded, total };
}

test('no page breaks its Content Security Policy', async ({ visitor: page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/', '/support', '/login', '/register', '/developers']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await scrollAndSettle(page, 600);
  }
  expect(violations).toEqual([]);
});

test.describe('performance budgets', () => {
  test('text pages ship no React and at most 5 kB of gzipped JavaScript', async ({ visitor: page }) => {
    // Fifteen pages, each loaded until the network is idle: more than 30 s on a busy 2-CPU machine.
    test.setTimeout(90_000);
    const textPages = (await sitemapPaths(page)).filter((path) => path !== '/');
    for (const path of textPages) {
      const { files, total } = await scriptsOf(page, path);
      expect(
        files.map((file) => file.url).filter((url) => /react|client\.|jsx-runtime/.test(url)),
        path,
      ).toEqual([]);
      expect(total, `${path}: ${total} bytes`).toBeLessThanOrEqual(5 * 1024);
    }
  });

  test('the home page loads at most 90 kB of gzipped JavaScript, none of it blocking', async ({ visitor: page }) => {
    const { total } = await scriptsOf(page, '/');
    expect(total).toBeLessThanOrEqual(90 * 1024);
    const blocking = await page.evaluate(
      () =>
        [...document.querySelectorAll('head script[src]')].filter(
          (s) =>
            !(s as HTMLScriptElement).type.includes('module') &&
            !(s as HTMLScriptElement).defer &&
            !(s as HTMLScriptElement).async,
        ).length,
    );
    expect(blocking).toBe(0);
  });
});

test.describe('search engines', () => {
  test('every page has its own title, description, canonical URL and Open Graph tags', async ({ visitor: page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    const paths = await sitemapPaths(page);
    for (const path of paths) {
      await page.goto(path);
      const head = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
        ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '',
        robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '',
      }));
      titles.add(head.title);
      descriptions.add(head.description);
      expect(head.description.length, path).toBeGreaterThan(30);
      expect(head.canonical).toBe(`https://geosonde.ca${path}`);
      expect(head.ogTitle).toBe(head.title);
      expect(head.ogImage).toMatch(/^https:\/\/geosonde\.ca\/media\//);
      expect(head.robots).toBe('');
    }
    expect(titles.size).toBe(paths.length);
    expect(descriptions.size).toBe(paths.length);
  });

  test('robots.txt points to the sitemap and keeps the application out', async ({ visitor: page }) => {
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://geosonde.ca/sitemap.xml');
    expect(robots).toContain('Disallow: /client');
    expect(await sitemapPaths(page)).not.toContain('/client');
    await page.goto('/login');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
