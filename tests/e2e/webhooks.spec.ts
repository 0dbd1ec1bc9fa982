import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signatureHeaders, startReceiver } from '../support/webhook-receiver.ts';
import { ACCOUNTS, signIn } from './workspace-helpers.ts';

test('an administrator subscribes a receiver, sends a test, reads its delivery, deletes it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const url = `${receiver.origin}/e2e-${Date.now().toString(36)}`;
    await signIn(page, ACCOUNTS.admin, '/client/admin');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByLabel('Organisation').selectOption('stjulie');
    await expect(webhooks).toContainText('Aucun webhook pour Ville de Sainte-Julie.');

    // A private address is refused, in French, before anything is kept.
    await webhooks.getByLabel('Adresse de réception').fill('https://10.0.0.1/webhooks');
    await webhooks.getByRole('button', { name: 'Créer l’abonnement' }).click();
    await expect(webhooks.getByRole('alert')).toContainText('est privée, locale ou réservée');

    await webhooks.getByLabel('Adresse de réception').fill(url);
    await webhooks.getByLabel(/Forage créé/).check();
    await webhooks.getByRole('button', { name: 'Créer l’abonnement' }).click();
    const secretField = webhooks.getByLabel('Secret de signature');
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const secret = await secretField.inputValue();
    const row = webhooks.locator('tr', { hasText: url });
    await expect(row).toContainText('Actif');
    await expect(row).toContainText('Forage créé, Import écrit');
    await expect(row).not.toContainText(secret.slice(10));

    // « Envoyer un test »: the delivery appears, then shows it was received.
    await row.getByRole('button', { name: 'Envoyer un test' }).click();
    const deliveries = webhooks.getByRole('region', { name: 'Dernières livraisons' });
    await expect(deliveries.locator('tbody tr').first()).toContainText('Livré', { timeout: 20_000 });
    await expect(deliveries.locator('tbody tr').first()).toContainText('200');
    const path = new URL(url).pathname;
    expect(receiver.at(path)).toHaveLength(1);
    expect(
      new Webhook(secret).verify(receiver.at(path)[0]!.body, signatureHeaders(receiver.at(path)[0]!)),
    ).toMatchObject({ type: 'webhook.test', data: { tenant: 'stjulie' } });
    const { violations } = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Deleted after a confirmation.
    await row.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer ce webhook ?' });
    await expect(confirm).toContainText(url);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(webhooks.getByRole('status').filter({ hasText: 'supprimé' })).toContainText(url);
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
