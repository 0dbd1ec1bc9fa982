import { expect, test } from '@playwright/test';

test.describe('support form', () => {
  test('starts with Accès / connexion and P2, and prepares the e-mail as the user types', async ({ page }) => {
    await page.goto('/support#contact');
    await expect(page.getByLabel('Catégorie')).toHaveValue('Accès / connexion');
    await expect(page.getByRole('radio', { name: 'P2' })).toBeChecked();
    await page.getByLabel('Nom').fill('Julie Tremblay');
    await page.getByLabel('Organisation').fill('Ville de Sainte-Julie');
    await page.getByLabel('Courriel').fill('jt@ville.sainte-julie.qc.ca');
    await page.getByLabel('Catégorie').selectOption('Exports');
    await page.getByRole('radio', { name: 'P1' }).check();
    await page.getByLabel('Objet').fill('Export vide');
    await page.getByLabel('Description').fill('Le fichier GeoPackage ne contient aucune couche.');
    await page.getByLabel('URL(s) / ID(s) liés').fill('SJ-BH-03');
    await expect(page.getByText(/P1 — incident bloquant/)).toBeVisible();

    const href = (await page.getByRole('link', { name: 'Ouvrir mon courriel' }).getAttribute('href'))!;
    expect(href.startsWith('mailto:support@geosonde.ca?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('[P1] Exports — Export vide');
    const body = params.get('body')!;
    for (const line of [
      'Nom : Julie Tremblay',
      'Organisation : Ville de Sainte-Julie',
      'URL(s) / ID(s) liés : SJ-BH-03',
    ]) {
      expect(body).toContain(line);
    }
    await expect(page.getByRole('link', { name: 'Voir Licence & SLA' })).toHaveAttribute('href', '/pricing#license');
  });

  test('copies the message and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/support');
    await page.getByLabel('Objet').fill('Question');
    await page.getByRole('button', { name: 'Copier le message' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Message copié. Ouvrez votre courriel et collez-le (Ctrl/Cmd + V).',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith('[P2] Accès / connexion — Question\n\nNom : —')).toBe(true);
  });

  test('says how to copy by hand when the clipboard refuses', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('refusé')) },
      });
    });
    await page.goto('/support');
    await page.getByRole('button', { name: 'Copier le message' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Impossible de copier automatiquement. Sélectionnez et copiez manuellement.',
    );
  });
});
