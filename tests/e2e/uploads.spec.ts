import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { jsPDF } from 'jspdf';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// Runs against a server of its own (project 'uploads', UPLOAD_MAX_MB=2): the documents it adds
// would change the other tests' counts.

// Both tests add documents to Montréal's library: one after the other.
test.describe.configure({ mode: 'serial' });

const cards = (page: Page) => page.locator('.report-card');
const title = (page: Page) => page.locator('#reports-title');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Ajouter des rapports / journaux' });

const realPdf = () => {
  const pdf = new jsPDF();
  pdf.text('Journal de forage MTL-BH-02 — essai d’envoi', 20, 20);
  return Buffer.from(pdf.output('arraybuffer'));
};
/** A PDF of about `bytes`: its header, then filler. */
const bigPdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(bytes, 0x41)]);

test('the upload dialog sends files with their progress and the new documents join the library', async ({
  page,
  context,
}) => {
  await signIn(page, ACCOUNTS.montreal, '/client/reports?tenant=montreal');
  await expect(title(page)).toHaveText(/^\d+ documents · 0 sélectionné$/);
  const before = Number((await title(page).textContent())!.split(' ')[0]);

  // Closed by Escape; Envoyer disabled with no file; the 48-hour note.
  await page.getByRole('button', { name: 'Ajouter un rapport / journal' }).click();
  await expect(dialog(page)).toBeVisible();
  // It says what happens now, not a delay that worries.
  await expect(dialog(page)).toContainText('Chaque document est lu dès son envoi');
  await expect(dialog(page)).not.toContainText('48 heures');
  await expect(dialog(page).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // The selected document's borehole is proposed.
  await cards(page).filter({ hasText: 'MTL-BH-02' }).first().click();
  await page.getByRole('button', { name: 'Ajouter un rapport / journal' }).click();
  await expect(dialog(page).getByLabel('Forage concerné')).toHaveValue('MTL-BH-02');

  // Browse: two files, one removed again; drop: a third.
  const sent = realPdf();
  await dialog(page)
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'journal_MTL-BH-02.pdf', mimeType: 'application/pdf', buffer: sent },
      { name: 'brouillon.pdf', mimeType: 'application/pdf', buffer: realPdf() },
    ]);
  await dialog(page).getByRole('button', { name: 'Retirer brouillon.pdf' }).click();
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Ceci est du texte, pas un PDF.'], 'notes.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await dialog(page).locator('.upload-dialog__drop').dispatchEvent('drop', { dataTransfer: dropped });
  const files = dialog(page).getByRole('list', { name: 'Fichiers à envoyer' }).getByRole('listitem');
  await expect(files).toHaveCount(2);
  // The open dialog, its list and its controls pass the WCAG 2.1 AA checks.
  const { violations } = await new AxeBuilder({ page })
    .include('dialog')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await expect(files.nth(0)).toContainText('journal_MTL-BH-02.pdf');
  await expect(files.nth(0)).toContainText(/\d+,\d Ko/);
  await expect(files.nth(1)).toContainText('notes.pdf');

  // Envoyer: each file gets the server's answer; the accepted one is listed, 'En traitement'.
  await dialog(page).getByRole('button', { name: 'Envoyer' }).click();
  await expect(files.nth(0)).toContainText('Reçu — en traitement');
  await expect(files.nth(1).getByRole('alert')).toHaveText(
    '« notes.pdf » n’est ni un PDF, ni une image PNG, JPEG ou TIFF.',
  );
  await expect(title(page)).toHaveText(new RegExp(`^${before + 1} documents`));

  // The same file again: the refused one is not sent a second time, and the copy is not kept.
  await dialog(page)
    .locator('input[type=file]')
    .setInputFiles([{ name: 'journal (copie).pdf', mimeType: 'application/pdf', buffer: sent }]);
  await expect(files).toHaveCount(1);
  await dialog(page).getByRole('button', { name: 'Envoyer' }).click();
  await expect(files.nth(0).getByRole('alert')).toHaveText(
    /^« journal \(copie\)\.pdf » est déjà joint à MTL-BH-02 \(« journal MTL-BH-02 »\) : il n’est pas ajouté une seconde fois\.$/,
  );
  await expect(title(page)).toHaveText(new RegExp(`^${before + 1} documents`));
  await page.keyboard.press('Escape');
  const added = cards(page).filter({ hasText: 'journal MTL-BH-02' });
  await expect(added).toContainText('MTL-BH-02');
  // The server's worker reads it (no log in this PDF: « Traité », which the card does not spell out);
  // the library, looking again every 3 s while a document is « En traitement », shows it.
  await expect(added).not.toContainText('En traitement', { timeout: 30_000 });
  await expect(added).not.toContainText('Échec');

  // The new document opens through its signed link: the very bytes sent.
  const [file] = await Promise.all([
    context.waitForEvent('response', (response) => /\/api\/files\/MTL-BH-02-[0-9A-F]{8}\?exp=/.test(response.url())),
    added.click({ modifiers: ['ControlOrMeta'] }),
  ]);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // (The browser shows it in its viewer; the same link, fetched, gives the file itself.)
  const bytes = await (await page.request.get(file.url())).body();
  expect(bytes.equals(sent)).toBe(true);
});

test('a slow upload shows its progress; a file over the limit gets the server’s refusal', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal, '/client/reports?tenant=montreal&ids=MTL-BH-05');
  await expect(title(page)).toHaveText(/^\d+ documents/);
  const before = await cards(page).count();
  await page.getByRole('button', { name: 'Ajouter un rapport / journal' }).click();
  await expect(dialog(page).getByLabel('Forage concerné')).toHaveValue('MTL-BH-05');
  await dialog(page)
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'rapport-complet.pdf', mimeType: 'application/pdf', buffer: bigPdf(1_500_000) },
      { name: 'trop-gros.pdf', mimeType: 'application/pdf', buffer: bigPdf(2_200_000) },
    ]);

  // About 1.5 Mo at 1 Mo/s: the bar shows a share on its way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await dialog(page).getByRole('button', { name: 'Envoyer' }).click();
  const progress = dialog(page).getByRole('progressbar', { name: 'Envoi de rapport-complet.pdf' });
  await expect
    .poll(async () => Number(await progress.getAttribute('value').catch(() => null)), { intervals: [50] })
    .toBeGreaterThan(0);
  const files = dialog(page).getByRole('listitem');
  await expect(files.nth(0)).toContainText('Reçu — en traitement', { timeout: 15_000 });
  await expect(files.nth(1).getByRole('alert')).toHaveText(
    '« trop-gros.pdf » dépasse la taille maximale de 2 Mo par fichier.',
    { timeout: 15_000 },
  );
  await page.keyboard.press('Escape');
  await expect(cards(page)).toHaveCount(before + 1);
});

test('who added a document replaces its file, then deletes it, each after a confirmation', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal, '/client/reports?tenant=montreal&ids=MTL-BH-09');
  await expect(title(page)).toHaveText(/^\d+ documents?/);
  const replaceButton = page.getByRole('button', { name: 'Remplacer…' });
  const deleteButton = page.getByRole('button', { name: 'Supprimer', exact: true });

  // A document nobody added here (the sample library's) cannot be changed by a member.
  await cards(page).first().click();
  await expect(replaceButton).toBeDisabled();
  await expect(deleteButton).toBeDisabled();
  await expect(deleteButton).toHaveAttribute('title', /que vous avez ajoutés/);
  await page.getByRole('button', { name: 'Effacer sélection' }).click();

  // One of ours, added through the API as the dialog would.
  const first = realPdf();
  const added = await page.request.post('/api/reports?borehole=MTL-BH-09', {
    headers: { origin: new URL(page.url()).origin },
    multipart: { file: { name: 'coupe MTL-BH-09.pdf', mimeType: 'application/pdf', buffer: first } },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  const card = cards(page).filter({ hasText: 'coupe MTL-BH-09' });
  await expect(card).toContainText('PDF');
  const before = await cards(page).count();

  // Remplacer: the dialog says what happens, waits for a file, then gives the document a new one.
  await card.click();
  await replaceButton.click();
  const replacing = page.getByRole('dialog', { name: 'Remplacer le fichier' });
  await expect(replacing).toContainText('« coupe MTL-BH-09 » (MTL-BH-09) garde son identifiant et son titre');
  await expect(replacing.getByRole('button', { name: 'Remplacer' })).toBeDisabled();
  const { violations } = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // The same bytes: the server refuses and says why; nothing changes.
  await replacing
    .getByLabel('Nouveau fichier (PDF, PNG, JPEG ou TIFF)')
    .setInputFiles({ name: 'coupe.pdf', mimeType: 'application/pdf', buffer: first });
  await replacing.getByRole('button', { name: 'Remplacer' }).click();
  await expect(replacing.getByRole('alert')).toHaveText(
    '« coupe.pdf » est identique au fichier actuel de ce document : rien n’est remplacé.',
  );
  // A one-pixel PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await replacing
    .getByLabel('Nouveau fichier (PDF, PNG, JPEG ou TIFF)')
    .setInputFiles({ name: 'coupe corrigée.png', mimeType: 'image/png', buffer: png });
  await replacing.getByRole('button', { name: 'Remplacer' }).click();
  await expect(replacing).toBeHidden();
  await expect(card).toContainText('IMAGE');
  // Processed again, by OCR this time (a pixel: nothing read).
  await expect(card).not.toContainText('En traitement', { timeout: 30_000 });
  await expect(card).not.toContainText('Échec');
  await expect(cards(page)).toHaveCount(before);
  const library = (await (await page.request.get('/api/reports?ids=MTL-BH-09')).json()) as {
    items: { title: string; href: string }[];
  };
  const href = library.items.find((item) => item.title === 'coupe MTL-BH-09')!.href;
  expect((await (await page.request.get(href)).body()).equals(png)).toBe(true);

  // Supprimer: Annuler keeps it; confirmed, the card and the file go.
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await deleteButton.click();
  const deleting = page.getByRole('dialog', { name: 'Supprimer ce document ?' });
  await expect(deleting).toContainText('« coupe MTL-BH-09 » (MTL-BH-09)');
  await expect(deleting).toContainText('ne peut pas être annulée');
  await deleting.getByRole('button', { name: 'Annuler' }).click();
  await expect(deleting).toBeHidden();
  await expect(cards(page)).toHaveCount(before);
  await deleteButton.click();
  await deleting.getByRole('button', { name: 'Supprimer' }).click();
  await expect(deleting).toBeHidden();
  await expect(cards(page)).toHaveCount(before - 1);
  await expect(card).toHaveCount(0);
  await expect(title(page)).toHaveText(/· 0 sélectionné$/);
  expect((await page.request.get(href)).status()).toBe(404);
});

test('an uploaded log is read by the server and waits « À vérifier »; an unreadable file says why', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.montreal);
  const origin = new URL(page.url()).origin;
  // A log as other software prints it: here our own, drawn for MTL-BH-04, with its text.
  const log = await page.request.get('/api/boreholes/MTL-BH-04/log.pdf');
  expect(log.status()).toBe(200);
  const send = (name: string, buffer: Buffer) =>
    page.request.post('/api/reports?borehole=MTL-BH-04', {
      headers: { origin },
      multipart: { file: { name, mimeType: 'application/pdf', buffer } },
    });
  expect((await send('journal imprimé MTL-BH-04.pdf', await log.body())).status()).toBe(201);
  const brokenSent = await send('journal abîmé MTL-BH-04.pdf', Buffer.from('%PDF-1.7\nla suite manque'));
  expect(brokenSent.status()).toBe(201);
  const brokenId = ((await brokenSent.json()) as { items: { id: string }[] }).items[0]!.id;

  await page.goto('/client/reports?tenant=montreal&ids=MTL-BH-04');
  const read = cards(page).filter({ hasText: 'journal imprimé MTL-BH-04' });
  const broken = cards(page).filter({ hasText: 'journal abîmé MTL-BH-04' });
  await expect(read).toContainText(/En traitement|À vérifier/);
  await expect(read).toContainText('À vérifier', { timeout: 30_000 });
  await expect(broken).toContainText('Échec', { timeout: 30_000 });
  await expect(broken).toContainText('Le fichier n’a pas pu être lu : ce n’est pas un PDF lisible.');

  // Its « Vérifier » page says so too, as a fault, not as a success.
  await page.goto(`/client/documents/${brokenId}/verifier`);
  const said = page.getByRole('status').filter({ hasText: 'n’attend pas de vérification' });
  await expect(said).toHaveText(
    'Ce document n’attend pas de vérification. Le fichier n’a pas pu être lu : ce n’est pas un PDF lisible.',
  );
  await expect(said).toHaveClass('verify__faults');
});

test('« Vérifier »: each value read is boxed on its page, corrected in place, then written as a version', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.montreal);
  const origin = new URL(page.url()).origin;
  const log = await page.request.get('/api/boreholes/MTL-BH-05/log.pdf');
  const sent = await page.request.post('/api/reports?borehole=MTL-BH-05', {
    headers: { origin },
    multipart: {
      file: { name: 'journal scanné MTL-BH-05.pdf', mimeType: 'application/pdf', buffer: await log.body() },
    },
  });
  expect(sent.status()).toBe(201);
  const record = (await (await page.request.get('/api/boreholes/MTL-BH-05/record')).json()) as {
    version: number;
    log: { layers: { description: string }[] };
  };

  // From the library: the card's « Vérifier le journal » once the log is read.
  await page.goto('/client/reports?tenant=montreal&ids=MTL-BH-05');
  const card = cards(page).filter({ hasText: 'journal scanné MTL-BH-05' });
  await expect(card).toContainText('À vérifier', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Vérifier le journal « journal scanné MTL-BH-05 »' }).click();
  await expect(page).toHaveURL(/\/client\/documents\/MTL-BH-05-[0-9A-F]{8}\/verifier$/);
  await expect(page.getByRole('heading', { name: 'journal scanné MTL-BH-05' })).toBeVisible();
  await expect(page.getByText('Valeurs lues dans le texte du PDF')).toBeVisible();
  const picture = page.getByRole('img', { name: 'Page 1 du document' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600);

  // A box over every value read; the layers as read.
  const layers = record.log.layers.length;
  const descriptions = page.getByRole('textbox', { name: /^Couche \d+, description$/ });
  await expect(descriptions).toHaveCount(layers);
  await expect(descriptions.first()).toHaveValue(record.log.layers[0]!.description);
  const marks = page.locator('.verify__mark');
  expect(await marks.count()).toBeGreaterThanOrEqual(layers * 2);
  // A value in focus outlines its box; a box clicked puts its value in focus.
  await expect(page.getByRole('group', { name: 'Zoom' })).toContainText('100 %');
  await descriptions.nth(1).focus();
  await expect(page.locator('.verify__mark[aria-current="true"]')).toHaveAttribute(
    'aria-label',
    'Couche 2, description',
  );
  // It stands out at once: the page zoomed to 200 %, the box ringed, the rest of the page dimmed.
  await expect(page.getByRole('group', { name: 'Zoom' })).toContainText('200 %');
  expect(
    await page.locator('.verify__mark[aria-current="true"]').evaluate((mark) => getComputedStyle(mark).boxShadow),
  ).toMatch(/100vmax|\d{3,}px/);
  await page.getByRole('button', { name: 'Couche 1, description' }).click();
  await expect(descriptions.first()).toBeFocused();
  await expect(page.locator('.verify__mark[aria-current="true"]')).toHaveAttribute(
    'aria-label',
    'Couche 1, description',
  );

  const { violations } = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${String(violation.nodes[0]?.target)}`)).toEqual([]);

  // On a phone the page does not scroll sideways: the tables scroll in their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // A phone checks one value at a time: its crop of the page, enlarged, above its field, both in view.
  await descriptions.nth(1).click();
  await page.screenshot({ path: testInfo.outputPath('loupe.png') });
  const loupe = page.getByRole('figure', { name: 'Couche 2, description, sur la page 1' });
  await expect(loupe).toBeVisible();
  const [seen, field] = [await loupe.boundingBox(), await descriptions.nth(1).boundingBox()];
  expect(seen!.y).toBeGreaterThanOrEqual(0);
  expect(seen!.y + seen!.height).toBeLessThanOrEqual(field!.y);
  expect(field!.y + field!.height).toBeLessThanOrEqual(844);
  // The value's ring is in the loupe's middle, enlarged past the page's width on the phone.
  const ring = (await loupe.locator('.verify__loupe-ring').boundingBox())!;
  expect(Math.abs(ring.y + ring.height / 2 - (seen!.y + seen!.height / 2))).toBeLessThan(4);
  expect(ring.x).toBeGreaterThanOrEqual(seen!.x - 1);
  expect(ring.x + ring.width).toBeLessThanOrEqual(seen!.x + seen!.width + 1);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A fault is said in French, naming its row, and nothing is written.
  const base1 = page.getByRole('textbox', { name: 'Couche 1, base (m)' });
  const readBase = await base1.inputValue();
  await base1.fill('deux');
  await page.getByRole('button', { name: 'Valider et verser au forage' }).click();
  await expect(page.getByRole('alert')).toContainText('Couche 1, base : « deux » n’est pas un nombre.');
  await base1.fill(readBase);

  // By keyboard: the corrected description, the last layer deleted, an SPT test added.
  await descriptions.first().fill('Remblai corrigé à la main');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Supprimer la couche 1' })).toBeFocused();
  await page.getByRole('button', { name: `Supprimer la couche ${layers}` }).click();
  await expect(descriptions).toHaveCount(layers - 1);
  await page.getByRole('textbox', { name: 'Profondeur finale (m)' }).fill('');
  await page.getByRole('button', { name: 'Ajouter un essai' }).click();
  const tests = page.getByRole('textbox', { name: /^Essai SPT \d+, N$/ });
  const added = (await tests.count()) - 1;
  await page.getByRole('textbox', { name: `Essai SPT ${added + 1}, profondeur (m)` }).fill('0,5');
  await tests.nth(added).fill('12');
  // A row deleted on screen stays in the borehole, unless the person ticks its removal.
  const summary = page.getByRole('region', { name: 'Ce que la validation change' });
  await expect(summary).toContainText(`Couches : ${layers - 1} lues, ${layers} enregistrées — l’autre est gardée`);
  await summary.getByRole('checkbox', { name: 'Retirer la couche enregistrée que la lecture n’a pas' }).check();
  await page.getByRole('button', { name: 'Valider et verser au forage' }).click();
  await expect(page.getByRole('status')).toContainText(`version ${record.version + 1}`);

  // The record has the checked values, and its history says where they came from.
  await page.getByRole('link', { name: 'Voir la fiche du forage' }).click();
  await expect(page).toHaveURL(/\/client\/boreholes\/MTL-BH-05$/);
  await expect(
    page.getByText(/OCR de « journal scanné MTL-BH-05 », vérifié par Géotechnique Montréal le/),
  ).toBeVisible();
  const after = (await (await page.request.get('/api/boreholes/MTL-BH-05/record')).json()) as typeof record & {
    log: { spt: { top: number; n: number }[] };
  };
  expect(after.version).toBe(record.version + 1);
  expect(after.log.layers).toHaveLength(layers - 1);
  expect(after.log.layers[0]!.description).toBe('Remblai corrigé à la main');
  expect(after.log.spt).toContainEqual({ top: 0.5, n: 12, refusal: null });
  // The library says it is done, with no way to check it again.
  await page.goto('/client/reports?tenant=montreal&ids=MTL-BH-05');
  await expect(card).not.toContainText('À vérifier');
  await expect(page.getByRole('link', { name: /Vérifier le journal/ })).toHaveCount(0);
});
