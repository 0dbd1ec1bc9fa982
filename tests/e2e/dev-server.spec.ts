import { expect, test } from '@playwright/test';

// `npm run dev` (astro dev with the API inside) behaves like the built site for routes and API.
test('redirects land on their anchor in the dev server', async ({ page }) => {
  await page.goto('/solutions/3d');
  await expect(page).toHaveURL(/\/solutions#threed$/);
  await expect(page.locator('#threed')).toBeAttached();
  await page.goto('/legal/licensing');
  await expect(page).toHaveURL(/\/pricing#license$/);
});

test('the dev server shows the home page for an unknown path and serves the API', async ({ page, request }) => {
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Les données du sous-sol, enfin à portée de main');
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgres', writable: true });
  expect(await (await request.get('/api/me')).json()).toBeNull();
});
