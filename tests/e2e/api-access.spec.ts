import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiTokenView } from '../../src/domain/api-tokens.ts';
import { formatMoment } from '../../src/domain/format.ts';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

// Each test makes tokens of its own names, for the demo accounts: the lists are read by name.
const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const moment = (iso: string) => formatMoment(Date.parse(iso) / 1000);
const HOUR = 3_600_000;

const createPanel = (page: Page) => page.getByRole('region', { name: 'Créer un jeton' });
const listPanel = (page: Page) => page.getByRole('region', { name: 'Vos jetons' });
const rowOf = (page: Page, prefix: string) => listPanel(page).locator('tbody tr', { hasText: `${prefix}…` });

async function openApiAccess(page: Page) {
  await page.getByRole('navigation', { name: 'Espace de Travail' }).getByRole('link', { name: 'Accès API' }).click();
  await expect(page).toHaveURL(/\/client\/api\?tenant=\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès API');
  await expect(createPanel(page).getByRole('button', { name: 'Créer le jeton' })).toBeVisible();
}

/** Fills the creation form and sends it; the options not given keep the form's defaults. */
async function fillAndCreate(page: Page, name: string, options: { scopes?: RegExp[]; days?: number; ips?: string }) {
  const form = createPanel(page);
  await form.getByLabel('Nom du jeton').fill(name);
  for (const scope of options.scopes ?? []) await form.getByRole('checkbox', { name: scope }).check();
  if (options.days) await form.getByLabel(/^Durée \(jours/).fill(String(options.days));
  if (options.ips !== undefined) await form.getByLabel('Adresses IP autorisées (facultatif)').fill(options.ips);
  await form.getByRole('button', { name: 'Créer le jeton' }).click();
}

/** The secret shown once: focused, with its warning; its value. */
async function shownSecret(page: Page) {
  const secret = page.getByLabel('Jeton secret');
  await expect(secret).toBeFocused();
  await expect(secret).toHaveValue(/^gs_[\w-]{43}$/);
  await expect(secret).toHaveAccessibleDescription(/il ne sera plus jamais affiché/);
  return secret.inputValue();
}

/** The user's tokens as the API lists them (`GET /api/tokens`, with the page's session). */
async function listed(page: Page) {
  const answer = await page.request.get('/api/tokens');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { items: ApiTokenView[]; scopes: string[] };
}

/** A call of the public API with a bearer token alone (a request context without the session). */
const callV1 = (request: APIRequestContext, token: string) =>
  request.get('/v1/boreholes?limit=2', {
    headers: { Authorization: `Bearer ${token}`, 'X-Client': 'essai-e2e/1.0' },
  });

test('a member creates a token, calls /v1 with it, renews it and revokes it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ACCOUNTS.montreal);
  await openApiAccess(page);
  await expect(page.getByRole('link', { name: 'documentation de l’API' })).toHaveAttribute('href', '/developers#api');
  await expect(page.getByRole('link', { name: 'Authentification' })).toHaveAttribute('href', '/developers#auth');

  // A member grants the three scopes of a member, never admin:project.
  const form = createPanel(page);
  await expect(form.getByRole('checkbox')).toHaveCount(3);
  await expect(form.getByRole('checkbox', { name: /Rechercher des forages et lire leurs fiches/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Consulter et télécharger les exports/ })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Créer des exports/ })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Administrer le projet/ })).toHaveCount(0);
  expect((await listed(page)).scopes).toEqual(['read:boreholes', 'read:exports', 'write:exports']);

  const { violations } = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Made: the secret once, focused, copied by « Copier »; the list shows what the API keeps.
  const name = unique('Script SIG');
  await fillAndCreate(page, name, { scopes: [/Créer des exports/], days: 30 });
  await expect(page.getByRole('heading', { name: `Jeton « ${name} » créé` })).toBeVisible();
  const secret = await shownSecret(page);
  await expect(form.getByLabel('Nom du jeton')).toHaveValue('');
  await page.getByRole('button', { name: 'Copier', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copié', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const prefix = secret.slice(0, 9);
  const made = (await listed(page)).items.find((item) => item.prefix === prefix)!;
  expect(made).toMatchObject({ name, scopes: ['read:boreholes', 'write:exports'], allowedIps: [], active: true });
  expect(Math.abs(Date.parse(made.expiresAt) - Date.parse(made.createdAt) - 30 * 24 * HOUR)).toBeLessThanOrEqual(HOUR);
  const row = rowOf(page, prefix);
  await expect(row).toContainText(name);
  await expect(row).toContainText('read:boreholes');
  await expect(row).toContainText('write:exports');
  await expect(row).not.toContainText('read:exports');
  await expect(row).toContainText('Toutes');
  await expect(row).toContainText(moment(made.createdAt));
  await expect(row).toContainText(moment(made.expiresAt));
  await expect(row).toContainText('Jamais');
  await expect(row).toContainText('Actif');

  // The secret read from the page opens the public API, without any session.
  const answer = await callV1(request, secret);
  expect(answer.status()).toBe(200);
  const page1 = (await answer.json()) as { items: { id: string; muni: string }[]; total: number };
  expect(page1.items).toHaveLength(2);
  expect(page1.total).toBeGreaterThanOrEqual(2);
  expect(page1.items.every((item) => item.id.startsWith('MTL-'))).toBe(true);
  await page.reload();
  await expect(row).toContainText('essai-e2e/1.0');
  await expect(row).not.toContainText('Jamais');
  const used = (await listed(page)).items.find((item) => item.prefix === prefix)!;
  await expect(row).toContainText(moment(used.lastUsedAt!));

  // Renewed with 24 h of grace: two tokens of that name, the old one « Remplacé » but still valid.
  await row.getByRole('button', { name: /^Renouveler/ }).click();
  const renew = page.getByRole('dialog', { name: 'Renouveler ce jeton ?' });
  await expect(renew.getByLabel(/^Délai de transition/)).toHaveValue('24');
  await renew.getByRole('button', { name: 'Renouveler' }).click();
  await expect(page.getByRole('heading', { name: `Jeton « ${name} » renouvelé` })).toBeVisible();
  const renewed = await shownSecret(page);
  expect(renewed).not.toBe(secret);
  const after = (await listed(page)).items.filter((item) => item.name === name);
  expect(after).toHaveLength(2);
  const old = after.find((item) => item.prefix === prefix)!;
  const fresh = after.find((item) => item.prefix === renewed.slice(0, 9))!;
  expect(old.replacedBy).toBe(fresh.id);
  expect(Math.abs(Date.parse(old.expiresAt) - Date.now() - 24 * HOUR)).toBeLessThan(5 * 60_000);
  await expect(
    page.getByText(`L’ancien jeton (${prefix}…) reste valide jusqu’au ${moment(old.expiresAt)}`),
  ).toBeVisible();
  await expect(listPanel(page).locator('tbody tr', { hasText: name })).toHaveCount(2);
  await expect(row).toContainText('Remplacé');
  await expect(row).toContainText(`valide jusqu’au ${moment(old.expiresAt)}`);
  await expect(row.getByRole('button', { name: /^Renouveler/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Révoquer/ })).toBeVisible();
  const freshRow = rowOf(page, fresh.prefix);
  await expect(freshRow).toContainText('Actif');
  await expect(freshRow).toContainText('write:exports');
  expect((await callV1(request, secret)).status()).toBe(200);
  expect((await callV1(request, renewed)).status()).toBe(200);

  // Revoked by keyboard, after a confirmation that Escape declines: refused by /v1 at once.
  await freshRow.getByRole('button', { name: /^Révoquer/ }).focus();
  await page.keyboard.press('Enter');
  const revoke = page.getByRole('dialog', { name: 'Révoquer ce jeton ?' });
  await expect(revoke).toContainText(`« ${name} » (${fresh.prefix}…)`);
  await page.keyboard.press('Escape');
  await expect(revoke).toBeHidden();
  await expect(freshRow).toContainText('Actif');
  // The focus is back on the button that asked, so that Enter asks again.
  await expect(freshRow.getByRole('button', { name: /^Révoquer/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await revoke.getByRole('button', { name: 'Révoquer' }).click();
  await expect(freshRow).toContainText('Révoqué');
  await expect(freshRow.getByRole('button')).toHaveCount(0);
  await expect(listPanel(page).getByRole('status')).toBeFocused();
  await expect(listPanel(page).getByRole('status')).toContainText(`Jeton « ${name} » (${fresh.prefix}…) révoqué`);
  // The secret of a revoked token is no longer on the screen.
  await expect(page.getByLabel('Jeton secret')).toHaveCount(0);
  const refused = await callV1(request, renewed);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'token_revoked' });
});

test('the form says, in the server’s words, what is wrong; an allow-list keeps other addresses out', async ({
  page,
  request,
}) => {
  await signIn(page, ACCOUNTS.montreal);
  await openApiAccess(page);
  const form = createPanel(page);

  // No scope: the server's sentence, and no secret.
  await form.getByRole('checkbox', { name: /Rechercher des forages/ }).uncheck();
  await fillAndCreate(page, unique('Sans portée'), {});
  await expect(form.getByRole('alert')).toHaveText('Choisissez au moins une portée.');
  await expect(page.getByLabel('Jeton secret')).toHaveCount(0);

  // A line that is not an address.
  await form.getByRole('checkbox', { name: /Rechercher des forages/ }).check();
  await fillAndCreate(page, unique('Adresse fautive'), { ips: '192.0.2.0/24\npas-une-adresse' });
  await expect(form.getByRole('alert')).toHaveText('Adresse ou plage IP invalide : « pas-une-adresse ».');
  await expect(page.getByLabel('Jeton secret')).toHaveCount(0);

  // Limited to a documentation range: the list shows it, and the test's own address is refused.
  const name = unique('Serveur SIG');
  await fillAndCreate(page, name, { ips: ' 192.0.2.0/24 \n\n2001:db8::/32' });
  await expect(form.getByRole('alert')).toHaveCount(0);
  const secret = await shownSecret(page);
  const row = rowOf(page, secret.slice(0, 9));
  await expect(row).toContainText('192.0.2.0/24');
  await expect(row).toContainText('2001:db8::/32');
  const answer = await callV1(request, secret);
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ code: 'ip_not_allowed' });
});

test('an administrator may grant admin:project; the tab is there beside Administration', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const nav = page.getByRole('navigation', { name: 'Espace de Travail' });
  await expect(nav.getByRole('link', { name: 'Administration' })).toBeVisible();
  await openApiAccess(page);
  await expect(nav.getByRole('link', { name: 'Accès API' })).toHaveAttribute('aria-current', 'page');
  const form = createPanel(page);
  await expect(form.getByRole('checkbox')).toHaveCount(4);
  const adminScope = form.getByRole('checkbox', {
    name: 'Administrer le projet (sans effet pour l’instant) admin:project',
  });
  await expect(adminScope).not.toBeChecked();

  const name = unique('Automatisation');
  await fillAndCreate(page, name, { scopes: [/Administrer le projet/] });
  const secret = await shownSecret(page);
  await expect(rowOf(page, secret.slice(0, 9))).toContainText('admin:project');
  const made = (await listed(page)).items.find((item) => item.name === name)!;
  expect(made.scopes).toEqual(['read:boreholes', 'admin:project']);
});

test('/client/api sends an anonymous visitor to sign in, and back', async ({ page }) => {
  await page.goto('/client/api');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('gs:auth:from'))).toBe('/client/api');
  await page.getByLabel('Adresse courriel').fill(ACCOUNTS.stjulie.email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill(ACCOUNTS.stjulie.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/client\/api(\?tenant=stjulie)?$/);
  await expect(createPanel(page).getByRole('checkbox')).toHaveCount(3);
});
