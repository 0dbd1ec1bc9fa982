import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// The accounts this file changes are its own: invited and registered here, so that the demo
// accounts the other tests sign in with stay as they are.
const PASSWORD = 'Recrue-Montreal-2026';
const unique = () => `recrue.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@montreal.ca`;

const panel = (page: Page, name: string) => page.getByRole('region', { name });

async function invite(page: Page, email: string) {
  const invitations = panel(page, 'Invitations');
  await invitations.getByLabel('Courriel (facultatif)').fill(email);
  await invitations.getByLabel('Organisation').selectOption('montreal');
  await invitations.getByLabel('Rôle').selectOption('member');
  await invitations.getByRole('button', { name: 'Créer l’invitation' }).click();
  const link = invitations.getByLabel('Lien d’inscription');
  await expect(link).toHaveValue(/\/register\?token=[\w-]+$/);
  await expect(invitations.locator('tr', { hasText: email })).toContainText('En attente');
  return new URL(await link.inputValue()).pathname + new URL(await link.inputValue()).search;
}

/** Registers in a browser of its own, as the invited person would. */
async function register(browser: Browser, baseURL: string, path: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('Adresse courriel').fill(email);
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  return { context, page };
}

test('an administrator invites, promotes, disables and re-enables an account, revokes an invitation, reads the journal', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.admin);
  await page
    .getByRole('navigation', { name: 'Espace de Travail' })
    .getByRole('link', { name: 'Administration' })
    .click();
  await expect(page).toHaveURL(/\/client\/admin/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration');
  // The screen is drawn once its lists are read.
  await expect(panel(page, 'Journal').locator('tbody tr').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Invited, then registered elsewhere: the account appears among Montréal's.
  const email = unique();
  const path = await invite(page, email);
  const recruit = await register(browser, baseURL!, path, email);
  await expect(recruit.page).toHaveURL(/\/client\/map\?tenant=montreal$/);
  const users = panel(page, 'Utilisateurs');
  await users.getByLabel('Organisation').selectOption('stjulie');
  await users.getByLabel('Organisation').selectOption('montreal');
  const row = users.locator('tr', { hasText: email });
  await expect(row).toContainText('Actif');
  // Registering signs in, but it is not a sign-in of the journal.
  await expect(row).toContainText('Jamais');

  // The invitation's role list shows each role whole too.
  const invitationRole = panel(page, 'Invitations').getByLabel('Rôle');
  const invitationRoom = await invitationRole.evaluate((select: HTMLSelectElement) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(select).font;
    const longest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
    return select.clientWidth - longest;
  });
  expect(invitationRoom).toBeGreaterThan(16);
  // A role changed in place, its list showing each role whole (« Membre (lecture et écriture) »).
  const roomy = await row.getByLabel(`Rôle de ${email}`).evaluate((select: HTMLSelectElement) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(select).font;
    const longest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
    return select.clientWidth - longest;
  });
  expect(roomy).toBeGreaterThan(16);
  await row.getByLabel(`Rôle de ${email}`).selectOption('viewer');
  await expect(users.getByRole('status')).toHaveText(`${email} : Lecteur (lecture seule).`);
  expect((await (await recruit.page.request.get('/api/me')).json()) as { role: string }).toMatchObject({
    role: 'viewer',
  });

  // Disabled after a confirmation: the session ends, sign-in is refused with the reason.
  await row.getByRole('button', { name: 'Désactiver' }).click();
  const confirm = page.getByRole('dialog', { name: 'Désactiver ce compte ?' });
  await expect(confirm).toContainText('déconnecté sur-le-champ');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(row).toContainText('Actif');
  await row.getByRole('button', { name: 'Désactiver' }).click();
  await confirm.getByRole('button', { name: 'Désactiver' }).click();
  await expect(row).toContainText('Désactivé');
  expect(await (await recruit.page.request.get('/api/me')).json()).toBeNull();
  await recruit.page.goto('/login');
  await recruit.page.getByLabel('Adresse courriel').fill(email);
  await recruit.page.getByRole('button', { name: 'Continuer' }).click();
  await recruit.page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await recruit.page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(recruit.page.getByRole('alert')).toHaveText(
    'Ce compte est désactivé. Adressez-vous à l’administrateur de votre organisation.',
  );
  await row.getByRole('button', { name: 'Réactiver' }).click();
  await page.getByRole('dialog', { name: 'Réactiver ce compte ?' }).getByRole('button', { name: 'Réactiver' }).click();
  await expect(row).toContainText('Actif');
  await recruit.page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(recruit.page).toHaveURL(/\/client\//);
  await recruit.context.close();

  // A second invitation, revoked: its link no longer registers anyone.
  const other = unique();
  const revokedPath = await invite(page, other);
  const invitations = panel(page, 'Invitations');
  await invitations.locator('tr', { hasText: other }).getByRole('button', { name: 'Révoquer' }).click();
  await page
    .getByRole('dialog', { name: 'Révoquer cette invitation ?' })
    .getByRole('button', { name: 'Révoquer' })
    .click();
  await expect(invitations.locator('tr', { hasText: other })).toContainText('Révoquée');
  const refused = await register(browser, baseURL!, revokedPath, other);
  await expect(refused.page.getByRole('alert')).toHaveText(
    'Cette invitation a été révoquée. Demandez-en une nouvelle à l’administrateur de votre organisation.',
  );
  await refused.context.close();

  // The journal tells who did what, newest first, and filters by action.
  await page.reload();
  const journal = panel(page, 'Journal');
  await expect(journal.locator('tbody tr').first()).toBeVisible();
  const lines = journal.locator('tbody tr');
  await expect(lines.filter({ hasText: 'Invitation révoquée' }).filter({ hasText: other })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Compte désactivé' }).filter({ hasText: email })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Rôle changé' }).filter({ hasText: email })).toContainText('Membre → Lecteur');
  await journal.getByLabel('Action').selectOption({ label: 'Connexion' });
  await expect(lines.filter({ hasText: email }).first()).toContainText('Connexion');
  // Once the filtered reading has come, every line is a sign-in.
  await expect
    .poll(() => lines.evaluateAll((rows) => rows.every((r) => r.getAttribute('data-action') === 'sign-in')))
    .toBe(true);
});

test('an organisation chosen quickly shows its own accounts and webhooks, whatever answer comes last', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  // Sainte-Julie's lists answer late: after Montréal's, chosen just after.
  await page.route(/\/api\/(admin\/users|webhooks)\?tenant=stjulie/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/client/admin');
  for (const name of ['Utilisateurs', 'Webhooks']) {
    const region = panel(page, name);
    await expect(region.getByLabel('Organisation')).toHaveValue('montreal');
    const answered = page.waitForResponse(/tenant=stjulie/);
    await region.getByLabel('Organisation').selectOption('stjulie');
    await region.getByLabel('Organisation').selectOption('montreal');
    await answered;
    if (name === 'Webhooks') {
      const own = await page.evaluate(
        async () =>
          ((await (await fetch('/api/webhooks?tenant=montreal')).json()) as { items: unknown[] }).items.length,
      );
      if (own === 0) await expect(region).toContainText('Aucun webhook pour Ville de Montréal.');
      else await expect(region.locator('tbody tr')).toHaveCount(own);
    } else {
      await expect(region.getByRole('table', { name: 'Comptes de Ville de Montréal' })).toContainText(
        'geotech@montreal.ca',
      );
      await expect(region).not.toContainText('urbanisme@ville.sainte-julie.qc.ca');
    }
  }
});

test('a member has no Administration link, and the screen tells it is for administrators', async ({ page }) => {
  await signIn(page, ACCOUNTS.montreal);
  const nav = page.getByRole('navigation', { name: 'Espace de Travail' });
  await expect(nav.getByRole('link', { name: 'Importer' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await page.goto('/client/admin');
  await expect(page.getByRole('alert')).toHaveText('Cette page est réservée aux administrateurs.');
  await expect(page.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Administration screen fits the width: its tab in view, each row a card that says its columns', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/client/admin?tenant=montreal');
    await expect(panel(page, 'Journal').locator('tbody tr').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(
      page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Administration' }),
    ).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeInViewport();
    // No column waits off-screen: every frame is as wide as its panel, and each cell says its column.
    const frames = page.getByRole('group', { name: /^Tableau des (comptes|invitations|journal)/ });
    for (const frame of await frames.all()) {
      expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    }
    const email = panel(page, 'Utilisateurs').locator('tbody tr').first().locator('td[data-label="Courriel"]');
    await email.scrollIntoViewIfNeeded();
    await expect(email).toBeInViewport({ ratio: 1 });
    expect(await email.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Courriel"');
    await expect(panel(page, 'Utilisateurs').locator('tbody select').first()).toBeInViewport();
  });
});
