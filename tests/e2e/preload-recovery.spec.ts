import { expect, test } from '@playwright/test';

// The workspace pages load their island from a code chunk: a good subject for a failed load.
// Astro retries a failed island import once (with ?astro-retry=…), so a load fails twice.
const ISLAND_CHUNK = /\/_astro\/session-guard\.[\w-]+\.js(\?.*)?$/;

test.describe('a code chunk that fails to load', () => {
  test('reloads the page once, which then works', async ({ page }) => {
    let failures = 0;
    await page.route(ISLAND_CHUNK, (route) => (failures++ < 2 ? route.abort() : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/client/map');
    await expect(page).toHaveURL(/\/login$/);
    expect(failures).toBe(3);
    // The page, its reload, then the sign-in page the guard sends an anonymous visitor to.
    expect(loads).toBe(3);
  });

  test('lets the error through when a reload does not help', async ({ page }) => {
    await page.route(ISLAND_CHUNK, (route) => route.abort());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/client/map');
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
    await expect(page).toHaveURL(/\/client\/map$/);
  });
});
