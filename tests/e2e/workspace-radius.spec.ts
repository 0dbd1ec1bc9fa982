import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, movesEnded, results, settle, shownTile, signIn } from './workspace-helpers.ts';

const map = (page: Page) => page.locator('.borehole-map');
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filtres' });
const pickButton = (page: Page) => filters(page).getByRole('button', { name: 'Choisir le centre sur la carte' });

/** The place under a point of the screen, found independently of the app: a shown tile and Web Mercator's inverse. */
async function placeAt(page: Page, { x, y }: { x: number; y: number }) {
  const tile = await shownTile(page);
  const world = 256 * 2 ** tile.z;
  const wx = tile.x * 256 + ((x - tile.left) * 256) / tile.width;
  const wy = tile.y * 256 + ((y - tile.top) * 256) / tile.height;
  return {
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / world))) * 180) / Math.PI,
    lng: (wx / world) * 360 - 180,
    zoom: tile.z,
  };
}

test('the radius search: its centre chosen on the map, its circle drawn, dashed before it applies', async ({
  page,
}) => {
  // Two searches, two framings and a reload: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.montreal);
  await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
  await settle(page);
  await filters(page).getByText('Filtres avancés').click();

  // Pick mode: pressed, a hint on the map; Escape gives up.
  await pickButton(page).click();
  await expect(pickButton(page)).toHaveAttribute('aria-pressed', 'true');
  const hint = map(page).getByRole('status');
  await expect(hint).toHaveText('Cliquez sur la carte pour placer le centre de la recherche — Échap pour annuler');
  await page.keyboard.press('Escape');
  await expect(pickButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(hint).toHaveCount(0);

  // The click fills the centre with the place clicked; no borehole is selected by it.
  await pickButton(page).click();
  const box = (await map(page).boundingBox())!;
  const point = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.5 };
  const place = await placeAt(page, point);
  await page.mouse.click(point.x, point.y);
  await expect(pickButton(page)).toHaveAttribute('aria-pressed', 'false');
  const lat = Number(await filters(page).getByLabel('Latitude du centre').inputValue());
  const lng = Number(await filters(page).getByLabel('Longitude du centre').inputValue());
  // Within 3 pixels of the place clicked, at the map's zoom.
  const threePixels = (3 * 360) / (256 * 2 ** place.zoom);
  expect(Math.abs(lat - place.lat)).toBeLessThan(threePixels);
  expect(Math.abs(lng - place.lng)).toBeLessThan(threePixels);
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(0);

  // The radius typed: the circle is drawn dashed until the search applies.
  await filters(page).getByLabel('Rayon (km)').fill('2');
  await expect(page.locator('path.radius-circle--draft')).toHaveCount(1);
  const moves = await movesEnded(page);
  await filters(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/radiusKm=2/);
  const query = new URL(page.url()).search;
  const expected = ((await (await page.request.get(`/api/boreholes${query}`)).json()) as { total: number }).total;
  await expect(results(page).getByRole('heading')).toHaveText(
    expected === 0 ? 'Aucun résultat.' : `${expected} résultat${expected > 1 ? 's' : ''}`,
  );
  await settle(page, moves);
  await expect(page.locator('path.radius-circle--draft')).toHaveCount(0);
  const circle = page.locator('path.radius-circle');
  await expect(circle).toHaveCount(1);
  await expect(page.locator('path.radius-centre')).toHaveCount(1);
  // Centred on the place chosen, 2 km across Web Mercator's scale at that latitude and zoom.
  const drawn = (await circle.boundingBox())!;
  const zoom = (await placeAt(page, { x: drawn.x + drawn.width / 2, y: drawn.y + drawn.height / 2 })).zoom;
  const centre = await placeAt(page, { x: drawn.x + drawn.width / 2, y: drawn.y + drawn.height / 2 });
  expect(Math.abs(centre.lat - lat)).toBeLessThan(2e-3);
  expect(Math.abs(centre.lng - lng)).toBeLessThan(2e-3);
  const metresPerPixel = (156_543.033_92 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
  const radiusPx = 2000 / metresPerPixel;
  expect(Math.abs(drawn.width / 2 - radiusPx) / radiusPx).toBeLessThan(0.03);

  // Kept in the address: reloaded, the circle is there again; Réinitialiser takes it away.
  await page.reload();
  await expect(page.locator('path.radius-circle')).toHaveCount(1);
  await filters(page).getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.locator('path.radius-circle')).toHaveCount(0);
});

test('the database screen has no map, hence no centre to choose on it', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal, '/client/database?tenant=montreal');
  await filters(page).getByText('Filtres avancés').click();
  await expect(filters(page).getByLabel('Rayon (km)')).toBeVisible();
  await expect(pickButton(page)).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the filter sheet steps aside for the tap on the map, and comes back with the centre', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    await settle(page);
    await page.getByRole('button', { name: 'Filtres', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.getByRole('button', { name: 'Choisir le centre sur la carte' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(map(page).getByRole('status')).toBeVisible();
    const box = (await map(page).boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const place = await placeAt(page, point);
    await page.touchscreen.tap(point.x, point.y);
    await expect(sheet).toBeVisible();
    const threePixels = (3 * 360) / (256 * 2 ** place.zoom);
    expect(Math.abs(Number(await sheet.getByLabel('Latitude du centre').inputValue()) - place.lat)).toBeLessThan(
      threePixels,
    );
    expect(Math.abs(Number(await sheet.getByLabel('Longitude du centre').inputValue()) - place.lng)).toBeLessThan(
      threePixels,
    );
  });
});
