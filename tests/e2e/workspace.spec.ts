import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, cardIds, exportAs, read, results, signIn, signInThroughPage } from './workspace-helpers.ts';

test.describe('workspace', () => {
  test('each demo account sees exactly the boreholes of its tenant', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    expect((await cardIds(page)).every((id) => id.startsWith('MTL-BH-'))).toBe(true);
    await expect(page.locator('.workspace__tenant')).toHaveText(/Ville de Montréal$/);

    // Another organisation in the URL changes nothing for a member: its own comes back.
    await page.goto('/client/map?tenant=stjulie&ids=SJ-BH-01,MTL-BH-02');
    await expect(page).toHaveURL(/\?tenant=montreal&ids=SJ-BH-01%2CMTL-BH-02$/);
    await expect(page.locator('.workspace__tenant')).toHaveText(/Ville de Montréal$/);
    await expect(results(page).getByRole('heading')).toHaveText('1 résultat');
    await expect.poll(() => cardIds(page)).toEqual(['MTL-BH-02']);
  });

  test('Sainte-Julie sees its 15 boreholes in its green theme; the administrator sees all 30', async ({ page }) => {
    // A session of its own: this test ends it.
    await signInThroughPage(page, ACCOUNTS.stjulie);
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    expect((await cardIds(page)).every((id) => id.startsWith('SJ-BH-'))).toBe(true);
    await expect(page.locator('.workspace__bar')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
    await page.getByRole('banner').getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.admin);
    await expect(results(page).getByRole('heading')).toHaveText('30 résultats');
  });

  test('filters live in the URL, search in the API and come back with the back button', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByLabel('Municipalité').fill('VERDUN');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/municipality=VERDUN/);
    await expect(results(page).getByRole('heading')).toHaveText('1 résultat');
    await expect.poll(() => cardIds(page)).toEqual(['MTL-BH-06']);

    await filters.getByRole('button', { name: 'Réinitialiser' }).click();
    await filters.getByRole('button', { name: 'Carotte' }).click();
    await expect(filters.getByRole('button', { name: 'Carotte' })).toHaveAttribute('aria-pressed', 'true');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/has_core=1/);
    // The URL changes at once; the count and the cards once the API has answered (two answers:
    // the count may come first, so the cards are waited for too).
    await expect(results(page).getByRole('heading')).toHaveText('2 résultats');
    await expect.poll(() => cardIds(page)).toEqual(['MTL-BH-13', 'MTL-BH-04']);

    await filters.getByLabel('But').selectOption('hydro');
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(results(page).getByText('Aucun résultat.', { exact: true })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/has_core=1$/);
    await expect(results(page).getByRole('heading')).toHaveText('2 résultats');
    await page.goBack();
    await expect(results(page).getByRole('heading')).toHaveText('15 résultats');
    await page.goBack();
    await expect(results(page).getByRole('heading')).toHaveText('1 résultat');
  });

  test('the database selects rows with the keyboard and links the selection to the map', async ({ page }) => {
    await signIn(page, ACCOUNTS.stjulie);
    await page
      .getByRole('navigation', { name: 'Espace de Travail' })
      .getByRole('link', { name: 'Base de données', exact: true })
      .click();
    await expect(page).toHaveURL(/\/client\/database\?tenant=stjulie$/);
    const title = page.locator('#database-title');
    await expect(title).toContainText('15 résultats · 0 sélectionné');
    const rows = page.locator('.borehole-table tbody tr');
    await expect(rows).toHaveCount(15);
    await expect(rows.first().locator('td').nth(9)).toHaveText(/^45,\d{5}$/);

    // Space selects once (Enter does not undo it); the arrow keys go from row to row.
    await rows.first().focus();
    await page.keyboard.press(' ');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press(' ');
    await expect(title).toContainText('2 sélectionnés');
    await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(rows.last()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(13)).toBeFocused();
    const ids = [await rows.first().locator('th').textContent(), await rows.nth(1).locator('th').textContent()];
    await expect(page.getByRole('link', { name: 'Voir sur la carte' })).toHaveAttribute(
      'href',
      `/client/map?tenant=stjulie&ids=${encodeURIComponent(ids.join(','))}`,
    );

    // The address carries the selection: reloaded or copied, the same rows are selected, and
    // the tabs keep it.
    await expect(page).toHaveURL(new RegExp(`selected=${encodeURIComponent(ids.join(','))}$`));
    await page.reload();
    await expect(title).toContainText('2 sélectionnés');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Carte' }).click();
    await expect(page.locator('.result-card[aria-pressed="true"]')).toHaveCount(2);
    await page.goBack();
    // Back on the table once its rows are there again (with the two selected), not before.
    await expect(title).toContainText('15 résultats · 2 sélectionnés');
    await expect(rows).toHaveCount(15);

    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await expect(title).toContainText('15 sélectionnés');
    await page.getByRole('button', { name: 'Effacer sélection' }).click();
    await expect(title).toContainText('0 sélectionné');

    await page.goto('/client');
    await expect(page).toHaveURL(/\/client\/database(\?tenant=stjulie)?$/);
  });

  test('at 1440 px, folding the filters gives their width to the table and the reports grid', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ACCOUNTS.montreal, '/client/database?tenant=montreal');
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    const header = (name: string) => page.locator('.borehole-table thead th', { hasText: new RegExp(`^${name}$`) });
    await expect(page.locator('.borehole-table tbody tr')).toHaveCount(15);
    await filters.getByRole('button', { name: 'Replier' }).click();
    await expect(filters.getByRole('button', { name: 'Déplier' })).toBeVisible();
    for (const name of ['Adresse', 'Lat', 'Lon']) await expect(header(name)).toBeInViewport({ ratio: 1 });

    await page.goto('/client/reports?tenant=montreal');
    const grid = page.locator('.report-grid');
    await expect(page.locator('.report-card')).toHaveCount(45);
    const open = (await grid.boundingBox())!.width;
    await filters.getByRole('button', { name: 'Replier' }).click();
    await expect.poll(async () => (await grid.boundingBox())!.width).toBeGreaterThan(open + 150);
  });

  test('the table says a purpose and a type in different words, even for the same code', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    // MTL-BH-12 has purpose `open_hole` and type `open_hole`.
    await page.goto('/client/database?tenant=montreal&boreholeId=MTL-BH-12');
    const row = page.locator('.borehole-table tbody tr');
    await expect(row).toHaveCount(1);
    const headers = await page.locator('.borehole-table thead th').allTextContents();
    const cell = (name: string) => row.locator('th, td').nth(headers.indexOf(name));
    await expect(cell('But')).toHaveText('Reconnaissance en trou ouvert');
    await expect(cell('Type')).toHaveText('Trou ouvert');
  });

  test('an empty table says no borehole matches and removes its filters one by one', async ({ page }) => {
    await signIn(page, ACCOUNTS.montreal);
    await page.goto('/client/database?tenant=montreal&project=introuvable&purpose=geotech');
    const empty = page.getByRole('status').filter({ hasText: 'Aucun forage ne correspond' });
    await expect(empty).toContainText('Aucun forage ne correspond à ces filtres.');
    await expect(empty.getByRole('button', { name: /^(Projet|But) :/ })).toHaveText([
      '× Projet : introuvable (retirer ce filtre)',
      '× But : Géotechnique (retirer ce filtre)',
    ]);
    await empty.getByRole('button', { name: 'Projet : introuvable (retirer ce filtre)' }).click();
    await expect(page).toHaveURL(/\/client\/database\?tenant=montreal&purpose=geotech$/);
    await expect(page.locator('.borehole-table tbody tr').first()).toBeVisible();
    await expect(page.getByText('Aucun forage ne correspond')).toHaveCount(0);
  });

  test('exports all results, or the selection, as CSV and GeoJSON', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNTS.montreal, '/client/database?tenant=montreal');
    await expect(page.locator('.borehole-table tbody tr')).toHaveCount(15);
    const exportButton = page.getByRole('button', { name: /^Exporter/ });

    await exportButton.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.locator('#database-title').click();
    await expect(page.getByRole('menu')).toBeHidden();
    await exportButton.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.move(5, 5);
    await expect(page.getByRole('menu')).toBeHidden();

    await exportButton.click();
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV pour SIG', exact: true }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe('geosonde-database.csv');
    const csv = (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,project,site,municipality,date,purpose,type,method,depth_m,address,lat,lon,x_mtm8,y_mtm8',
    );
    // Québec plane coordinates beside WGS 84: Montréal and Sainte-Julie lie in MTM zone 8.
    expect(lines[1]).toMatch(/,45\.\d+,-73\.\d+,(2|3)\d{5}\.\d{1,2},50\d{5}\.\d{1,2}$/);
    expect(lines).toHaveLength(16);
    // The same rows for French Excel: semicolons, French headings and labels, decimal commas.
    await exportButton.click();
    await expect(page.getByRole('menuitem', { name: 'CSV pour Excel' })).toHaveAccessibleDescription(
      'points-virgules, libellés en français',
    );
    const [excelDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV pour Excel', exact: true }).click(),
    ]);
    expect(excelDownload.suggestedFilename()).toBe('geosonde-database-excel.csv');
    const excel = (await readFile(await excelDownload.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(excel[0]).toBe(
      'ID;Projet;Site;Municipalité;Date;But;Type;Méthode;Profondeur (m);Adresse;Latitude;Longitude;X MTM8 (m);Y MTM8 (m)',
    );
    expect(excel[1]).toMatch(/;45,\d+;-73,\d+;(2|3)\d{5}(,\d{1,2})?;50\d{5}(,\d{1,2})?$/);
    expect(excel).toHaveLength(16);

    await page.locator('.borehole-table tbody tr').nth(0).click();
    await page.locator('.borehole-table tbody tr').nth(3).click();
    await expect(exportButton).toHaveText('Exporter (2)');
    await exportButton.click();
    const [geoDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'GeoJSON' }).click(),
    ]);
    expect(geoDownload.suggestedFilename()).toBe('geosonde-database.geojson');
    const path = testInfo.outputPath(geoDownload.suggestedFilename());
    await geoDownload.saveAs(path);
    const info = await read('ogrinfo', '-so', path, 'geosonde-database');
    expect(info).toMatch(/Geometry: Point/);
    expect(info).toMatch(/Feature Count: 2\b/);
    const features = await read('ogrinfo', '-q', path, 'geosonde-database');
    expect(features.match(/id \(String\) = MTL-BH-\d\d/g)).toHaveLength(2);
    expect(features).toMatch(/POINT \(-73\.\d+ 45\.\d+\)/);
  });

  test('exports XLSX, PDF and GeoPackage files that other tools read', async ({ page }, testInfo) => {
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    const writersLoaded = () => loaded.filter((path) => /\/write-(xlsx|pdf|geopackage)\.|sql-wasm/.test(path));
    await signIn(page, ACCOUNTS.admin, '/client/database');
    const rows = page.locator('.borehole-table tbody tr');
    await expect(rows).toHaveCount(30);
    const firstId = (await rows.first().locator('th').textContent())!;
    // Each format's library is loaded when that format is chosen, not before.
    expect(writersLoaded()).toEqual([]);

    // XLSX: a workbook whose one sheet is 'Database', the header, then 30 rows, written by the
    // server as it reads them (no spreadsheet library in the page).
    const xlsx = await exportAs(page, testInfo, 'XLSX');
    expect(xlsx.name).toBe('geosonde-database.xlsx');
    expect(loaded).toContain('/api/boreholes/export.xlsx');
    expect(writersLoaded()).toEqual([]);
    const xlsxPath = xlsx.path;
    expect(await read('unzip', '-p', xlsxPath, 'xl/workbook.xml')).toMatch(/<sheet [^>]*name="Database"/);
    const sheet = await read('unzip', '-p', xlsxPath, 'xl/worksheets/sheet1.xml');
    expect(sheet.match(/<row /g)).toHaveLength(31);
    const strings = await read('unzip', '-p', xlsxPath, 'xl/sharedStrings.xml');
    for (const column of ['id', 'project', 'municipality', 'depth_m', 'lat', 'lon', 'x_mtm8'])
      expect(strings).toContain(`>${column}<`);
    // Dates are date cells (a serial number with a date format), not text.
    expect(strings).not.toMatch(/>20\d\d-\d\d-\d\d</);
    expect(await read('unzip', '-p', xlsxPath, 'xl/styles.xml')).toContain('formatCode="yyyy-mm-dd"');
    expect(strings).toContain(`>${firstId}<`);

    // PDF: A4 (842 × 595 pt in landscape), French headings and labels, every borehole.
    // PDF: drawn in the page, its library loaded then.
    const pdf = await exportAs(page, testInfo, 'PDF');
    expect(pdf.name).toBe('geosonde-database.pdf');
    expect(writersLoaded()).toEqual([expect.stringMatching(/write-pdf/)]);
    const pdfPath = pdf.path;
    expect(await read('pdfinfo', pdfPath)).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    const text = await read('pdftotext', '-layout', pdfPath, '-');
    expect(text).toContain('GéoSonde — Base de données');
    expect(text).toContain('30 forages');
    // Exported to the minute, in Québec's time zone, named.
    expect(text).toMatch(/exporté le \d{1,2}(er)?\s\S+\s\d{4}\sà\s\d\d\sh\s\d\d\s(HNE|HAE)/);
    expect(text).toMatch(/Municipalité\s+Date\s+But/);
    for (const id of ['MTL-BH-01', 'MTL-BH-15', 'SJ-BH-01', 'SJ-BH-15']) expect(text).toContain(id);
    expect(text).toMatch(/Géotechnique|Hydrogéologie|Environnement/);

    // GeoPackage: a 'database' table of 30 points in WGS 84, with the export's columns.
    await rows.nth(0).click();
    await rows.nth(1).click();
    await rows.nth(2).click();
    const gpkg = await exportAs(page, testInfo, 'GeoPackage');
    expect(gpkg.name).toBe('geosonde-database.gpkg');
    const info = await read('ogrinfo', '-so', gpkg.path, 'database');
    expect(info).toMatch(/Geometry: Point/);
    expect(info).toMatch(/Feature Count: 3\b/);
    expect(info).toMatch(/ID\["EPSG",4326\]/);
    for (const column of ['id: String', 'municipality: String', 'depth_m: Real', 'lat: Real', 'lon: Real'])
      expect(info).toContain(column);
    const features = await read('ogrinfo', '-q', gpkg.path, 'database');
    expect(features).toContain(`id (String) = ${firstId}`);
    expect(features).toMatch(/POINT \(-7\d\.\d+ 45\.\d+\)/);
  });
});
