import { expect, test } from '@playwright/test';
import { MERGE_BOREHOLE, mergeBoreholeAgs } from './merge-borehole.ts';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// Runs against the 'uploads' server (its own database): it imports a borehole and writes a version,
// as Sainte-Julie, so that Montréal's counts in the other upload tests stay true.
// As Sainte-Julie, so that Montréal's counts in the other upload tests stay true.

interface Record {
  version: number;
  log: {
    layers: { top: number; base: number }[];
    spt: { top: number; n: number }[];
    samples: { top: number }[];
    waterStrikes: number[];
    standingLevels: number[];
  };
}

test('« Valider » keeps what the reading did not see, and removes only the group the person ticked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.stjulie);
  // A borehole with layers, SPT tests, samples, water and cores, imported as an engineer would.
  const id = await page.evaluate(async (text) => {
    const form = new FormData();
    form.append('file', new Blob([text]), 'fusion.ags');
    const checked = (await (await fetch('/api/imports', { method: 'POST', body: form })).json()) as { id: string };
    const committed = await fetch(`/api/imports/${checked.id}/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await committed.json()) as { boreholes: { id: string }[] }).boreholes[0]!.id;
  }, mergeBoreholeAgs());
  const record = async () => (await (await page.request.get(`/api/boreholes/${id}/record`)).json()) as Record;
  const before = await record();
  expect(before.log.spt).toHaveLength(4);
  expect(before.log.samples).toHaveLength(6);

  // Its own log, drawn by GéoSonde, sent as a document and read by the server.
  const origin = new URL(page.url()).origin;
  const log = await page.request.get(`/api/boreholes/${id}/log.pdf`);
  const sent = await page.request.post(`/api/reports?borehole=${encodeURIComponent(id)}`, {
    headers: { origin },
    multipart: { file: { name: 'journal fusion.pdf', mimeType: 'application/pdf', buffer: await log.body() } },
  });
  expect(sent.status()).toBe(201);
  await page.goto(`/client/reports?tenant=stjulie&ids=${encodeURIComponent(id)}`);
  await expect(page.locator('.report-card').filter({ hasText: 'journal fusion' })).toContainText('À vérifier', {
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Vérifier le journal « journal fusion »' }).click();
  await expect(page.getByRole('heading', { name: 'journal fusion' })).toBeVisible();

  // The person corrects a layer's base, keeps one SPT test of those read (its N corrected) and
  // deletes the samples read: on screen, a deleted row is not removed from the borehole.
  await page.getByRole('textbox', { name: 'Couche 1, base (m)' }).fill('1,40');
  await page.getByRole('textbox', { name: 'Couche 2, sommet (m)' }).fill('1,40');
  const remove = async (name: RegExp) => {
    const buttons = page.getByRole('button', { name });
    while ((await buttons.count()) > 0) await buttons.first().click();
  };
  await remove(/^Supprimer l’essai SPT \d+$/);
  await remove(/^Supprimer l’échantillon \d+$/);
  await page.getByRole('button', { name: 'Ajouter un essai' }).click();
  await page.getByRole('textbox', { name: 'Essai SPT 1, profondeur (m)' }).fill('2,5');
  await page.getByRole('textbox', { name: 'Essai SPT 1, N' }).fill('13');

  // Before « Valider », what it will do, group by group.
  const summary = page.getByRole('region', { name: 'Ce que la validation change' });
  await expect(summary).toContainText('Couches : 3 lues, 3 enregistrées — toutes relues.');
  await expect(summary).toContainText('SPT : 1 lu, 4 enregistrés — les 3 autres sont gardés (1,00, 4,50 et 6,00 m).');
  await expect(summary).toContainText('Échantillons : 0 lu, 6 enregistrés — les 6 sont gardés (de 0,50 à 7,50 m).');
  await summary
    .getByRole('checkbox', { name: 'Retirer les 6 échantillons enregistrés que la lecture n’a pas' })
    .check();
  await expect(summary).toContainText('Échantillons : 0 lu, 6 enregistrés — les 6 seront retirés (de 0,50 à 7,50 m).');

  await page.getByRole('button', { name: 'Valider et verser au forage' }).click();
  await expect(page.getByRole('status')).toContainText(`version ${before.version + 1}`);

  const after = await record();
  expect(after.version).toBe(before.version + 1);
  expect(after.log.layers.map((layer) => [layer.top, layer.base])).toEqual([
    [0, 1.4],
    [1.4, 4.2],
    [4.2, 8],
  ]);
  expect(after.log.spt).toEqual([
    { top: 1, n: 8, refusal: null },
    { top: 2.5, n: 13, refusal: null },
    { top: 4.5, n: 31, refusal: null },
    { top: 6, n: 45, refusal: null },
  ]);
  expect(after.log.samples).toEqual([]);
  expect(after.log.waterStrikes).toEqual([MERGE_BOREHOLE.strike]);
  expect(after.log.standingLevels).toEqual([MERGE_BOREHOLE.level]);
  // The cores, which no reading sees, are in the borehole's AGS as before.
  const ags = await (await page.request.get(`/api/boreholes/${id}/ags`)).text();
  expect(ags).toContain('"GROUP","CORE"');
  const cores = ags.slice(ags.indexOf('"GROUP","CORE"')).split(/\r?\n\r?\n/)[0]!;
  expect(cores.split(/\r?\n/).filter((line) => line.startsWith('"DATA"'))).toHaveLength(MERGE_BOREHOLE.cores.length);
});
