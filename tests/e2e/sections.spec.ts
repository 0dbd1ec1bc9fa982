import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// Two of Montréal's demo boreholes, 1 340 m apart (haversine: 1 340,1 m): MTL-BH-01 and MTL-BH-14.
const LINE = '45.500680,-73.573210;45.500380,-73.556020';

test('a line drawn on the map opens its section, whose boreholes are drawn, listed and exported', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal);
  const map = page.locator('.borehole-map');
  await page.getByRole('button', { name: 'Coupe' }).click();
  await expect(page.getByRole('button', { name: 'Coupe' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Touchez la carte au début de la ligne de coupe')).toBeVisible();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.45);
  await expect(page.getByText('1 point : touchez la carte à la fin de la ligne')).toBeVisible();
  await page.mouse.click(box.x + box.width * 0.65, box.y + box.height * 0.5);
  await expect(page.getByText('2 points : ouvrez la coupe ou prolongez la ligne')).toBeVisible();
  await expect(map.locator('path.leaflet-interactive[stroke-dasharray]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Ouvrir la coupe' }).click();
  await expect(page).toHaveURL(/\/client\/sections\?tenant=montreal&line=[-\d.,]+;[-\d.,]+&corridor=25/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coupe géologique' })).toBeVisible();
  await expect(page.locator('.sections__summary')).toBeVisible();

  // The same street, drawn through two boreholes: both are taken, in order along the line.
  await page.goto(`/client/sections?tenant=montreal&line=${LINE}&corridor=25`);
  await expect(page.locator('.sections__summary')).toHaveText(
    /^2 forages le long de 1\s340,1 m, à moins de 12,5 m de la ligne\.$/,
  );
  const drawing = page.locator('.sections__drawing svg');
  await expect(drawing.locator('[data-borehole]')).toHaveCount(2);
  await expect(drawing.locator('[data-borehole]').first()).toHaveAttribute('data-borehole', 'MTL-BH-01');
  // The demo boreholes have no ground elevation: the section says it draws depths.
  await expect(page.getByText(/Sans élévation du terrain \(MTL-BH-01, MTL-BH-14\)/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Forages de la coupe' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(2)).toContainText('MTL-BH-14');
  await expect(table.getByRole('row').nth(2)).toContainText(/1\s340,1/);

  // Options go to the address, so that a link gives the same section.
  await page.getByLabel('Titre', { exact: true }).fill('Coupe A–A′ René-Lévesque');
  await page.getByLabel('Exagération verticale').fill('10');
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupe A–A′ René-Lévesque' })).toBeVisible();
  await expect(page).toHaveURL(/exaggeration=10&title=Coupe\+A%E2%80%93A%E2%80%B2\+Ren/);
  await expect(drawing).toContainText('exagération 10×');

  const [dxf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DXF' }).click()]);
  expect(dxf.suggestedFilename()).toBe('coupe-Coupe-A-A-Rene-Levesque.dxf');
  const text = await readFile(await dxf.path(), 'utf8');
  expect(text).toContain('MTL-BH-14');
  expect(text).toMatch(/UNITE-[A-Z-]+/);

  const axe = await new AxeBuilder({ page }).include('.sections').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Saved in a project: the address names it, the page says who saved it when, and the list of
  // saved sections opens it again until its author deletes it.
  const save = page.getByRole('form', { name: 'Enregistrer la coupe' });
  await expect(save.getByLabel('Titre de la coupe enregistrée')).toHaveValue('Coupe A–A′ René-Lévesque');
  const project = save.getByLabel('Projet');
  await expect(project.locator('option')).not.toHaveCount(1);
  await project.selectOption({ index: 1 });
  await save.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^Enregistrée par geotech@montreal\.ca le \d{4}-\d\d-\d\d, projet /)).toBeVisible();
  await expect(page).toHaveURL(/&saved=[0-9a-f-]{36}$/);
  const address = page.url();
  await page.goto('/client/sections?tenant=montreal');
  const saved = page.getByRole('link', { name: 'Coupe A–A′ René-Lévesque' });
  await expect(saved).toHaveAttribute('href', new URL(address).pathname + new URL(address).search);
  await saved.click();
  await expect(drawing.locator('[data-borehole]')).toHaveCount(2);
  await expect(page.getByText(/^Enregistrée par geotech@montreal\.ca/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Enregistrer la coupe' })).toHaveCount(0);
  await page.goto('/client/sections?tenant=montreal');
  await page.getByRole('button', { name: 'Supprimer la coupe « Coupe A–A′ René-Lévesque »' }).click();
  await page
    .getByRole('dialog', { name: 'Supprimer cette coupe ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'supprimée' })).toHaveText(
    'Coupe « Coupe A–A′ René-Lévesque » supprimée.',
  );
  await expect(page.getByRole('link', { name: 'Coupe A–A′ René-Lévesque' })).toHaveCount(0);
});

test('boreholes selected in the database make a section through them, from the « Coupes » tab', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal, '/client/database?tenant=montreal&selected=MTL-BH-14,MTL-BH-01');
  const tab = page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Coupes' });
  await expect(tab).toHaveAttribute('href', /selected=MTL-BH-14%2CMTL-BH-01/);
  await tab.click();
  await expect(page.locator('.sections__summary')).toHaveText(
    /^2 forages choisis, de l’un à l’autre sur 1\s340,1 m\.$/,
  );
  const columns = page.locator('.sections__drawing svg [data-borehole]');
  await expect(columns).toHaveCount(2);
  // West to east, whatever the order of the selection.
  await expect(columns.first()).toHaveAttribute('data-borehole', 'MTL-BH-01');
  await expect(page.getByLabel('Largeur du corridor (m)')).toHaveCount(0);
});

test('a corridor wider than the server allows is refused in French, and a page without a line says where to draw one', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.montreal, `/client/sections?tenant=montreal&line=${LINE}&corridor=5000`);
  await expect(page.getByRole('alert')).toHaveText('Le corridor mesure au plus 2000 m.');
  await page.goto('/client/sections?tenant=montreal');
  await expect(page.getByRole('link', { name: 'Aller à la carte' })).toHaveAttribute(
    'href',
    '/client/map?tenant=montreal',
  );
});
