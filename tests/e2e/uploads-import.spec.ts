import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { generatedAgs } from '../../bench/generated-ags.ts';
import { ACCOUNTS, dotPoint, exportAs, settle, signIn, tileZoom } from './workspace-helpers.ts';

// Runs against the 'uploads' server (its own database): the boreholes it imports would change
// the other tests' counts. One test after the other: each counts what the one before wrote.
test.describe.configure({ mode: 'serial' });

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/ags/${name}`, import.meta.url));
const HINDLEY = fixture('Hindley Mill Embankment FRA01.ags');
const WIGAN = fixture('Wigan Depot.ags');

/** The map's centre once still, as [lat, lng] (`data-centre`). */
const centre = async (page: Page) =>
  ((await page.locator('.borehole-map').getAttribute('data-centre')) ?? '').split(',').map(Number);

/** Montréal's boreholes, counted by the API. */
const total = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/boreholes?tenant=montreal')).json()) as { total: number }).total,
  );

test('a member imports an AGS file: report first, then the boreholes on the map and in the table', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal);
  const before = await total(page);
  await page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Importer' }).click();
  await expect(page).toHaveURL(/\/client\/import/);
  await expect(page.getByRole('heading', { name: 'Importer des données de forage' })).toBeVisible();

  const check = page.getByRole('button', { name: 'Vérifier le fichier' });
  await expect(check).toBeDisabled();
  await page.getByLabel('Choisir un fichier').setInputFiles(HINDLEY);
  await page.getByLabel(/^Système de coordonnées/).selectOption('EPSG:27700');
  await check.click();
  await expect(page.locator('.import-report__summary')).toHaveText(
    'Fichier valide : 12 forages, 71 couches, 77 essais SPT',
  );
  await expect(page.getByRole('region', { name: 'Avertissements' })).toContainText(
    'Fins de ligne LF changées en CR LF',
  );
  // Checked, not written.
  expect(await total(page)).toBe(before);
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le rapport (CSV)' }).click(),
  ]);
  expect(report.suggestedFilename()).toBe('Hindley Mill Embankment FRA01.ags.rapport.csv');

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.locator('.import-screen__result')).toContainText(
    'Import terminé : 12 forages créés, 0 mis à jour, 0 inchangé.',
  );
  expect(await total(page)).toBe(before + 12);
  const history = page.getByRole('table', { name: 'Imports précédents' });
  await expect(history).toContainText('Hindley Mill Embankment FRA01.ags');
  await expect(history.getByRole('row').nth(1)).toContainText('— 12 créés, 0 mis à jour, 0 inchangé');
  // The project comes back as AGS 4, its groups with it.
  const [project] = await Promise.all([
    page.waitForEvent('download'),
    history.getByRole('link', { name: 'AGS 4 du projet' }).first().click(),
  ]);
  expect(project.suggestedFilename()).toBe('TOP3398.ags');
  const ags = await readFile(await project.path(), 'utf8');
  expect(ags).toMatch(/^"GROUP","PROJ"\r\n/);
  expect(ags.match(/^"DATA"/gm)?.length).toBeGreaterThan(12 + 71 + 77);

  await page.getByRole('link', { name: 'Voir sur la carte' }).click();
  await expect(page).toHaveURL(/\/client\/map\?ids=/);
  await expect(page.locator('.result-card__id')).toHaveCount(12);
  await expect(page.locator('.result-card__id').first()).toHaveText(/^(WS|BH|TP)/);
  // « Voir sur la carte » goes to the imported holes, in England; Montréal's own map stays on Montréal.
  await settle(page);
  expect(await centre(page)).toEqual([expect.closeTo(53.5, 0), expect.closeTo(-2.6, 0)]);
  await page.goto('/client/map');
  await settle(page);
  // Within Montréal's area (60 km of downtown), not half-way across the Atlantic.
  const [lat, lng] = await centre(page);
  expect(Math.hypot((lat! - 45.5017) * 111, (lng! + 73.5673) * 78)).toBeLessThan(60);
  await page
    .getByRole('navigation', { name: 'Espace de Travail' })
    .getByRole('link', { name: 'Base de données' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: 'WS03' })).toHaveCount(1);
});

test('a member fills the Excel template from the screen and imports it', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal);
  const before = await total(page);
  await page.goto('/client/import');
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Modèle Excel (.xlsx)' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('geosonde-modele-import.xlsx');
  const sheets = await readXlsxFile(await readFile(await template.path()));
  const [forages, couches] = sheets.map((sheet) => sheet.data[0]!.map(String));

  // Two boreholes in MTM 8 (Montréal), as a firm would type them, one with two layers.
  const cells = (rows: (string | number)[][]) => rows.map((row) => row.map((value) => ({ value })));
  const values: Record<string, (string | number)[]> = {
    Projet: ['Réfection rue Ontario', 'Réfection rue Ontario'],
    Forage: ['ONT-01', 'ONT-02'],
    X: [299512.4, '299 600,5'],
    Y: [5040123.75, '5 040 200'],
    'Système de coordonnées': ['MTM 8', 'EPSG:32188'],
    'Profondeur finale (m)': [12.5, 8],
  };
  const row = (index: number) => forages!.map((header) => values[header]?.[index] ?? '');
  const workbook = await writeXlsxFile([
    { sheet: 'Forages', data: cells([forages!, row(0), row(1)]) },
    {
      sheet: 'Couches',
      data: cells([
        couches!.slice(0, 4),
        ['ONT-01', 0, 1.8, 'Sable silteux brun'],
        ['ONT-01', 1.8, 12.5, 'Argile grise'],
      ]),
    },
  ]).toBuffer();

  await page.getByLabel('Choisir un fichier').setInputFiles({
    name: 'rue-ontario.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.locator('.import-report__summary')).toHaveText(
    'Fichier valide : 2 forages, 2 couches, 0 essai SPT',
  );
  expect(await total(page)).toBe(before);
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.locator('.import-screen__result')).toContainText(
    'Import terminé : 2 forages créés, 0 mis à jour, 0 inchangé.',
  );
  expect(await total(page)).toBe(before + 2);
  await page.getByRole('link', { name: 'Voir sur la carte' }).click();
  // Newest first, as the table: neither has a date, so the ties go by id, in the same direction.
  await expect(page.locator('.result-card__id')).toHaveText(['ONT-02', 'ONT-01']);
});

test('a file with errors is refused: its report says why, and nothing changes', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal);
  const before = await total(page);
  await page.goto('/client/import');
  await page.getByLabel('Choisir un fichier').setInputFiles(WIGAN);
  await page.getByLabel(/^Système de coordonnées/).selectOption('EPSG:27700');
  // The server answers 422 with the report; the screen shows the report, not a bare error.
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().endsWith('/api/imports') && response.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Vérifier le fichier' }).click(),
  ]);
  expect(answer.status()).toBe(422);
  await expect(page.locator('.import-report__summary')).toHaveText(/^Fichier refusé : 105 forages/);
  await expect(page.locator('.import-screen__error')).toHaveCount(0);
  const errors = page.getByRole('region', { name: 'Erreurs bloquantes' });
  await expect(errors).toContainText('Règle AGS 10b — 158');
  // Each rule says what it asks; each entry shows its line as the file writes it.
  await expect(errors).toContainText('Les champs obligatoires sont présents et remplis.');
  await expect(errors.getByLabel('Texte de la ligne').first()).toHaveText(/^"DATA","/);
  await expect(page.getByRole('button', { name: 'Importer', exact: true })).toBeDisabled();
  expect(await total(page)).toBe(before);
  const refused = page.getByRole('table', { name: 'Imports précédents' }).getByRole('row').nth(1);
  await expect(refused).toContainText('Refusé');
  // Kept with its report, which can be downloaded again from the history.
  const [kept] = await Promise.all([
    page.waitForEvent('download'),
    refused.getByRole('link', { name: 'Rapport (CSV)' }).click(),
  ]);
  expect(kept.suggestedFilename()).toBe('Wigan Depot.ags.rapport.csv');
  expect(await readFile(await kept.path(), 'utf8')).toContain(';Règle AGS 10b;Les champs obligatoires');
  // Its author removes it from the history: it wrote nothing.
  const imports = await page.getByRole('table', { name: 'Imports précédents' }).getByRole('row').count();
  await refused.getByRole('button', { name: 'Retirer Wigan Depot.ags de l’historique' }).click();
  await expect(page.getByRole('table', { name: 'Imports précédents' }).getByRole('row')).toHaveCount(imports - 1);
  await expect(page.locator('.import-report__summary')).toHaveCount(0);

  // A 422 without a report (a CSV that cannot be read) shows its French error instead.
  await page.getByLabel('Choisir un fichier').setInputFiles({
    name: 'guillemets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Forage;X\r\n"C-09;1\r\n'),
  });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.getByRole('alert')).toContainText('« guillemets.csv » n’est pas un CSV lisible');
  await expect(page.locator('.import-report__summary')).toHaveCount(0);
  expect(await total(page)).toBe(before);
});

test('a file with a borehole it cannot place: the others are imported, and the report says which was left out', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.montreal);
  const before = await total(page);
  await page.goto('/client/import');
  // Hindley Mill as another project, whose WS03 has no coordinates (AGS 4 allows it).
  const ags = (await readFile(HINDLEY, 'latin1'))
    .replace('"DATA","TOP3398"', '"DATA","TOP3401"')
    .replace('"DATA","WS03","WS","","362430.88","405269.79"', '"DATA","WS03","WS","","",""');
  await page
    .getByLabel('Choisir un fichier')
    .setInputFiles({ name: 'sans-ws03.ags', mimeType: 'text/plain', buffer: Buffer.from(ags, 'latin1') });
  await page.getByLabel(/^Système de coordonnées/).selectOption('EPSG:27700');
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.locator('.import-report__summary')).toHaveText(
    'Fichier valide : 11 forages, 66 couches, 73 essais SPT ; 1 forage écarté, que GéoSonde ne peut pas ranger',
  );
  const setAside = page.getByRole('region', { name: 'Forages écartés' });
  await expect(setAside).toContainText('WS03 : ni LOCA_LAT/LOCA_LON ni LOCA_NATE/LOCA_NATN.');
  await expect(setAside).toContainText('Ces forages ne seront pas importés');
  const [committed] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/commit')),
    page.getByRole('button', { name: 'Importer', exact: true }).click(),
  ]);
  await expect(page.locator('.import-screen__result')).toContainText('Import terminé : 11 forages créés');
  expect(await total(page)).toBe(before + 11);
  // WS01 is also a borehole of the first Hindley project: its key takes a suffix, its name does not.
  const { boreholes } = (await committed.json()) as { boreholes: { id: string; locaId: string }[] };
  const ws01 = boreholes.find((borehole) => borehole.locaId === 'WS01')!;
  expect(ws01.id).toMatch(/^WS01-[0-9A-F]{6}$/);
  await page.goto(`/client/boreholes/${encodeURIComponent(ws01.id)}`);
  await expect(page.locator('#record-title')).toHaveText('WS01 · Hindley Mill Embankment');
  await expect(page.locator('.record__log-sheet #log-title')).toHaveText(
    'Journal de forage WS01 · Hindley Mill Embankment',
  );
});

test('a viewer reads the history but cannot import', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const { token } = await page.evaluate(async () => {
    const response = await fetch('/api/invitations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantSlug: 'montreal', role: 'viewer' }),
    });
    return (await response.json()) as { token: string };
  });
  // Signed out by leaving the workspace first: its session guard would send a page it still
  // shows to /login in the middle of the next navigation.
  await page.goto('/');
  await page.context().clearCookies();
  expect(token).toMatch(/\S{10,}/);
  await page.goto(`/register?token=${token}`);
  await expect(page.getByLabel('Jeton d’accès (invitation)')).toHaveValue(token);
  await page.getByLabel('Adresse courriel').fill('lecture@montreal.ca');
  await page.getByLabel(/^Mot de passe/).fill('Lecture-seule-2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/client\/map/);
  await page.goto('/client/import');
  await expect(page.getByText('Votre compte est en lecture seule : il ne peut pas importer de données.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vérifier le fichier' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Imports précédents' })).toContainText(
    'Hindley Mill Embankment FRA01.ags',
  );
});

/**
 * An AGS 4 file of `count` boreholes in Montréal (NAD83 MTM 8), all drilled before the demo's (so
 * that the other tests' rows stay on the table's first page), named `<prefix>-001`…, each a little
 * deeper than the one before (8.1 m, 8.2 m…, again from 8 m every 300).
 */
function olderBoreholes(
  count: number,
  { prefix = 'PG', year = 1995, place = (i: number): [number, number] => [295_000 + i * 20, 5_040_000 + i * 15] } = {},
) {
  return generatedAgs(count, `${prefix}-1`, null, {
    id: (i) => `${prefix}-${String(i + 1).padStart(count > 999 ? 4 : 3, '0')}`,
    place: (i) => place(i + 1),
    date: (i) => new Date(Date.UTC(year, 0, i + 1)).toISOString().slice(0, 10),
    depth: (i) => 8 + ((i + 1) % 300) / 10,
  });
}

test('a database of 230 more boreholes: pages of 100 from the server, sorted by a heading, every match selected and exported', async ({
  page,
}, testInfo) => {
  // An import, a walk through every page and a slow download.
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.montreal, '/client/import');
  await page.getByLabel('Choisir un fichier').setInputFiles({
    name: 'anciens.ags',
    mimeType: 'text/plain',
    buffer: Buffer.from(olderBoreholes(230)),
  });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.locator('.import-report__summary')).toContainText('230 forages');
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.locator('.import-screen__result')).toContainText('230 forages créés');
  const matches = await total(page);
  expect(matches).toBeGreaterThan(230);

  await page.goto('/client/database?tenant=montreal');
  const title = page.locator('#database-title');
  const rows = page.locator('.borehole-table tbody tr');
  const pager = page.getByRole('navigation', { name: 'Pages du tableau' });
  const ids = () => rows.locator('th').allTextContents();
  await expect(title).toContainText(`${matches} résultats · 0 sélectionné`);
  await expect(pager).toContainText(`Lignes 1–100 sur ${matches}`);
  await expect(rows).toHaveCount(100);
  const seen = await ids();
  while (await pager.getByRole('button', { name: 'Suivant' }).isEnabled()) {
    const before = seen.length;
    await pager.getByRole('button', { name: 'Suivant' }).click();
    await expect(pager).toContainText(`Lignes ${before + 1}–`);
    await expect(page.locator('.borehole-table')).toHaveAttribute('aria-busy', 'false');
    seen.push(...(await ids()));
  }
  // Every match once, none twice, on the pages walked from the server.
  expect(seen).toHaveLength(matches);
  expect(new Set(seen).size).toBe(matches);
  // Newest first: PG-230 (1995-08-18) down to PG-001 (1995-01-01), after every dated demo borehole.
  const older = seen.filter((id) => id.startsWith('PG-'));
  expect(older).toEqual(Array.from({ length: 230 }, (_, i) => `PG-${String(230 - i).padStart(3, '0')}`));
  expect(seen.indexOf('PG-230')).toBeGreaterThan(seen.indexOf('MTL-BH-01'));
  // Back one page from the last.
  const last = Math.floor((matches - 1) / 100) * 100;
  await pager.getByRole('button', { name: 'Précédent' }).click();
  await expect(pager).toContainText(`Lignes ${last - 99}–${last} sur ${matches}`);

  // A heading sorts on the server, from the first page; again, the other way.
  const depth = page.locator('.borehole-table thead th', { hasText: /^Profondeur$/ });
  await depth.getByRole('button').click();
  await expect(page).toHaveURL(/sort=depth&dir=asc/);
  await expect(depth).toHaveAttribute('aria-sort', 'ascending');
  await expect(pager).toContainText(`Lignes 1–100 sur ${matches}`);
  await depth.getByRole('button').click();
  await expect(depth).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().locator('th')).toHaveText('PG-230');
  await expect(rows.first().locator('td').nth(7)).toHaveText(/^31[,.]00? m$/);

  // « Tout sélectionner »: every match, on every page, without loading them; the export asks
  // the server for the whole search.
  await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
  await expect(title).toContainText(`${matches} sélectionnés`);
  await expect(rows.nth(99)).toHaveAttribute('aria-selected', 'true');
  // On a slow line, a bar under the button shows how far the download has come.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 4 * 1024,
    uploadThroughput: 64 * 1024,
  });
  const exported = exportAs(page, testInfo, 'CSV pour SIG');
  const bar = page.getByRole('progressbar', { name: 'Progression de l’export CSV pour SIG' });
  await expect
    .poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const csv = await exported;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(bar).toHaveCount(0);
  const lines = (await readFile(csv.path, 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(matches + 1);
  // In the table's order: the deepest first.
  expect(lines[1]).toMatch(/^PG-230,/);
  // A row left out of "every match" leaves the others of the page selected.
  await rows.first().click();
  await expect(title).toContainText('99 sélectionnés');
  await expect(page.getByRole('checkbox', { name: 'Tout sélectionner' })).not.toBeChecked();

  // The map's results panel pages too, 200 cards at a time, newest first: every match once.
  await page.goto('/client/map?tenant=montreal');
  const panel = page.getByRole('complementary', { name: 'Résultats' });
  const panelPager = panel.getByRole('navigation', { name: 'Pages des résultats' });
  const cards = panel.locator('.result-card__id');
  await expect(panelPager).toContainText(`1–200 sur ${matches}`);
  await expect(panelPager.getByRole('button', { name: 'Précédent' })).toBeDisabled();
  const listed = await cards.allTextContents();
  expect(listed).toHaveLength(200);
  // Read to the end of the page: the pager stays in view at the panel's foot.
  await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(panelPager).toBeInViewport();
  expect(await panel.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await panelPager.getByRole('button', { name: 'Suivant' }).click();
  await expect(panelPager).toContainText(`201–${matches} sur ${matches}`);
  await expect(panelPager.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await expect(cards).toHaveCount(matches - 200);
  listed.push(...(await cards.allTextContents()));
  expect(new Set(listed).size).toBe(matches);
  expect(listed.filter((id) => id.startsWith('PG-'))).toEqual(older);
  // The next page starts at the top of the panel; back to the first.
  expect(await panel.evaluate((element) => element.scrollTop)).toBe(0);
  await panelPager.getByRole('button', { name: 'Précédent' }).click();
  await expect(panelPager).toContainText(`1–200 sur ${matches}`);
  await expect(cards.first()).toHaveText(listed[0]!);
});

/** A point of the screen at least `margin` pixels inside a box (`top` from its top edge). */
const inside = (
  point: { x: number; y: number },
  box: { x: number; y: number; width: number; height: number },
  margin: number,
  top = margin,
) =>
  point.x > box.x + margin &&
  point.x < box.x + box.width - margin &&
  point.y > box.y + top &&
  point.y < box.y + box.height - margin;

test('5,000 boreholes more in Laval: the map shows clusters, and a click on one zooms into its boreholes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.montreal, '/client/import');
  // Dated 1980, after every other borehole in the table's order; a 2 km × 1 km block of Laval.
  const ags = olderBoreholes(5000, {
    prefix: 'LV',
    year: 1980,
    place: (i): [number, number] => [285_000 + (i % 100) * 20, 5_047_000 + Math.floor(i / 100) * 20],
  });
  await page
    .getByLabel('Choisir un fichier')
    .setInputFiles({ name: 'laval.ags', mimeType: 'text/plain', buffer: Buffer.from(ags) });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.locator('.import-report__summary')).toContainText(/5\s000 forages/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.locator('.import-screen__result')).toContainText(/5\s?000 forages créés/, {
    timeout: 60_000,
  });

  await page.goto('/client/map?tenant=montreal');
  const map = page.locator('.borehole-map');
  await settle(page);
  // More than 5,000 in view: the server sends clusters, drawn with their count.
  await expect(map).toHaveAttribute('data-mode', 'clusters');
  // The cards come 200 a page, the newest first, the count exact.
  await expect(page.locator('.result-card')).toHaveCount(200);
  const matches = await total(page);
  const panel = page.getByRole('complementary', { name: 'Résultats' });
  // Thousands apart by a narrow no-break space, as French typography sets them: « 5 230 ».
  const thousands = { format: (n: number) => new Intl.NumberFormat('fr-CA').format(n).replaceAll('\u00a0', '\u202f') };
  expect(thousands.format(matches)).toMatch(/^\d+\u202f\d{3}$/);
  await expect(panel.getByRole('heading')).toHaveText(`${thousands.format(matches)} résultats`);
  await expect(panel.getByRole('navigation', { name: 'Pages des résultats' })).toHaveText(
    new RegExp(`1–200 sur ${thousands.format(matches)}`),
  );

  // Clicking the largest cluster in view zooms into it, until its boreholes come as dots.
  for (let step = 0; step < 6 && (await map.getAttribute('data-mode')) === 'clusters'; step++) {
    const zoom = await tileZoom(page);
    const box = (await map.boundingBox())!;
    const view = await page.evaluate(
      async ({ zoom }) => {
        const response = await fetch(`/api/boreholes/map?tenant=montreal&bbox=-180,-85,180,85&zoom=${zoom}`);
        return (await response.json()) as { clusters?: { lat: number; lon: number; count: number }[] };
      },
      { zoom },
    );
    const inView: { point: { x: number; y: number }; count: number }[] = [];
    for (const cluster of view.clusters ?? []) {
      const point = await dotPoint(page, cluster);
      if (inside(point, box, 30)) inView.push({ point, count: cluster.count });
    }
    inView.sort((a, b) => b.count - a.count);
    expect(inView.length).toBeGreaterThan(0);
    const moves = Number(await map.getAttribute('data-moves'));
    await page.mouse.click(inView[0]!.point.x, inView[0]!.point.y);
    await settle(page, moves);
    expect(await tileZoom(page)).toBeGreaterThan(zoom);
  }
  await expect(map).toHaveAttribute('data-mode', 'points');
  // Laval's boreholes as dots: one of those in view, clicked, opens its popup.
  const zoom = await tileZoom(page);
  const box = (await map.boundingBox())!;
  const points = await page.evaluate(async (zoom) => {
    const corner = async (id: string) =>
      (await (await fetch(`/api/boreholes/${id}?tenant=montreal`)).json()) as { lat: number; lon: number };
    const [first, last] = [await corner('LV-0001'), await corner('LV-5000')];
    const bbox = [first.lon - 0.01, first.lat - 0.01, last.lon + 0.01, last.lat + 0.01].join(',');
    const response = await fetch(`/api/boreholes/map?tenant=montreal&bbox=${bbox}&zoom=${zoom}&boreholeId=LV-`);
    return ((await response.json()) as { points: { id: string; lat: number; lon: number }[] }).points;
  }, zoom);
  let target: { id: string; x: number; y: number } | undefined;
  for (const candidate of points) {
    const point = await dotPoint(page, candidate);
    // Below the popup's height from the top, so that the popup opens in view.
    if (inside(point, box, 40, 200)) {
      target = { id: candidate.id, ...point };
      break;
    }
  }
  expect(target).toBeDefined();
  await page.mouse.click(target!.x, target!.y);
  await expect(page.locator('.leaflet-popup .borehole-popup h3')).toHaveText(/^LV-\d{4}$/);
});
