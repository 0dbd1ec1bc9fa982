import { expect, type Page } from '@playwright/test';

/** The site's public paths, as its sitemap lists them. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>https:\/\/geosonde\.ca([^<]*)<\/loc>/g)].map((match) => match[1]!);
}
