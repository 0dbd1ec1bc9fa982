import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Borehole } from '../../src/domain/borehole.ts';
import { ACCOUNTS, cardIds, dotPoint, movesEnded, results, settle, signIn, tileZoom } from './workspace-helpers.ts';

/** The boreholes the signed-in user sees, as the API gives them to the map. */
async function boreholes(page: Page, query = ''): Promise<Borehole[]> {
  const response = await page.request.get(`/api/boreholes${query}`);
  return ((await response.json()) as { items: Borehole[] }).items;
}

/** The colour drawn on the map's canvas at a point of the screen, as #rrggbb. */
function canvasColour(page: Page, point: { x: number; y: number }) {
  return page.evaluate(({ x, y }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('.borehole-map .leaflet-overlay-pane canvas')!;
    const box = canvas.getBoundingClientRect();
    const [r, g, b] = canvas
      .getContext('2d')!
      .getImageData(
        Math.round(((x - box.left) * canvas.width) / box.width),
        Math.round(((y - box.top) * canvas.height) / box.height),
        1,
        1,
      ).data;
    return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
  }, point);
}

const SJ_PRIMARY = '#2e7d32';
const SJ_ACCENT = '#f9a825';

test.describe('workspace map', () => {
  test('one canvas dot per borehole; a click selects, opens the popup and its soil column, and flies there', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    expect(rows).toHaveLength(15);
    // No DOM element per borehole: every dot is on one canvas.
    await expect(page.locator('.borehole-map .leaflet-overlay-pane canvas')).toHaveCount(1);
    await expect(
      page.locator('.borehole-map .leaflet-marker-icon, .borehole-map .leaflet-overlay-pane path'),
    ).toHaveCount(0);
    await settle(page);
    for (const row of rows) expect(await canvasColour(page, await dotPoint(page, row))).toBe(SJ_PRIMARY);

    // A borehole whose log gives a water depth, with several layers.
    const target = rows.find((row) => row.horizons.length >= 3 && row.waterDepth !== null)!;
    const moved = await movesEnded(page);
    await page.mouse.click(...(Object.values(await dotPoint(page, target)) as [number, number]));
    const popup = page.locator('.leaflet-popup .borehole-popup');
    await expect(popup.getByRole('heading')).toHaveText(target.id);
    await expect(popup).toContainText(`Date :${target.date!.slice(0, 10)}`);
    for (const label of ['Profondeur :', 'Type :', 'Méthode :']) await expect(popup).toContainText(label);
    // The screened interval when the borehole has one.
    if (target.screenTop !== null && target.screenBottom !== null) {
      await expect(popup).toContainText(`Crépine :${target.screenTop.toFixed(1).replace('.', ',')}–`);
    } else await expect(popup).not.toContainText('Crépine');
    // The water depth, in the list and marked on the column at its depth.
    const water = target.waterDepth!.toFixed(1).replace('.', ',');
    await expect(popup).toContainText(`Niveau d’eau :${water} m`);
    await expect(popup.locator('.soil-column__water')).toHaveAttribute('data-depth', String(target.waterDepth));
    // Every layer labelled with its top and base depths and the log's own description.
    const column = popup.getByRole('img', { name: 'Colonne de sol, profondeurs en mètres' });
    await expect(column).toBeVisible();
    await expect(column.locator('text')).toHaveCount(target.horizons.length);
    await expect(column.locator('text').first()).toContainText(`0,0–`);
    await expect(column.locator('text').first()).toContainText(target.horizons[0]!.material.slice(0, 20));
    const metres = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    await expect(column.locator('text').last()).toContainText(`–${metres.format(target.depth)} m`);

    // The card shows the selection, scrolled into view with the 600 ms flash.
    const card = results(page).locator(`.result-card[data-id="${target.id}"]`);
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveClass(/is-flashing/);
    expect(await card.evaluate((element) => getComputedStyle(element).animationDuration)).toBe('0.6s');
    await expect(card).toBeInViewport();

    // One selected borehole: the map flies to it at zoom 15, and its dot turns to the accent colour.
    await expect.poll(() => tileZoom(page), { timeout: 5000 }).toBe(15);
    await settle(page, moved);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    expect(await canvasColour(page, await dotPoint(page, target))).toBe(SJ_ACCENT);
  });

  test('Ctrl-click adds to the selection, the links carry it, a click on the active dot clears it', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    await settle(page);
    // Three boreholes far enough apart that their dots do not overlap at the fitted zoom.
    const picked: typeof rows = [];
    for (const row of rows) {
      if (picked.every((other) => Math.hypot(row.lat! - other.lat!, row.lon! - other.lon!) > 0.01)) picked.push(row);
    }
    const [first, second, third] = picked;
    const zoom = await tileZoom(page);

    // Ctrl-clicks add to the selection without moving the map: every dot stays where it was.
    for (const row of [first!, second!, third!]) {
      const point = await dotPoint(page, row);
      await page.keyboard.down('Control');
      await page.mouse.click(point.x, point.y);
      await page.keyboard.up('Control');
    }
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(3);
    await expect(results(page).getByText('3 sélectionnés', { exact: true })).toBeVisible();
    expect(await tileZoom(page)).toBe(zoom);
    await page.keyboard.down('Control');
    let point = await dotPoint(page, third!);
    await page.mouse.click(point.x, point.y);
    await page.keyboard.up('Control');
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(2);
    const ids = await results(page).locator('.result-card[aria-pressed="true"] .result-card__id').allTextContents();
    expect(new Set(ids)).toEqual(new Set([first!.id, second!.id]));
    // In the list, Ctrl/Cmd-click adds and takes out as on the map, rather than replacing.
    const card = results(page).locator(`.result-card[data-id="${third!.id}"]`);
    await card.click({ modifiers: ['ControlOrMeta'] });
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(3);
    await card.click({ modifiers: ['ControlOrMeta'] });
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(2);
    const link = results(page).getByRole('link', { name: 'Afficher tout' });
    await expect(link).toHaveAttribute('href', /^\/client\/database\?tenant=stjulie&ids=/);
    const carried = new URL(`http://x${await link.getAttribute('href')}`).searchParams.get('ids')!.split(',');
    expect(new Set(carried)).toEqual(new Set([first!.id, second!.id]));
    // The map's own address carries the selection too, for a copied link.
    await expect(page).toHaveURL(/[?&]selected=/);
    const selected = new URL(page.url()).searchParams.get('selected')!.split(',');
    expect(new Set(selected)).toEqual(new Set([first!.id, second!.id]));
    expect(await canvasColour(page, await dotPoint(page, first!))).toBe(SJ_ACCENT);
    // Multi-selection does not fly anywhere.
    expect(await tileZoom(page)).toBe(zoom);

    // A plain click makes one active (popup), a second click on it clears the selection.
    const moved = await movesEnded(page);
    point = await dotPoint(page, first!);
    await page.mouse.click(point.x, point.y);
    await expect(page.locator('.leaflet-popup .borehole-popup h3')).toHaveText(first!.id);
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(1);
    await expect.poll(() => tileZoom(page)).toBe(15);
    await settle(page, moved);
    point = await dotPoint(page, first!);
    await page.mouse.click(point.x, point.y);
    await expect(page.locator('.leaflet-popup')).toHaveCount(0);
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(0);
  });

  test('a rectangle drawn on the map adds every borehole inside it to the selection', async ({ page }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    await settle(page);
    const map = (await page.locator('.borehole-map').boundingBox())!;
    const points = await Promise.all(rows.map(async (row) => ({ id: row.id, ...(await dotPoint(page, row)) })));
    // A rectangle over the middle of the map, clear of its controls: whatever dots lie inside.
    const [left, top, right, bottom] = [
      map.x + 60,
      map.y + map.height * 0.35,
      map.x + map.width * 0.6,
      map.y + map.height * 0.8,
    ];
    // Dots clearly inside, and those that may be (a dot's centre within 4 px of the edge).
    const within = (margin: number) =>
      points.filter((p) => p.x > left + margin && p.x < right - margin && p.y > top + margin && p.y < bottom - margin);
    const [surely, maybe] = [within(4), within(-4)];
    expect(surely.length).toBeGreaterThan(1);
    const zoom = await tileZoom(page);
    await page.getByRole('button', { name: 'Sélection multiple' }).click();
    await page.getByRole('button', { name: 'Rectangle' }).click();
    await expect(page.locator('.map-multiple__status')).toHaveText(
      'Faites glisser sur la carte pour entourer des forages',
    );
    await page.mouse.move(left, top);
    await page.mouse.down();
    await page.mouse.move((left + right) / 2, (top + bottom) / 2, { steps: 4 });
    await page.mouse.move(right, bottom, { steps: 4 });
    await page.mouse.up();
    await expect(page.locator('.map-multiple__status')).toContainText('forages pris dans le rectangle');
    const chosen = await results(page).locator('.result-card[aria-pressed="true"] .result-card__id').allTextContents();
    await expect(page.locator('.map-multiple__status')).toContainText(
      `${chosen.length} forages pris dans le rectangle`,
    );
    for (const dot of surely) expect(chosen).toContain(dot.id);
    for (const id of chosen) expect(maybe.map((dot) => dot.id)).toContain(id);
    // The map did not pan nor zoom, and panning comes back once the rectangle is drawn.
    expect(await tileZoom(page)).toBe(zoom);
    await expect(page.getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.borehole-map')).not.toHaveClass(/is-drawing/);
  });
  test('the popup’s soil column: whole descriptions, thin layers labelled, no label over another', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(results(page).getByRole('heading')).toHaveText('30 résultats');
    const all = await boreholes(page);
    const popup = page.locator('.leaflet-popup .borehole-popup');
    const labels = popup.getByRole('img', { name: 'Colonne de sol, profondeurs en mètres' }).locator('text');
    // SJ-BH-04: 0,1 m of asphalt over a long description; MTL-BH-15: the old quarry's waste fill.
    // Both have a screen.
    for (const [id, thin, description] of [
      ['SJ-BH-04', 'Asphalte', 'Remblai avec traces d’hydrocarbures'],
      ['MTL-BH-15', null, 'Remblai de déchets (ancienne carrière)'],
    ] as const) {
      const row = all.find((candidate) => candidate.id === id)!;
      expect(row.horizons.some((horizon) => horizon.material === description)).toBe(true);
      await results(page).locator(`.result-card[data-id="${id}"]`).click();
      await expect(popup.getByRole('heading')).toHaveText(id);
      expect(row.screenTop).not.toBeNull();
      await expect(popup).toContainText(`Crépine :${row.screenTop!.toFixed(1).replace('.', ',')}–`);
      await expect(labels).toHaveCount(row.horizons.length);
      // What is drawn, line by line (a label's tooltip holds the whole text anyway).
      const shown = await labels.evaluateAll((texts) =>
        texts.map((text) => [...text.querySelectorAll('tspan')].map((line) => line.textContent).join('')),
      );
      expect(shown.filter((label) => label.endsWith(`m${description}`))).toHaveLength(1);
      if (thin) expect(shown[0]).toBe(`0,0–0,1 m${thin}`);
      const boxes = await labels.evaluateAll((texts) =>
        texts.map((text) => {
          const { left, right, top, bottom } = text.getBoundingClientRect();
          return { left, right, top, bottom };
        }),
      );
      const overlaps = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          .map(() => `${id}: label ${i + 1} overlaps another`),
      );
      expect(overlaps).toEqual([]);
    }
  });

  test('a click on a dot while the map is still panning selects that dot', async ({ page }) => {
    // Time is ours: the pan below stops halfway, where a user may well click.
    await page.clock.install();
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    await settle(page);
    const target = rows[0]!;
    await page.clock.pauseAt(Date.now() + 60_000);
    // The arrow keys pan the map 80 px, animated over 250 ms.
    await page.locator('.borehole-map').focus();
    await page.keyboard.press('ArrowDown');
    await page.clock.runFor(120);
    await expect(page.locator('.borehole-map')).toHaveAttribute('data-moving', 'true');
    const point = await dotPoint(page, target);
    await page.mouse.click(point.x, point.y);
    await expect(page.locator('.leaflet-popup .borehole-popup h3')).toHaveText(target.id);
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(1);
  });

  test('a card opens its popup; a new search resets the selection; the results panel hides and comes back', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.montreal);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const id = (await cardIds(page))[2]!;
    await results(page).locator(`.result-card[data-id="${id}"]`).click();
    await expect(page.locator('.leaflet-popup .borehole-popup h3')).toHaveText(id);
    await expect(results(page).getByRole('link', { name: 'Rapports' })).toHaveAttribute(
      'href',
      `/client/reports?tenant=montreal&ids=${id}`,
    );

    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByLabel('Profondeur min. (m)').fill('1');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/depthMin=1/);
    await expect(page.locator('.leaflet-popup')).toHaveCount(0);
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(0);
    await expect(results(page).getByRole('link', { name: 'Afficher tout' })).toHaveAttribute(
      'href',
      '/client/database?tenant=montreal&depthMin=1',
    );

    await results(page).getByRole('button', { name: 'Masquer' }).click();
    await expect(results(page)).toHaveCount(0);
    await page.getByRole('button', { name: /^Afficher les résultats/ }).click();
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
  });

  test('the radius search applies, the other advanced filters stay in the URL', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(results(page).getByRole('heading')).toHaveText('30 résultats');
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByText('Filtres avancés').click();
    // 5 km around Sainte-Julie's town hall: Sainte-Julie's boreholes, none of Montréal's.
    await filters.getByLabel('Latitude du centre').fill('45.585');
    await filters.getByLabel('Longitude du centre').fill('-73.3327');
    await filters.getByLabel('Rayon (km)').fill('5');
    await filters.getByLabel('Foreur').fill('Forages Rive-Sud');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/centerLat=45\.585&centerLng=-73\.3327&radiusKm=5&driller=Forages\+Rive-Sud/);
    const expected = (await boreholes(page, '?centerLat=45.585&centerLng=-73.3327&radiusKm=5')).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((id) => id.startsWith('SJ-BH-'))).toBe(true);
    await expect(results(page).getByRole('heading')).toHaveText(
      `${expected.length} résultat${expected.length > 1 ? 's' : ''}`,
    );
    await expect.poll(() => cardIds(page)).toEqual(expected);

    await page.reload();
    await expect(filters.getByLabel('Foreur')).toHaveValue('Forages Rive-Sud');
    await expect(filters.getByLabel('Rayon (km)')).toHaveValue('5');

    // Half a radius is refused with the API's message, before any search, beside the missing field.
    await filters.getByLabel('Rayon (km)').fill('');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(filters.getByRole('alert')).toHaveText(
      'Une recherche par rayon demande la latitude du centre, la longitude du centre et le rayon (km).',
    );
    await expect(filters.getByLabel('Rayon (km)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/radiusKm=5/);
  });

  test('contradictory or negative depths are explained in French beside the fields', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByLabel('Profondeur min. (m)').fill('20');
    await filters.getByLabel('Profondeur max. (m)').fill('5');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    const maximum = filters.getByLabel('Profondeur max. (m)');
    await expect(maximum).toHaveAttribute('aria-invalid', 'true');
    await expect(filters.getByRole('alert')).toHaveText(
      'Profondeur min. plus grande que la profondeur max. : aucun forage ne peut y répondre.',
    );
    await expect(page).not.toHaveURL(/depthMin/);
    // The sentence runs under both fields, across the group: neither field's cell is stretched by it.
    const label = (name: string) => filters.getByLabel(name).locator('xpath=ancestor::label').boundingBox();
    const [minimum, maximumLabel, alert] = [
      await label('Profondeur min. (m)'),
      await label('Profondeur max. (m)'),
      await filters.getByRole('alert').boundingBox(),
    ];
    expect(Math.abs(minimum!.height - maximumLabel!.height)).toBeLessThan(1);
    // Two lines of label and the field (about 90 px in the panel); the sentence inside made it 150.
    expect(minimum!.height).toBeLessThan(110);
    await expect(filters.locator('label [role="alert"]')).toHaveCount(0);
    expect(alert!.width).toBeGreaterThan(minimum!.width + maximumLabel!.width - 1);
    expect(alert!.y).toBeGreaterThanOrEqual(minimum!.y + minimum!.height);

    // Not the browser's own bubble (in English on an English system): our sentence.
    await maximum.fill('');
    await filters.getByLabel('Profondeur min. (m)').fill('-3');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(filters.getByRole('alert')).toHaveText('Une profondeur ne peut pas être négative.');
    await expect(filters.getByLabel('Profondeur min. (m)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/depthMin/);
  });

  test('a date range filters inclusively; the filter panel folds away and comes back', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByLabel('Du', { exact: true }).fill('2024-01-01');
    await filters.getByLabel('Au', { exact: true }).fill('2024-12-31');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/dateFrom=2024-01-01&dateTo=2024-12-31/);
    const expected = (await boreholes(page, '?tenant=montreal&dateFrom=2024-01-01&dateTo=2024-12-31')).map(
      (row) => row.id,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(15);
    await expect(results(page).getByRole('heading')).toHaveText(new RegExp(`^${expected.length} résultats?$`));
    await expect.poll(() => cardIds(page)).toEqual(expected);
    const dates = await results(page).locator('.result-card__date').allTextContents();
    expect(dates.every((date) => date >= '2024-01-01' && date <= '2024-12-31')).toBe(true);

    // Folded, the panel gives its width to the map.
    const map = page.locator('.leaflet-container');
    const [panelOpen, mapBefore] = [await filters.boundingBox(), await map.boundingBox()];
    await filters.getByRole('button', { name: 'Replier' }).click();
    await expect(filters.getByLabel('Du', { exact: true })).toHaveCount(0);
    await expect.poll(async () => (await filters.boundingBox())!.width).toBeLessThan(64);
    await expect
      .poll(async () => (await map.boundingBox())!.width)
      .toBeGreaterThan(mapBefore!.width + panelOpen!.width - 80);
    await filters.getByRole('button', { name: 'Déplier' }).click();
    await expect(filters.getByLabel('Du', { exact: true })).toHaveValue('2024-01-01');
  });

  test('an administrator switches organisation: its boreholes, its colours', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(results(page).getByRole('heading')).toHaveText('30 résultats');
    await page.getByRole('banner').getByLabel('Organisation').selectOption('stjulie');
    await expect(page).toHaveURL(/\?tenant=stjulie$/);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    // The cards follow the count: waited for, as the other card checks of this file are.
    await expect.poll(async () => (await cardIds(page)).every((id) => id.startsWith('SJ-BH-'))).toBe(true);
    await expect(page.locator('.workspace__bar')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
    await expect(page.getByRole('banner')).toHaveCSS('height', '64px');
    await page.reload();
    await expect(page.locator('.workspace__tenant')).toHaveText(/Ville de Sainte-Julie$/);
  });
});

test.describe('workspace on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('every tab is in view, on two rows, and the organisation is named whole', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    const bar = page.getByRole('navigation', { name: 'Espace de Travail' });
    const tabs = bar.getByRole('link');
    await expect(tabs).toHaveCount(7);
    await expect(tabs.last()).toHaveText('Accès API');
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
    // No tab beyond the bar's edge, and the page does not scroll sideways.
    expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    // The organisation's name is not cut (« Ville de Montr… »).
    const name = page.locator('.workspace__tenant > span');
    await expect(name).toHaveText('Ville de Montréal');
    expect(await name.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  });

  test('tapping a dot opens its popup in view, without scrolling the page down to the list', async ({ page }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    await settle(page);
    const target = rows.find((row) => row.horizons.length >= 2)!;
    const moved = await movesEnded(page);
    const point = await dotPoint(page, target);
    await page.touchscreen.tap(point.x, point.y);
    const popup = page.locator('.leaflet-popup');
    await expect(popup.locator('h3')).toHaveText(target.id);
    await settle(page, moved);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Whole, inside the map and the screen.
    const [box, map] = [(await popup.boundingBox())!, (await page.locator('.borehole-map').boundingBox())!];
    expect(box.y).toBeGreaterThanOrEqual(map.y);
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(map.y + map.height, 844));
  });

  test('« Sélection multiple » adds and removes by touch, the same on the map and in the list', async ({ page }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    await settle(page);
    const map = (await page.locator('.borehole-map').boundingBox())!;
    const toggle = page.getByRole('button', { name: 'Sélection multiple' });
    const corner = (await toggle.boundingBox())!;
    // « Coupe », in the bottom left corner, takes the taps on the dots under it too.
    const section = (await page.getByRole('button', { name: 'Coupe' }).boundingBox())!;
    // Two dots apart, clear of the controls in the corners.
    const points: { id: string; x: number; y: number }[] = [];
    for (const row of rows) {
      const point = await dotPoint(page, row);
      const underSection = point.x < section.x + section.width + 20 && point.y > section.y - 20;
      const clear = point.y > corner.y + corner.height + 60 && point.y < map.y + map.height - 20 && !underSection;
      if (clear && points.every((other) => Math.hypot(point.x - other.x, point.y - other.y) > 30)) {
        points.push({ id: row.id, ...point });
      }
      if (points.length === 2) break;
    }
    expect(points).toHaveLength(2);
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    for (const point of points) await page.touchscreen.tap(point.x, point.y);
    // A card tapped adds too, rather than replacing the selection.
    const other = rows.find((row) => !points.some((point) => point.id === row.id))!;
    const card = results(page).locator(`.result-card[data-id="${other.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(3);
    await expect(page.locator('.map-multiple__status')).toHaveText('3 forages sélectionnés');
    // No popup opened on the way; a second tap takes a borehole out.
    await expect(page.locator('.leaflet-popup')).toHaveCount(0);
    await card.tap();
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(2);
    // Off again, a tap on a card picks that one alone.
    await page.evaluate(() => window.scrollTo(0, 0));
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    await expect(results(page).locator('.result-card[aria-pressed="true"]')).toHaveCount(1);
  });

  test('a finger drags a rectangle on the map: the boreholes inside are selected, the map does not zoom', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    const rows = await boreholes(page, '?tenant=stjulie');
    await settle(page);
    const map = (await page.locator('.borehole-map').boundingBox())!;
    await page.getByRole('button', { name: 'Sélection multiple' }).tap();
    // Tapped right after « Sélection multiple », as a quick thumb does.
    await page.getByRole('button', { name: 'Rectangle' }).tap();
    await expect(page.locator('.map-multiple__status')).toHaveText(
      'Faites glisser sur la carte pour entourer des forages',
    );
    // The map still before its dots are measured: no move for half a second, its dots drawn for the
    // last one (the bar that appears over a phone's map may move it once more).
    let seen = '';
    await expect
      .poll(
        async () => {
          const now = await page
            .locator('.borehole-map')
            .evaluate(
              (element: HTMLElement) => `${element.dataset.moves}/${element.dataset.drawn}/${element.dataset.moving}`,
            );
          const [moves, drawn, moving] = now.split('/');
          const still = now === seen && moves === drawn && moving === 'false';
          seen = now;
          return still;
        },
        { intervals: [500] },
      )
      .toBe(true);
    const corner = (await page.locator('.map-multiple').boundingBox())!;
    const [left, top, right, bottom] = [
      map.x + 20,
      corner.y + corner.height + 20,
      map.x + map.width - 60,
      Math.min(map.y + map.height, 844) - 20,
    ];
    const points = await Promise.all(rows.map(async (row) => ({ id: row.id, ...(await dotPoint(page, row)) })));
    const inside = points.filter((p) => p.x > left + 4 && p.x < right - 4 && p.y > top + 4 && p.y < bottom - 4);
    expect(inside.length).toBeGreaterThan(1);
    const zoom = await tileZoom(page);
    // A real touch drag (Playwright's touchscreen only taps): start, two moves, lift.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', left, top);
    await touch('touchMove', (left + right) / 2, (top + bottom) / 2);
    await touch('touchMove', right, bottom);
    await touch('touchEnd', right, bottom);
    const chosen = results(page).locator('.result-card[aria-pressed="true"] .result-card__id');
    await expect(page.locator('.map-multiple__status')).toContainText('forages pris dans le rectangle');
    const ids = await chosen.allTextContents();
    for (const dot of inside) expect(ids).toContain(dot.id);
    await expect(page.locator('.map-multiple__status')).toContainText(`${ids.length} forages pris dans le rectangle`);
    // The finger drew rather than zoomed the map; drawing ends and no rectangle is left on it.
    expect(await tileZoom(page)).toBe(zoom);
    await expect(page.getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.map-rectangle')).toHaveCount(0);
  });

  test('the filter sheet covers the screen, locks the page, and searches', async ({ page }) => {
    await signIn(page, ACCOUNTS.stjulie);
    // The longest organisation name shortens; nothing is wider than the phone.
    await expect(page.locator('.workspace__tenant')).toContainText('Sainte-Julie');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('complementary', { name: 'Filtres' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Filtres', exact: true });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await expect(sheet).toBeVisible();
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await sheet.locator('.filter-card').count()).toBeGreaterThanOrEqual(6);
    const tracks = (selector: string) =>
      sheet
        .locator(selector)
        .first()
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(await tracks('.filter-grid--3')).toBe(3);
    expect(await tracks('.filter-grid--4')).toBe(4);

    await sheet.getByRole('button', { name: 'Retour' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    await open.click();
    await sheet.getByLabel('Municipalité').fill('Verdun');
    await sheet.getByRole('button', { name: 'Carotte' }).click();
    await sheet.getByRole('button', { name: 'Afficher les résultats' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(/municipality=Verdun&has_core=1/);
    await expect(results(page).getByText('Aucun résultat.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filtres (2)' })).toBeVisible();
  });
});

test.describe('workspace accessibility', () => {
  test('axe finds no serious or critical violation on the map, the table and the filter sheet', async ({ page }) => {
    // Three full axe analyses of the map screen: 24 s alone on a 2-CPU machine, over 30 s under load.
    test.setTimeout(90_000);
    const check = async (what: string) => {
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${what}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await signIn(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    await results(page).locator('.result-card').first().click();
    await expect(page.locator('.leaflet-popup .borehole-popup')).toBeVisible();
    const problems = await check('carte');
    await page.goto('/client/database');
    await page.locator('.borehole-table tbody tr').first().click();
    problems.push(...(await check('base de données')));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Filtres', exact: true }).click();
    problems.push(...(await check('feuille de filtres')));
    expect(problems).toEqual([]);
  });
});
