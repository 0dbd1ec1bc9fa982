import { expect, test } from './visitor.ts';

test.describe('redirects', () => {
  const REDIRECTS: [from: string, path: string, anchor: string][] = [
    ['/solutions/digitisation', '/solutions', 'digitisation'],
    ['/solutions/3d', '/solutions', 'threed'],
    ['/solutions/contamination', '/solutions', 'contamination'],
    ['/solutions/integrations', '/solutions', 'integrations'],
    ['/sectors/geotech', '/sectors', 'geotech'],
    ['/sectors/municipal', '/sectors', 'municipal'],
    ['/sectors/environment', '/sectors', 'environment'],
    ['/sectors/construction', '/sectors', 'construction'],
    ['/legal/licensing', '/pricing', 'license'],
  ];
  for (const [from, path, anchor] of REDIRECTS) {
    test(`${from} lands on ${path}#${anchor}, scrolled to it`, async ({ visitor: page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${path}#${anchor}$`));
      await expect(page.locator(`#${anchor}`)).toBeInViewport();
    });
  }

  test('keep the query string', async ({ visitor: page }) => {
    await page.goto('/sectors/municipal?tenant=stjulie');
    await expect(page).toHaveURL(/\/sectors\?tenant=stjulie#municipal$/);
  });
});

test('an unknown path shows the home page', async ({ visitor: page }) => {
  const response = await page.goto('/cette/page/n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Les données du sous-sol, enfin à portée de main');
  for (const id of ['why', 'solutions', 'how', 'usecases', 'trust'])
    await expect(page.locator(`#${id}`)).toBeAttached();
});

test('a navigation without a hash starts at the top, one with a hash at its target', async ({ visitor: page }) => {
  await page.goto('/legal');
  await page.mouse.wheel(0, 2000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Témoins (cookies)' }).click();
  await expect(page).toHaveURL(/\/legal#cookies$/);
  await expect(page.locator('#cookies')).toBeInViewport();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Carrières' }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the footer links every information page and the legal pages', async ({ visitor: page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const expected: [string, string][] = [
    ['Support', '/support'],
    ['Services', '/services'],
    ['Éducation', '/programs/education'],
    ['Développeurs', '/developers'],
    ['Recherche', '/research'],
    ['Partenaires', '/partners'],
    ['Carrières', '/careers'],
    ['Impact', '/impact'],
    ['Confidentialité', '/legal#privacy'],
    ['Conditions d’utilisation', '/legal#terms'],
    ['Témoins (cookies)', '/legal#cookies'],
    ['Licence', '/legal/licensing'],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: /LinkedIn/ })).toBeVisible();
});
