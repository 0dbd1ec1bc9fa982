import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Cookie, type Page, type TestInfo } from '@playwright/test';

export const ACCOUNTS = {
  admin: { email: 'admin@geosonde.ca', password: 'GeoSonde-admin-1', tenant: 'admin' },
  montreal: { email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1', tenant: 'montreal' },
  stjulie: { email: 'urbanisme@ville.sainte-julie.qc.ca', password: 'GeoSonde-stjulie-1', tenant: 'stjulie' },
};
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

/** A blank 1×1 PNG: map tiles load (and keep their place on screen) without the Internet. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Map tiles answered by a blank image: the tests reach no other site. */
export const blankTiles = (page: Page) =>
  page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );

/** Where `sign-in.setup.ts` keeps an account's signed-in browser state for the server of `origin`. */
export function savedSignIn(origin: string, account: Pick<Account, 'tenant'>) {
  return join(process.env.GS_E2E_DATA_DIR!, 'signed-in', `${new URL(origin).port}-${account.tenant}.json`);
}

/** Signs in through the page, as a person does: the two steps of /login, then the map. */
export async function signInThroughPage(page: Page, account: { email: string; password: string }) {
  await blankTiles(page);
  await page.goto('/login');
  await page.getByLabel('Adresse courriel').fill(account.email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/map\?tenant=/);
}

/**
 * Opens the account's map (or `to`) with the session that `sign-in.setup.ts` opened once for the
 * run, instead of a sign-in (a password hash) per test. A test that ends the session (sign-out) must use
 * `signInThroughPage`, so that the others keep theirs.
 */
export async function signIn(page: Page, account: Account, to = `/client/map?tenant=${account.tenant}`) {
  await blankTiles(page);
  const origin = test.info().project.use.baseURL!;
  const state = JSON.parse(await readFile(savedSignIn(origin, account), 'utf8')) as { cookies: Cookie[] };
  await page.context().addCookies(state.cookies);
  await page.goto(to);
}

export const results = (page: Page) => page.getByRole('complementary', { name: 'Résultats' });
export const cardIds = (page: Page) => results(page).locator('.result-card__id').allTextContents();

/**
 * One tile of the level the map shows, found independently of the app: Leaflet stacks one container
 * a zoom level and puts the level shown on top (the highest z-index); the tiles of the levels left
 * may linger under it a while. The tile's z/x/y is in its URL, its place on the screen in its box.
 */
export function shownTile(page: Page) {
  return page.evaluate(() => {
    const levels = [...document.querySelectorAll<HTMLElement>('.borehole-map .leaflet-tile-container')].filter(
      (level) => level.querySelector('img.leaflet-tile'),
    );
    const top = levels.reduce((best, level) => (Number(level.style.zIndex) > Number(best.style.zIndex) ? level : best));
    const img = top.querySelector<HTMLImageElement>('img.leaflet-tile')!;
    const [z, x, y] = /\/(\d+)\/(\d+)\/(\d+)\.png/.exec(img.src)!.slice(1).map(Number) as [number, number, number];
    const { left, top: boxTop, width, height } = img.getBoundingClientRect();
    return { z, x, y, left, top: boxTop, width, height };
  });
}

/** The zoom level of the tiles shown. */
export const tileZoom = async (page: Page) => (await shownTile(page)).z;

/** Where a borehole's dot is on the screen: Web Mercator pixel coordinates placed against a shown tile. */
export async function dotPoint(page: Page, { lat, lon }: { lat: number | null; lon: number | null }) {
  const tile = await shownTile(page);
  const world = 256 * 2 ** tile.z;
  const sin = Math.sin((lat! * Math.PI) / 180);
  const x = ((lon! + 180) / 360) * world;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world;
  return {
    x: tile.left + (x - tile.x * 256) * (tile.width / 256),
    y: tile.top + (y - tile.y * 256) * (tile.height / 256),
  };
}

/** How many moves of the map have ended: the app counts Leaflet's moveend in data-moves. */
export const movesEnded = async (page: Page) => Number(await page.locator('.borehole-map').getAttribute('data-moves'));

/** How many moves had ended when the map last began to fit the results (`data-fit-from`). */
async function fitFrom(page: Page) {
  const map = page.locator('.borehole-map');
  await expect(map).toHaveAttribute('data-fit-from', /^\d+$/);
  return Number(await map.getAttribute('data-fit-from'));
}

/**
 * Waits for the map to end a move begun after `since` moves had ended (fit, fly-to, zoom), to
 * stand still and to have drawn what the server sent for that view. Without `since`, the move is the fit to the
 * results: the preset's first view ends a move too, before the boreholes have come.
 */
export async function settle(page: Page, since?: number) {
  const after = since ?? (await fitFrom(page));
  await expect.poll(() => movesEnded(page)).toBeGreaterThan(after);
  await expect(page.locator('.borehole-map')).toHaveAttribute('data-moving', 'false');
  await expect(page.locator('.borehole-map.leaflet-zoom-anim')).toHaveCount(0);
  // The dots come from the server for each view: drawn for the last move (`data-drawn`).
  await expect
    .poll(() =>
      page
        .locator('.borehole-map')
        .evaluate((map: HTMLElement) => map.dataset.drawn !== undefined && map.dataset.drawn === map.dataset.moves),
    )
    .toBe(true);
}

/** Runs an independent reader of an exported file (GDAL, Poppler, unzip): its output, and no warning. */
export async function read(command: string, ...args: string[]) {
  const { stdout, stderr } = await promisify(execFile)(command, args);
  expect(stderr, `${command} ${args.join(' ')}`).toBe('');
  return stdout;
}

/** Chooses a format of the 'Exporter' menu and saves the file under the name the browser suggests. */
export async function exportAs(page: Page, testInfo: TestInfo, format: string) {
  await page.getByRole('button', { name: /^Exporter/ }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  const path = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), path };
}
