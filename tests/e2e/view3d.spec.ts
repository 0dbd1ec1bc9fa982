import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';
import { findChromium, WEBGL_FLAGS } from '../../scripts/chromium.ts';

// WebGL drawn by SwiftShader on the CPU, as on a machine without a graphics card.
test.use({ launchOptions: { executablePath: findChromium({ headlessShell: true }), args: WEBGL_FLAGS } });

const MONTREAL = 'bbox=-74.00000,45.30000,-73.30000,45.80000';

test('the 3D view shows the zone’s boreholes and its surface, answers the keyboard, and a click opens a record', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, ACCOUNTS.montreal);
  await page.goto(`/client/surfaces?tenant=montreal&quantity=rock-depth&method=natural&${MONTREAL}`);
  await page.getByRole('link', { name: 'Voir en 3D' }).click();
  await expect(page).toHaveURL(/\/client\/view3d\?tenant=montreal&bbox=[-\d.%C]+&surface=rock-depth&method=natural$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vue 3D — Profondeur du roc' })).toBeVisible();
  // The demo's boreholes have no ground elevation: the view says it hangs them from one ground.
  await expect(page.locator('.view3d__summary')).toContainText(/^\d+ forages, suspendus à une surface commune/);
  const canvas = page.locator('.view3d__canvas');
  await expect(canvas.locator('canvas')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Légende des classes de sol' })).toContainText('Argile');

  // The keyboard turns the view: the names at the collars move.
  const label = canvas.locator('.view3d__labels span', { hasText: 'MTL-BH-04' });
  const before = await label.evaluate((element) => element.style.transform);
  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => label.evaluate((element) => element.style.transform)).not.toBe(before);
  await page.keyboard.press('Home');
  await expect.poll(() => label.evaluate((element) => element.style.transform)).toBe(before);
  await page.getByRole('button', { name: 'Zoom avant' }).click();
  await expect.poll(() => label.evaluate((element) => element.style.transform)).not.toBe(before);
  await page.getByRole('button', { name: 'Vue initiale' }).click();
  await page.getByLabel(/Exagération verticale/).fill('20');
  await expect(page.getByText('Exagération verticale : 20×')).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('.view3d').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // A click on the column, just under its name, opens its record.
  const box = (await canvas.boundingBox())!;
  const [x, y] = (await label.evaluate((element) =>
    /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(element.style.transform)!.slice(1).map(Number),
  )) as [number, number];
  await page.mouse.click(box.x + x, box.y + y + 6);
  await expect(page).toHaveURL(/\/client\/boreholes\/MTL-BH-04/);
  expect(errors).toEqual([]);
});

test('from a section, the 3D view stands its plane among the boreholes and links back to it', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal);
  await page.goto('/client/sections?tenant=montreal&line=45.500680,-73.573210;45.500380,-73.556020&corridor=25');
  await page.getByRole('link', { name: 'Voir en 3D' }).click();
  await expect(page).toHaveURL(
    /\/client\/view3d\?tenant=montreal&bbox=[-\d.%C]+&line=45\.500680%2C-73\.573210%3B45\.500380%2C-73\.556020$/,
  );
  await expect(page.locator('.view3d__summary')).toContainText('plan de la coupe en bleu');
  await expect(page.getByRole('link', { name: 'La coupe 2D de la même ligne' })).toHaveAttribute(
    'href',
    /\/client\/sections\?tenant=montreal&line=45\.500680%2C-73\.573210%3B45\.500380%2C-73\.556020/,
  );
});
