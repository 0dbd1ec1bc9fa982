import { expect, test, type APIRequestContext } from '@playwright/test';

// The workspace pages load their island from a code chunk: a good subject for a failed load.
// Astro retries a failed island import once (with ?astro-retry=…), so a load fails twice.
async function islandChunk(request: APIRequestContext): Promise<RegExp> {
  const html = await (await request.get('/client/map')).text();
  const url = /component-url="([^"]+)"/.exec(html)![1]!;
  return new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`);
}

test.describe('a code chunk that fails to load', () => {
  test('reloads the page once, which then works', async ({ page, request }) => {
    let failures = 0;
    await page.route(await islandChunk(request), (route) => (failures++ < 2 ? route.abort() : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/client/map');
    await expect(page).toHaveURL(/\/login$/);
    expect(failures).toBe(3);
    // The page, its reload, then the sign-in page the guard sends an anonymous visitor to.
    await expect.poll(() => loads).toBe(3);
  });

  test('lets the error through when a reload does not help', async ({ page, request }) => {
    await page.route(await islandChunk(request), (route) => route.abort());
    // Each error with the document it came from: 1 the page, 2 its reload.
    let documents = 0;
    page.on('request', (sent) => {
      if (sent.isNavigationRequest() && sent.frame() === page.mainFrame()) documents++;
    });
    const errors: { message: string; document: number }[] = [];
    page.on('pageerror', (error) => errors.push({ message: error.message, document: documents }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/client/map');
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The reload threw the error instead of reloading again: within a minute, it never will.
    await expect.poll(() => errors.some((error) => error.document === 2)).toBe(true);
    await expect.poll(() => loads).toBe(2);
    expect(documents).toBe(2);
    await expect(page).toHaveURL(/\/client\/map$/);
  });
});
