import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkAgs } from '../../src/domain/ags/check-ags.ts';
import { readDictionary } from '../ags-fixtures.ts';
import { ACCOUNTS, exportAs, read, signIn } from './workspace-helpers.ts';

const cards = (page: Page) => page.locator('.report-card');
const title = (page: Page) => page.locator('#reports-title');

test.describe('reports library', () => {
  test('lists the tenant’s documents; selects, opens and sends the selection to the map', async ({ page, context }) => {
    // Many steps, the first thumbnails drawn on the way: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.montreal);
    await page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Rapports' }).click();
    await expect(page).toHaveURL(/\/client\/reports\?tenant=montreal$/);
    await expect(title(page)).toHaveText('45 documents · 0 sélectionné');
    await expect(cards(page)).toHaveCount(45);
    await expect(page.getByRole('complementary', { name: 'Filtres' })).toContainText('45 documents');
    await expect(page.locator('.filter-panel, .filter-sheet-bar')).toHaveCount(2);
    const first = cards(page).first();
    await expect(first.locator('.report-card__badge')).toHaveText(/^(PDF|IMAGE)$/);
    await expect(first.locator('.report-card__meta').last()).toHaveText(/^\d{4}-\d\d-\d\d · \d+,\d (Ko|Mo)$/);
    expect(
      (await cards(page).locator('.report-card__meta').first().allTextContents()).every((t) => t.startsWith('MTL-BH-')),
    ).toBe(true);

    // Each card shows its document drawn by the server: a PDF's first page, a photo itself.
    for (const kind of ['PDF', 'IMAGE']) {
      const picture = cards(page)
        .filter({ has: page.locator('.report-card__badge', { hasText: kind }) })
        .first()
        .locator('.report-card__thumb img');
      await expect(picture).toHaveAttribute('src', /\/api\/files\/MTL-BH-\d\d-R\d\/thumbnail\?exp=\d+&sig=/);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(100);
    }

    await page.getByRole('button', { name: 'Tout sélectionner' }).click();
    await expect(title(page)).toHaveText('45 documents · 45 sélectionnés');
    await page.getByRole('button', { name: 'Tout désélectionner' }).click();
    await expect(title(page)).toHaveText('45 documents · 0 sélectionné');

    // A click selects; 'Voir sur la carte' carries the borehole; 'Ouvrir' opens the real file.
    const pdf = cards(page)
      .filter({ has: page.locator('.report-card__badge', { hasText: 'PDF' }) })
      .first();
    const id = (await pdf.getAttribute('data-id'))!;
    const borehole = id.replace(/-R\d$/, '');
    await pdf.click();
    await expect(pdf).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Voir sur la carte' })).toHaveAttribute(
      'href',
      `/client/map?tenant=montreal&ids=${borehole}`,
    );
    const [opened] = await Promise.all([
      context.waitForEvent('response', (response) => response.url().includes(`/api/files/${id}?`)),
      page.getByRole('button', { name: 'Ouvrir' }).click(),
    ]);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');

    // Ctrl-click opens without selecting.
    const image = cards(page)
      .filter({ has: page.locator('.report-card__badge', { hasText: 'IMAGE' }) })
      .first();
    const [png] = await Promise.all([
      context.waitForEvent('response', (response) => /\/api\/files\/.*-R3\?/.test(response.url())),
      image.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    expect(png.headers()['content-type']).toBe('image/png');
    await expect(image).toHaveAttribute('aria-pressed', 'false');

    // 'Voir sur la carte' shows that borehole alone on the map.
    await page.getByRole('link', { name: 'Voir sur la carte' }).click();
    await expect(page).toHaveURL(`/client/map?tenant=montreal&ids=${borehole}`);
    await expect(page.getByRole('complementary', { name: 'Résultats' }).locator('.result-card__id')).toHaveText([
      borehole,
    ]);
    await page.goBack();
    await expect(title(page)).toHaveText('45 documents · 0 sélectionné');

    // A new query resets the selection.
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByLabel('ID du forage').fill(borehole);
    await filters.getByRole('button', { name: 'Rechercher' }).click();
    await expect(title(page)).toHaveText('3 documents · 0 sélectionné');
  });

  test('on a phone, each card’s borehole id stays on one line', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ACCOUNTS.montreal, '/client/reports?tenant=montreal');
    const ids = page.locator('.report-card__id');
    await expect(ids).toHaveCount(45);
    await expect(ids.first()).toHaveText(/^MTL-BH-\d\d$/);
    // An inline box broken across lines has one rectangle per line.
    const lines = await ids.evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
    expect(lines.every((count) => count === 1)).toBe(true);
  });

  test('exports the documents as CSV for Excel and for GIS, XLSX, PDF, GeoPackage and GeoJSON', async ({
    page,
  }, testInfo) => {
    await signIn(page, ACCOUNTS.stjulie, '/client/reports?tenant=stjulie');
    await expect(cards(page)).toHaveCount(45);
    // Two CSV files: one French Excel opens in columns, one for tools (commas, codes).
    const excel = await exportAs(page, testInfo, 'CSV pour Excel');
    expect(excel.name).toBe('geosonde-reports-excel.csv');
    const excelText = await read('cat', excel.path);
    expect(excelText.startsWith('\uFEFFID;Forage;')).toBe(true); // UTF-8 with its byte-order mark
    const excelLines = excelText.trim().split('\r\n');
    expect(excelLines[0]).toBe('ID;Forage;Titre;Type;Site;Municipalité;Date;Taille (octets);Lien');
    expect(excelLines).toHaveLength(46);
    expect(excelLines[1]).toMatch(/^SJ-BH-\d\d-R\d;SJ-BH-\d\d;[^;]*;(PDF|Image);/);
    const csv = await exportAs(page, testInfo, 'CSV pour SIG');
    expect(csv.name).toBe('geosonde-reports.csv');
    const lines = (await read('cat', csv.path))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,borehole_id,title,kind,site,municipality,date,size_bytes,href');
    expect(lines).toHaveLength(46);
    expect(lines[1]).toMatch(/,http:\/\/127\.0\.0\.1:\d+\/api\/files\/SJ-BH-\d\d-R\d\?exp=\d+&sig=[\w-]+$/);

    await cards(page).nth(0).click();
    await cards(page).nth(1).click();
    const xlsx = await exportAs(page, testInfo, 'XLSX');
    expect(xlsx.name).toBe('geosonde-reports.xlsx');
    expect(await read('unzip', '-p', xlsx.path, 'xl/workbook.xml')).toMatch(/<sheet [^>]*name="Reports"/);
    expect((await read('unzip', '-p', xlsx.path, 'xl/worksheets/sheet1.xml')).match(/<row /g)).toHaveLength(3);

    const pdf = await exportAs(page, testInfo, 'PDF');
    expect(pdf.name).toBe('geosonde-reports.pdf');
    const text = await read('pdftotext', '-layout', pdf.path, '-');
    expect(text).toContain('GéoSonde — Rapports et journaux');
    expect(text).toContain('2 documents');
    expect(text).toMatch(/\d+,\d Ko/);

    // GeoPackage: a 'reports' table of the two documents, placed at their boreholes.
    const gpkg = await exportAs(page, testInfo, 'GeoPackage');
    expect(gpkg.name).toBe('geosonde-reports.gpkg');
    const info = await read('ogrinfo', '-so', gpkg.path, 'reports');
    expect(info).toMatch(/Geometry: Point/);
    expect(info).toMatch(/Feature Count: 2\b/);
    for (const column of ['borehole_id: String', 'size_bytes: Real', 'href: String']) expect(info).toContain(column);
    expect(await read('ogrinfo', '-q', gpkg.path, 'reports')).toMatch(/POINT \(-73\.\d+ 45\.\d+\)/);

    const geojson = await exportAs(page, testInfo, 'GeoJSON');
    expect(geojson.name).toBe('geosonde-reports.geojson');
    const layer = await read('ogrinfo', '-so', '-al', geojson.path);
    expect(layer).toMatch(/Feature Count: 2\b/);
    expect(layer).toMatch(/Geometry: Point/);
    expect(layer).toContain('borehole_id: String');
  });

  // The library's GeoPackage is written in the page (the database's comes from the server).
  test('without its GeoPackage module, the GeoPackage export says so and saves GeoJSON', async ({ page }) => {
    await signIn(page, ACCOUNTS.stjulie, '/client/reports?tenant=stjulie');
    await expect(cards(page)).toHaveCount(45);
    // The chunk of a build made without the module throws when it is evaluated.
    await page.route(/write-geopackage/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("@ngageoint/geopackage absent");' }),
    );
    await cards(page).nth(0).click();
    await cards(page).nth(1).click();
    await page.getByRole('button', { name: /^Exporter/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'GeoPackage' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('geosonde-reports.geojson');
    await expect(page.getByRole('alert')).toHaveText(
      'GeoPackage module non trouvé — export en GeoJSON à la place. Installez @ngageoint/geopackage pour .gpkg.',
    );
    const geojson = JSON.parse(await readFile(await download.path(), 'utf8')) as { features: unknown[] };
    expect(geojson.features).toHaveLength(2);
  });

  test('exports the selected images as a ZIP: manifest, link files and the images themselves', async ({
    page,
  }, testInfo) => {
    await signIn(page, ACCOUNTS.montreal, '/client/reports?tenant=montreal&ids=MTL-BH-03,MTL-BH-04');
    await expect(cards(page)).toHaveCount(6);
    const badge = (kind: string) => cards(page).filter({ has: page.locator('.report-card__badge', { hasText: kind }) });

    // No image selected: the alert, and no file.
    await badge('PDF').first().click();
    await page.getByRole('button', { name: /^Exporter/ }).click();
    await page.getByRole('menuitem', { name: 'Images (ZIP)' }).click();
    await expect(page.getByRole('alert')).toHaveText('Sélectionnez au moins une IMAGE.');

    await badge('IMAGE').nth(0).click();
    await badge('IMAGE').nth(1).click();
    const zip = await exportAs(page, testInfo, 'Images (ZIP)');
    expect(zip.name).toBe('geosonde-reports-images.zip');
    const listing = await read('unzip', '-Z1', zip.path);
    const entries = listing.trim().split('\n');
    expect(entries.filter((entry) => !entry.endsWith('/')).sort()).toEqual([
      'images/MTL-BH-03-R3.png',
      'images/MTL-BH-04-R3.png',
      'liens/MTL-BH-03-R3.txt',
      'liens/MTL-BH-04-R3.txt',
      'manifest.csv',
    ]);
    const manifest = (await read('unzip', '-p', zip.path, 'manifest.csv'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(manifest[0]).toBe('id,borehole_id,title,kind,site,municipality,date,size_bytes,href,file');
    expect(
      manifest
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['MTL-BH-03-R3', 'MTL-BH-04-R3']);
    expect(manifest[1]).toMatch(/,image,.*\/api\/files\/MTL-BH-0\d-R3\?exp=\d+&sig=[\w-]+,images\/MTL-BH-0\d-R3\.png$/);
    const link = await read('unzip', '-p', zip.path, 'liens/MTL-BH-03-R3.txt');
    expect(link).toContain('Forage : MTL-BH-03');
    expect(link).toMatch(/Lien : http:\/\/127\.0\.0\.1:\d+\/api\/files\/MTL-BH-03-R3\?exp=/);
    // The expiry as formatMoment writes it: to the minute, with the time zone, no seconds.
    expect(link).toMatch(/valable jusqu’au \d{1,2}(er)?\s\S+\s\d{4}\sà\s\d\d\sh\s\d\d\s(HNE|HAE)\s;/);
    const png = await promisify(execFile)('unzip', ['-p', zip.path, 'images/MTL-BH-03-R3.png'], { encoding: 'buffer' });
    expect(png.stdout.subarray(1, 4).toString()).toBe('PNG');
  });

  test('exports AGS 4.1.1 with its FILE folder: valid against the standard dictionary', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNTS.stjulie, '/client/reports?tenant=stjulie&ids=SJ-BH-01,SJ-BH-02');
    await expect(cards(page)).toHaveCount(6);
    const zip = await exportAs(page, testInfo, 'AGS 4 (ZIP)');
    expect(zip.name).toBe('geosonde-reports-ags4.zip');
    const folder = await mkdtemp(join(tmpdir(), 'geosonde-ags-'));
    await read('unzip', '-q', zip.path, '-d', folder);
    const files = (await readdir(folder, { recursive: true })).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'geosonde-reports.ags',
        'FILE/SJ-BH-01-R1/SJ-BH-01-R1.pdf',
        'FILE/SJ-BH-02-R3/SJ-BH-02-R3.png',
      ]),
    );
    expect(files.filter((f) => /^FILE\/[^/]+\/[^/]+$/.test(f))).toHaveLength(6);
    const text = await readFile(join(folder, 'geosonde-reports.ags'), 'latin1');
    expect(text).toContain('"TRAN_AGS"');
    expect(text).toMatch(/"DATA","SJ-BH-01","(RC|RO|AUGH|SNC)"/);
    expect(text).not.toContain('"DATA","MTL');

    // Our rule checker (calibrated on the reference validator's verdicts, src/domain/ags/) finds nothing.
    const dictionary = readDictionary('Standard_dictionary_v4_1_1.ags');
    expect(checkAgs(await readFile(join(folder, 'geosonde-reports.ags')), dictionary, files)).toEqual([]);

    // The reference validator (python-ags4), where this machine has it: AGS4_CHECKER=<command FILE>.
    const checker = process.env.AGS4_CHECKER;
    if (checker) {
      const { stdout } = await promisify(execFile)(checker, [join(folder, 'geosonde-reports.ags')]);
      await testInfo.attach('python-ags4', { body: stdout, contentType: 'text/plain' });
      expect(stdout).toContain('All checks passed!');
    }
  });
});
