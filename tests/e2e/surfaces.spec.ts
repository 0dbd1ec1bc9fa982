import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// Montréal's demo boreholes: some reached the limestone or shale, the others stopped above it.
const MONTREAL = 'bbox=-74.00000,45.30000,-73.30000,45.80000';

test('a surface of the rock is drawn on the map with its uncertainty, its boreholes listed and exported', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.montreal);
  await page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Surfaces' }).click();
  await expect(page).toHaveURL(/\/client\/surfaces/);
  await expect(page.getByRole('heading', { level: 1, name: 'Surfaces' })).toBeVisible();
  await expect(page.getByText('Placez la carte sur la zone voulue')).toBeVisible();

  await page.goto(`/client/surfaces?tenant=montreal&quantity=rock-depth&method=natural&${MONTREAL}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profondeur du roc' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Forages de la surface/ });
  await expect(table).toBeVisible();
  const rowsOf = (nature: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: nature, exact: true }) })
      .count();
  const [exact, bounds] = [await rowsOf('valeur'), await rowsOf('au moins')];
  expect(exact).toBeGreaterThanOrEqual(3);
  expect(bounds).toBeGreaterThan(0);
  // The layer, its contours and a marker for each borehole.
  const map = page.locator('.surfaces__map');
  await expect(map.locator('img.surfaces__image')).toHaveCount(1);
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(exact + bounds);
  await expect(page.getByText(/^Voisins naturels \(Sibson\)/)).toBeVisible();
  await expect(page.getByText(/forages? se sont arrêtés avant le roc/)).toBeVisible();
  const ramp = page.locator('.surfaces__ramp');
  await expect(ramp).toHaveClass(/surfaces__ramp--value/);
  const valueImage = await map.locator('img.surfaces__image').getAttribute('src');
  await page.getByLabel('Distance au forage le plus proche').check();
  await expect(ramp).toHaveClass(/surfaces__ramp--uncertainty/);
  await expect(map.locator('img.surfaces__image')).not.toHaveAttribute('src', valueImage!);

  // A click inside the surface gives its value and how far the nearest borehole is.
  const image = (await map.locator('img.surfaces__image').boundingBox())!;
  const view = (await map.boundingBox())!;
  const x = Math.min(Math.max(image.x + image.width / 2, view.x + 20), view.x + view.width - 20);
  const y = Math.min(Math.max(image.y + image.height / 2, view.y + 20), view.y + view.height - 20);
  await page.mouse.click(x, y);
  await expect(map.locator('.surfaces__popup')).toHaveText(
    /(\d+,\d\d m\s*à [\d\s ]+ m du forage le plus proche)|(Hors de la surface)/,
  );

  const [tiff] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'GeoTIFF' }).click(),
  ]);
  expect(tiff.suggestedFilename()).toBe('surface-profondeur-du-roc-voisins-naturels.tif');
  const bytes = await readFile(await tiff.path());
  // A TIFF, either byte order.
  expect(['II*\u0000', 'MM\u0000*']).toContain(bytes.subarray(0, 4).toString('latin1'));

  const axe = await new AxeBuilder({ page }).include('.surfaces').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Kriging needs ten boreholes with a value: the screen says so, in French, and keeps the map.
  await page.getByLabel('Krigeage ordinaire').check();
  await page.getByRole('button', { name: 'Calculer sur la vue de la carte' }).click();
  await expect(page.getByRole('alert')).toContainText('Le krigeage demande au moins 10 forages');
  await expect(page).toHaveURL(/quantity=rock-depth&method=kriging&bbox=/);
});
