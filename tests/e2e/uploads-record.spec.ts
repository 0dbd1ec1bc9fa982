import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { jsPDF } from 'jspdf';
import pg from 'pg';
import { runningEmbeddedUrl } from '../../api/db/embedded-postgres.ts';
import { ACCOUNTS, exportAs, read, signIn } from './workspace-helpers.ts';

// Runs against the 'uploads' server (its own database): restoring and sharing write versions
// and links. Sainte-Julie imports here, so that Montréal's counts in the import tests stay true.

const HINDLEY = fileURLToPath(new URL('../fixtures/ags/Hindley Mill Embankment FRA01.ags', import.meta.url));
const WS03_LOCA = '"WS03","WS","","362430.88","405269.79","","59.96"';

/** Validates then commits an AGS file through the API as the signed-in user; the ids it wrote. */
async function importAgs(page: Page, name: string, text: string): Promise<{ id: string; locaId: string }[]> {
  return page.evaluate(
    async ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('crs', '27700');
      form.append('file', new Blob([bytes]), name);
      const validated = (await (await fetch('/api/imports', { method: 'POST', body: form })).json()) as { id: string };
      const committed = await fetch(`/api/imports/${validated.id}/commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await committed.json()) as { boreholes: { id: string; locaId: string }[] }).boreholes;
    },
    { name, base64: Buffer.from(text, 'latin1').toString('base64') },
  );
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the record opens from the map popup and from the table, with its log, its data and its exports', async ({
  page,
}, testInfo) => {
  await signIn(page, ACCOUNTS.montreal);
  await page.locator('.result-card[data-id="MTL-BH-01"]').click();
  const popup = page.locator('.borehole-popup');
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: 'Ouvrir la fiche' }).click();
  await expect(page).toHaveURL(/\/client\/boreholes\/MTL-BH-01$/);
  await expect(page.getByRole('heading', { level: 2, name: 'MTL-BH-01' })).toBeVisible();
  await expect(page).toHaveTitle(/^MTL-BH-01 · Réfection de la rue Sainte-Catherine Ouest — Fiche de forage/);

  // The log is the server's SVG, in the page, with its title; the tables hold the same layers.
  const record = await page.evaluate(
    async () =>
      (await (await fetch('/api/boreholes/MTL-BH-01/record')).json()) as {
        log: { layers: { top: number; base: number }[] };
      },
  );
  const sheet = page.locator('.record__log-sheet svg');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('> title')).toContainText('MTL-BH-01');
  await expect(sheet.locator('rect.log-layer')).toHaveCount(record.log.layers.length);
  await expect(page.getByRole('region', { name: 'Couches' }).locator('tbody tr')).toHaveCount(record.log.layers.length);
  // Depths to the centimetre, as a log writes them: a whole metre reads « 3,00 m », not « 3 m ».
  const centimetres = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const first = record.log.layers[0]!;
  await expect(page.getByRole('region', { name: 'Couches' }).locator('tbody tr').first()).toContainText(
    `${centimetres.format(first.top)} m${centimetres.format(first.base)} m`,
  );
  await expect(sheet).toContainText('Échelle 1:100');
  await page.getByLabel('Échelle').selectOption('200');
  await expect(sheet).toContainText('Échelle 1:200');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: /^Exporter/ }).click();
  const [ags] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'AGS 4', exact: true }).click(),
  ]);
  expect(ags.suggestedFilename()).toBe('MTL-BH-01.ags');
  const text = await readFile(await ags.path(), 'utf8');
  expect(text).toContain('"DATA","MTL-BH-01"');
  expect(text).not.toContain('"DATA","MTL-BH-02"');

  // A row of the database links to its record; a click beside the link still selects the row.
  await page
    .getByRole('navigation', { name: 'Espace de Travail' })
    .getByRole('link', { name: 'Base de données' })
    .click();
  // The selection's logs, one after the other, in one PDF drawn by the server.
  await page.getByRole('row').filter({ hasText: 'MTL-BH-04' }).locator('td').nth(3).click();
  await page.getByRole('row').filter({ hasText: 'MTL-BH-05' }).locator('td').nth(3).click();
  await expect(page.getByRole('heading', { name: /2 sélectionnés/ })).toBeVisible();
  const logs = await exportAs(page, testInfo, 'Journaux (PDF)');
  expect(logs.name).toBe('geosonde-journaux.pdf');
  const words = await read('pdftotext', logs.path, '-');
  expect(words).toContain('Journal de forage MTL-BH-04');
  expect(words).toContain('Journal de forage MTL-BH-05');
  expect(words).not.toContain('MTL-BH-06');

  await page.getByRole('row').filter({ hasText: 'MTL-BH-02' }).getByRole('link', { name: 'MTL-BH-02' }).click();
  await expect(page).toHaveURL(/\/client\/boreholes\/MTL-BH-02$/);
  await expect(page.getByRole('heading', { level: 2, name: 'MTL-BH-02' })).toBeVisible();
  // An observation well: its screen, as the map's popup gives it, on the record and drawn on its log.
  const ident = page.getByRole('region', { name: 'Identification' });
  await expect(ident.locator('dt', { hasText: 'Crépine' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    '6,0–9,0 m',
  );
  await expect(page.locator('.record__log-sheet .log-screen')).toHaveAttribute('data-top', '6');
  await expect(page.locator('.record__log-sheet')).toContainText('Crépine : 6,0–9,0 m');
  // Every number a person reads is written the French way, coordinates included.
  await expect(
    ident.locator('dt', { hasText: 'Position (WGS 84)' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^45,\d{5} ; -73,\d{5}$/);

  // Another organisation's borehole is not there, as if it did not exist.
  await page.goto('/client/boreholes/SJ-BH-01');
  await expect(page.getByRole('alert')).toHaveText('Le forage SJ-BH-01 est introuvable dans votre organisation.');
});

test('the record lists its documents, adds one to its borehole, and exports itself as CSV and log PDF', async ({
  page,
}, testInfo) => {
  // Sainte-Julie's: the library tests count Montréal's documents at the same time.
  await signIn(page, ACCOUNTS.stjulie, '/client/boreholes/SJ-BH-05');
  const documents = page.getByRole('region', { name: 'Documents' });
  const links = documents.locator('.record__documents > li');
  await expect(links).not.toHaveCount(0);
  const before = await links.count();

  // Added from the record: the dialog names this borehole, and the new document joins the list.
  const pdf = new jsPDF();
  pdf.text('Coupe du forage SJ-BH-05, ajoutée depuis sa fiche', 20, 20);
  const sent = Buffer.from(pdf.output('arraybuffer'));
  await documents.getByRole('button', { name: 'Ajouter des documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter des rapports / journaux' });
  await expect(dialog.getByLabel('Forage concerné')).toHaveValue('SJ-BH-05');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'coupe-fiche-SJ-BH-05.pdf', mimeType: 'application/pdf', buffer: sent });
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog.getByRole('listitem').first()).toContainText('Reçu — en traitement');
  await page.keyboard.press('Escape');
  await expect(links).toHaveCount(before + 1);

  // Its link opens the very bytes that were sent.
  const added = documents.getByRole('link', { name: /coupe-fiche-SJ-BH-05/ });
  const href = await added.getAttribute('href');
  const served = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { type: response.headers.get('content-type'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
  }, href!);
  expect(served.type).toBe('application/pdf');
  expect(Buffer.from(served.bytes).equals(sent)).toBe(true);

  // The record's own exports: one CSV row (for Excel: French headings and labels), and its log as a PDF.
  const csv = await exportAs(page, testInfo, 'CSV pour Excel');
  expect(csv.name).toBe('geosonde-database-excel.csv');
  const text = await readFile(csv.path, 'utf8');
  expect(text.startsWith('\uFEFFID;')).toBe(true);
  const rows = text.trim().split(/\r?\n/);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatch(/^ID;Projet;Site;Municipalité;Date;But;Type;Méthode;Profondeur \(m\);/);
  expect(rows[1]).toMatch(/^SJ-BH-05;/);
  const log = await exportAs(page, testInfo, 'Journal (PDF)');
  expect(log.name).toBe('journal-SJ-BH-05.pdf');
  expect(await read('pdftotext', log.path, '-')).toContain('Journal de forage SJ-BH-05');
});

test('overlapping layers are imported with a warning named on the record, and a refusal as blows/mm', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.stjulie);
  // A project of its own (other boreholes than the history test's), where two loggers described the
  // same metres: the layer from 2,65 m starts at 2,40 m, 25 cm above the base of the one before.
  const text = (await readFile(HINDLEY, 'latin1'))
    .replace('"DATA","TOP3398"', '"DATA","TOP3398-CHEV"')
    .replace('"DATA","WS03","2.65","3.45"', '"DATA","WS03","2.40","3.45"');
  const { report, boreholes } = await page.evaluate(
    async ({ base64 }) => {
      const form = new FormData();
      form.append('crs', '27700');
      form.append('file', new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]), 'chevauchement.ags');
      const validated = (await (await fetch('/api/imports', { method: 'POST', body: form })).json()) as {
        id: string;
        report: { valid: boolean; warnings: Record<string, { message: string }[]> };
      };
      const committed = await fetch(`/api/imports/${validated.id}/commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const { boreholes } = (await committed.json()) as { boreholes: { id: string; locaId: string }[] };
      return { report: validated.report, boreholes };
    },
    { base64: Buffer.from(text, 'latin1').toString('base64') },
  );
  expect(report.valid).toBe(true);
  expect(report.warnings['Avertissement GéoSonde 3']?.map((entry) => entry.message)).toEqual([
    'WS03 : la couche à 2,4 m chevauche la précédente (base 2,65 m).',
  ]);

  await page.goto(`/client/boreholes/${encodeURIComponent(boreholes.find((b) => b.locaId === 'WS03')!.id)}`);
  const layers = page.getByRole('region', { name: 'Couches' });
  const note = layers.getByRole('note', { name: 'Couches qui se chevauchent' });
  await expect(note.getByRole('listitem')).toHaveText([
    'La couche de 2,40 m à 3,45 m commence au-dessus de la base de la précédente (2,65 m).',
  ]);
  await expect(layers.getByRole('row')).toHaveCount(6); // the heading row and every layer, kept
  // The log marks the metres described twice, 2,40 to 2,65 m.
  await expect(page.locator('.log-overlap[data-top="2.4"][data-base="2.65"]')).toHaveCount(1);

  // WS08's test at 6,80 m stopped 5 mm into its test drive (ISPT_NVAL empty, « N=25 (8,25/25 for 5mm) »).
  await page.goto(`/client/boreholes/${encodeURIComponent(boreholes.find((b) => b.locaId === 'WS08')!.id)}`);
  const spt = page.getByRole('region', { name: 'Essais de pénétration standard (SPT)' });
  await expect(spt.getByRole('row').filter({ hasText: '6,8' })).toContainText('25/5 mm');
  await expect(page.locator('.log-spt[data-refusal="25/5 mm"]')).toHaveCount(1);
});

test('the history shows what each version changed, and Restaurer brings a version back as a new one', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.stjulie);
  const text = await readFile(HINDLEY, 'latin1');
  const first = await importAgs(page, 'Hindley Mill Embankment FRA01.ags', text);
  const id = first.find((b) => b.locaId === 'WS03')!.id;
  await importAgs(page, 'Hindley v2.ags', text.replace(WS03_LOCA, WS03_LOCA.replace('59.96', '60.10')));

  await page.goto(`/client/boreholes/${encodeURIComponent(id)}`);
  const history = page.getByRole('region', { name: 'Historique' });
  const current = history.locator('li[data-version="2"]');
  await expect(current.getByRole('heading', { name: 'Version 2 (en cours)' })).toBeVisible();
  await expect(current).toContainText('import de « Hindley v2.ags »');
  await expect(current.getByRole('row', { name: /Niveau du terrain/ })).toHaveText(
    /Niveau du terrain\s*59,96 m\s*60,1 m/,
  );
  await expect(current.getByRole('button', { name: 'Restaurer' })).toHaveCount(0);

  await history.locator('li[data-version="1"]').getByRole('button', { name: 'Restaurer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restaurer la version 1 ?' });
  await dialog.getByRole('button', { name: 'Restaurer' }).click();
  await expect(history.getByRole('status')).toHaveText('Version 1 restaurée : elle est maintenant la version 3.');
  const restored = history.locator('li[data-version="3"]');
  await expect(restored).toContainText('restauration de la version 1');
  await expect(restored.getByRole('row', { name: /Niveau du terrain/ })).toHaveText(/60,1 m\s*59,96 m/);
  await expect(page.locator('.record__ident')).toContainText('59,96 m (altitude)');
  await expect(history.locator('li[data-version]')).toHaveCount(3);
  await expectNoSeriousViolations(page);
});

test('a share link opens the record signed out, noindex, and stops once revoked or expired', async ({
  page,
  browser,
}) => {
  await signIn(page, ACCOUNTS.stjulie, '/client/boreholes/SJ-BH-01');
  const share = page.getByRole('region', { name: 'Partager' });
  const created = share.getByLabel(/^Lien créé/);
  const create = async () => {
    // The link shown before this one, if any: the new one must have replaced it.
    const before = (await created.count()) ? await created.inputValue() : '';
    await share.getByLabel(/^Durée de validité/).fill('2');
    await share.getByRole('button', { name: 'Créer le lien' }).click();
    await expect(created).toHaveValue(/\/partage\/[A-Za-z0-9_-]{43}$/);
    await expect(created).not.toHaveValue(before);
    return new URL(await created.inputValue()).pathname;
  };
  const path = await create();
  const row = share.locator('tbody tr').first();
  await expect(row).toContainText('Actif');

  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.goto(path);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(visitor.getByRole('heading', { level: 2, name: 'SJ-BH-01' })).toBeVisible();
  await expect(visitor.getByText(/^Ce lien est valable jusqu’au /)).toBeVisible();
  await expect(visitor.locator('.record__log-sheet svg > title')).toContainText('SJ-BH-01');
  // The record and its log, nothing else.
  for (const name of ['Documents', 'Historique', 'Partager']) {
    await expect(visitor.getByRole('heading', { name, exact: true })).toHaveCount(0);
  }
  await expect(visitor.getByRole('button', { name: /^Exporter/ })).toHaveCount(0);
  await expectNoSeriousViolations(visitor);

  await row.getByRole('button', { name: 'Révoquer' }).click();
  await expect(row).toContainText('Révoqué le');
  await visitor.reload();
  await expect(visitor.getByRole('alert')).toHaveText('Ce lien de partage n’existe pas, a expiré ou a été révoqué.');

  // A second link, whose time runs out (its end moved into the past, as the clock would).
  const second = await create();
  await visitor.goto(second);
  await expect(visitor.getByRole('heading', { level: 2, name: 'SJ-BH-01' })).toBeVisible();
  const shareId = await share.locator('tbody tr').first().getAttribute('data-share');
  const db = new pg.Client(runningEmbeddedUrl(process.env.GS_E2E_UPLOADS_DATA_DIR!)!);
  await db.connect();
  try {
    await db.query(
      `UPDATE share_links SET created_at = now() - interval '3 days', expires_at = now() - interval '1 second'
       WHERE id = $1`,
      [shareId],
    );
  } finally {
    await db.end();
  }
  await visitor.reload();
  await expect(visitor.getByRole('alert')).toHaveText('Ce lien de partage n’existe pas, a expiré ou a été révoqué.');
  await page.reload();
  await expect(share.locator(`tr[data-share="${shareId}"]`)).toContainText('Expiré');
});
