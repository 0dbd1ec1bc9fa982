import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './visitor.ts';

// Runs on the desktop and on a phone (the file name matches the mobile project).

const launcher = (page: Page) => page.getByRole('button', { name: 'Ouvrir l’assistant GéoSonde' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Assistant GéoSonde' });
const input = (page: Page) => panel(page).getByRole('textbox', { name: 'Votre question' });
const send = (page: Page) => panel(page).getByRole('button', { name: 'Envoyer' });
const messages = (page: Page) => panel(page).locator('.assistant-message');

/** The home page, once the assistant's island is hydrated (on idle: a click before does nothing). */
async function home(page: Page) {
  await page.goto('/');
  await expect(page.locator('astro-island:has(.assistant-launcher)')).not.toHaveAttribute('ssr', /.*/);
}

async function openAssistant(page: Page) {
  await home(page);
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
}

test('a round 64 px button opens a panel of the specified size, its header folds it again', async ({
  visitor: page,
}) => {
  await home(page);
  const box = (await launcher(page).boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([64, 64]);
  expect(await launcher(page).evaluate((el) => getComputedStyle(el).borderRadius)).toBe('50%');
  await expect(launcher(page)).toContainText('+');

  await launcher(page).click();
  await expect(input(page)).toBeFocused();
  const viewport = page.viewportSize()!;
  const size = (await panel(page).boundingBox())!;
  expect(Math.round(size.width)).toBe(Math.round(Math.min(viewport.width * 0.9, 400)));
  expect(Math.round(size.height)).toBe(Math.round(Math.min(680, Math.max(420, viewport.height * 0.68))));
  const header = panel(page).getByRole('button', { name: /Assistant GéoSonde/ });
  await expect(header).toContainText('−');
  await expect(header).toHaveAttribute('aria-expanded', 'true');

  await header.click();
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await launcher(page).press('Enter');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(launcher(page)).toBeFocused();
});

test('asks the real service: Enter sends, the answer comes with its sources, the input is ready again', async ({
  visitor: page,
  isMobile,
}) => {
  test.skip(isMobile, 'the same on every screen: once, on desktop');
  await openAssistant(page);
  await expect(send(page)).toBeDisabled();
  await input(page).fill('   ');
  await expect(send(page)).toBeDisabled();
  await input(page).fill('x'.repeat(501));
  await expect(send(page)).toBeDisabled();
  await expect(panel(page).locator('.assistant-panel__count')).toHaveText('501 / 500');

  // Shift+Enter breaks the line; Enter sends.
  await input(page).fill('Où sont hébergées');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('les données ?');
  await expect(input(page)).toHaveValue('Où sont hébergées\nles données ?');
  await expect(messages(page)).toHaveCount(1);
  await input(page).press('Enter');
  await expect(messages(page).nth(1)).toContainText('Où sont hébergées les données ?');
  const answer = messages(page).nth(2);
  // Whole sentences; where they come from is the list of sources, not repeated in the text.
  await expect(answer).toContainText('Canada');
  await expect(answer).not.toContainText('Source :');
  const links = answer.getByRole('list', { name: 'Sources' }).getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  await expect(links.first()).toHaveAttribute('href', /^\/[\w/-]*(#[\w-]+)?$/);
  await expect(input(page)).toHaveValue('');
  await expect(input(page)).toBeFocused();
  await expect(panel(page).locator('.assistant-panel__messages')).toHaveAttribute('aria-live', 'polite');

  // More questions: the newest answer is scrolled into view.
  for (const question of ['Combien coûte GéoSonde ?', 'Offrez-vous des stages ?', 'Avez-vous des webhooks ?']) {
    await input(page).fill(question);
    await send(page).click();
    await expect(messages(page).last()).not.toHaveText('Recherche…');
  }
  await expect(messages(page)).toHaveCount(9);
  await expect(messages(page).last()).toBeInViewport();

  // Nothing in our pages: the French message that points to /support.
  await input(page).fill('Quelle est la recette de la tarte au sucre ?');
  await input(page).press('Enter');
  await expect(messages(page).last()).toContainText('/support');
});

test('sending is off while a question is in flight', async ({ visitor: page, isMobile }) => {
  test.skip(isMobile, 'the same on every screen: once, on desktop');
  let release = () => undefined as void;
  await page.route('**/ask', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  await openAssistant(page);
  await input(page).fill('Combien coûte GéoSonde ?');
  await input(page).press('Enter');
  await expect(messages(page).last()).toHaveText('Recherche…');
  await input(page).fill('Une autre question');
  await expect(send(page)).toBeDisabled();
  release();
  await expect(messages(page).last().getByRole('list', { name: 'Sources' })).toBeVisible();
  await expect(send(page)).toBeEnabled();
});

test('shows the specification’s texts when the service fails or says nothing', async ({ visitor: page, isMobile }) => {
  test.skip(isMobile, 'the same on every screen: once, on desktop');
  const replies = [
    { status: 500, body: '{"error":"x"}' },
    { status: 200, body: '{}' },
    { status: 200, body: '{"response":"Réponse relayée."}' },
    { status: 200, body: '{"error":"Réponse d’erreur du service."}' },
  ];
  await page.route('**/ask', (route) => route.fulfill({ contentType: 'application/json', ...replies.shift()! }));
  await openAssistant(page);
  for (const expected of [
    'API error: 500',
    'No answer received.',
    'Réponse relayée.',
    'Réponse d’erreur du service.',
  ]) {
    await input(page).fill('forage');
    await input(page).press('Enter');
    await expect(messages(page).last()).toHaveText(`Assistant : ${expected}`);
  }
});

test('the open assistant passes the WCAG 2.1 AA checks', async ({ visitor: page }) => {
  await openAssistant(page);
  await input(page).fill('Quels formats d’export proposez-vous ?');
  await input(page).press('Enter');
  await expect(messages(page).last().getByRole('list', { name: 'Sources' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include('.assistant-panel')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
