import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const ADMIN = { email: 'admin@geosonde.ca', password: 'GeoSonde-admin-1' };
const MONTREAL = { email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' };

const header = (page: Page) => page.getByRole('banner');

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Adresse courriel').fill(account.email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test.describe('sign-in', () => {
  test('the two-step wizard checks, corrects and signs in, replacing the history entry', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('alert')).toHaveText('Veuillez entrer votre adresse courriel.');
    await page.getByLabel('Adresse courriel').fill('   ');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('alert')).toHaveText('Veuillez entrer votre adresse courriel.');

    await page.getByLabel('Adresse courriel').fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('pas-une-adresse')).toBeVisible();
    await page.getByRole('button', { name: 'Modifier' }).click();
    await expect(page.getByLabel('Adresse courriel')).toBeFocused();

    await page.getByLabel('Adresse courriel').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Continuer' }).click();
    const password = page.getByLabel('Mot de passe', { exact: true });
    await expect(password).toBeFocused();
    await password.fill('mauvais-mot-de-passe');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Adresse courriel ou mot de passe incorrect.');

    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(page).toHaveURL(/\/client\/map\?tenant=admin$/);
    await expect(header(page)).toContainText('Administration GéoSonde');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Espace de Travail' })).toHaveAttribute('href', '/client');
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeHidden();
  });

  test('the guard sends a visitor to sign in, then back to the page, query and hash asked for', async ({ page }) => {
    await page.goto('/client/reports?ids=SJ-BH-01,SJ-BH-02#liste');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, MONTREAL);
    // The page asked for, its query and hash; the workspace then adds the member's tenant.
    await expect(page).toHaveURL(/\/client\/reports\?(tenant=montreal&)?ids=SJ-BH-01(,|%2C)SJ-BH-02#liste$/);
    await expect(page.getByRole('navigation', { name: 'Espace de Travail' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Rapports' })).toHaveAttribute('aria-current', 'page');
  });

  test('signing out ends the session on the server', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, MONTREAL);
    await expect(page).toHaveURL(/\/client\/map\?tenant=montreal$/);
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await (await page.request.get('/api/me')).json()).toBeNull();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    await page.goto('/client/database');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('only an administrator sees the download link, whichever organisation it views', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, MONTREAL);
    await expect(page).toHaveURL(/tenant=montreal/);
    await expect(header(page).getByRole('link', { name: 'Application' })).toHaveCount(0);
    await page.goto('/pricing');
    await expect(header(page).getByRole('link', { name: 'Espace de Travail' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Application' })).toBeHidden();
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await page.goto('/login');

    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/tenant=admin/);
    await expect(header(page).getByRole('link', { name: 'Application' })).toHaveAttribute('href', '/softwareinst');
    // The name given at registration, not the address cut short.
    await expect(header(page).getByText('Administration GéoSonde', { exact: true })).toBeVisible();
    // Viewing Sainte-Julie, the administrator keeps its link (it used to vanish).
    await header(page).getByLabel('Organisation').selectOption('stjulie');
    await expect(page).toHaveURL(/tenant=stjulie/);
    await expect(header(page).getByRole('link', { name: 'Application' })).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/pricing?tenant=admin');
    await expect(header(page).getByRole('link', { name: 'Application' })).toBeVisible();
    // At 1440 px the menus and the three account links hold on one line.
    const top = async (name: string) => (await header(page).getByRole('button', { name }).boundingBox())!.y;
    expect(Math.abs((await top('Déconnexion')) - (await top('Solutions')))).toBeLessThan(12);
    await page.goto('/pricing?tenant=stjulie');
    await expect(header(page).getByRole('link', { name: 'Espace de Travail' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Application' })).toBeVisible();
    await page.goto('/softwareinst');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application de bureau');
    await expect(page).toHaveURL(/\/softwareinst$/);
    // Signed in as an administrator already: not told to sign in as one.
    await expect(page.getByText(/Connectez-vous/)).toHaveCount(0);
  });

  test('the session cookie is HttpOnly, Secure and SameSite=Lax', async ({ page, context }) => {
    await page.goto('/login');
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/client/);
    const cookie = (await context.cookies()).find((c) => c.name === '__Host-gs_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('gs_session');
  });
});

test.describe('registration and password reset', () => {
  test('a new member registers with the demo invitation and lands in the workspace', async ({ page }) => {
    await page.goto('/register?token=DEMO-INVITE-STJULIE');
    await expect(page.getByLabel('Jeton d’accès (invitation)')).toHaveValue('DEMO-INVITE-STJULIE');
    await page.getByLabel('Adresse courriel').fill('nouvelle@ville.sainte-julie.qc.ca');
    await page.getByLabel(/^Mot de passe/).fill('court');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le mot de passe doit contenir au moins 8 caractères.');
    await page.getByLabel(/^Mot de passe/).fill('Sainte-Julie-2026');
    await page.getByLabel(/^Nom affiché/).fill('Nouvelle collègue');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/client\/map\?tenant=stjulie$/);
    expect(await (await page.request.get('/api/me')).json()).toEqual({
      email: 'nouvelle@ville.sainte-julie.qc.ca',
      role: 'member',
      tenantSlug: 'stjulie',
      displayName: 'Nouvelle collègue',
    });
    // The top bar names the new member as she asked, not by a cut-off address.
    await expect(header(page).getByText('Nouvelle collègue', { exact: true })).toBeVisible();

    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/register?token=DEMO-INVITE-STJULIE');
    await page.getByLabel('Adresse courriel').fill('encore@ville.sainte-julie.qc.ca');
    await page.getByLabel(/^Mot de passe/).fill('Sainte-Julie-2026');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ce jeton d’accès a déjà été utilisé.');
  });

  test('a forgotten password is replaced through the e-mailed link', async ({ page }) => {
    // Four password hashes (scrypt) and an e-mail: more than 30 s when the machine is busy.
    test.setTimeout(90_000);
    // An account of its own, so that no other test's sign-in depends on its password.
    const account = { email: 'reinitialisation@ville.sainte-julie.qc.ca', password: 'Premier-mot-de-passe-1' };
    await page.goto('/login');
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/client/);
    const { token } = await page.evaluate(async () => {
      const response = await fetch('/api/invitations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenantSlug: 'stjulie', role: 'viewer' }),
      });
      return (await response.json()) as { token: string };
    });
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`/register?token=${token}`);
    await page.getByLabel('Adresse courriel').fill(account.email);
    await page.getByLabel(/^Mot de passe/).fill(account.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/client\/map\?tenant=stjulie$/);
    await page.evaluate(() =>
      fetch('/api/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );

    const outbox = join(process.env.GS_E2E_DATA_DIR!, 'outbox');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Adresse courriel').fill(account.email);
    await page.getByRole('button', { name: 'Recevoir un lien' }).click();
    await expect(page.getByRole('status')).toContainText('Si un compte existe pour cette adresse');

    let link = '';
    await expect
      .poll(async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes('reinitialisation'));
        if (files.length === 0) return '';
        const mail = await readFile(join(outbox, files.sort().at(-1)!), 'utf8');
        link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail)?.[0] ?? '';
        return link;
      })
      .toContain('/reset-password?token=');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(/^Nouveau mot de passe/).fill('Nouveau-Sainte-Julie-1');
    await page.getByLabel('Confirmez le mot de passe').fill('Nouveau-Sainte-Julie-1');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page).toHaveURL(/\/login\?reinitialise=1$/);
    await expect(page.getByRole('status')).toHaveText('Mot de passe modifié. Vous pouvez vous connecter.');
    await signIn(page, { email: account.email, password: 'Nouveau-Sainte-Julie-1' });
    await expect(page).toHaveURL(/\/client\/map\?tenant=stjulie$/);
  });
});
