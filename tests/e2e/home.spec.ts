import type { Page } from '@playwright/test';
import { expect, test } from './visitor.ts';

const pair = (page: Page, index: number) => page.locator('.hero-headlines__pair').nth(index);
const visible = (page: Page, index: number, part: 'title' | 'subtitle') =>
  pair(page, index).locator(`.hero-headlines__${part}`);
const hydrated = (page: Page, component: string) =>
  expect(page.locator(`astro-island[component-url*="${component}"]`)).not.toHaveAttribute('ssr', /.*/);

test.describe('home hero', () => {
  // A page of its own: the clock it installs stays with the page.
  test('cycles its two headline pairs with the specified timings', async ({ page }) => {
    // A paused clock: the page's timers run only when the test moves time forward.
    await page.clock.install({ time: new Date('2026-01-05T09:00:00') });
    await page.clock.pauseAt(new Date('2026-01-05T09:00:01'));
    await page.goto('/');
    await hydrated(page, 'hero-headlines');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Les données du sous-sol, enfin à portée de main');
    await expect(visible(page, 0, 'title')).toHaveAttribute('data-visible', 'true');
    // Hold 5.2 s, then the title leaves, the subtitle 160 ms later.
    await page.clock.runFor(5_250);
    await expect(visible(page, 0, 'title')).toHaveAttribute('data-visible', 'false');
    await expect(visible(page, 0, 'subtitle')).toHaveAttribute('data-visible', 'true');
    await page.clock.runFor(200);
    await expect(visible(page, 0, 'subtitle')).toHaveAttribute('data-visible', 'false');
    // The next title 720 + 120 ms after the hold, its subtitle 380 ms after it.
    await page.clock.runFor(640);
    await expect(visible(page, 1, 'title')).toHaveAttribute('data-visible', 'true');
    await expect(visible(page, 1, 'subtitle')).toHaveAttribute('data-visible', 'false');
    await page.clock.runFor(400);
    await expect(visible(page, 1, 'subtitle')).toHaveAttribute('data-visible', 'true');
    await expect(visible(page, 1, 'title')).toHaveText('Trouvez le bon forage en quelques secondes');
    // And back to the first pair.
    await page.clock.runFor(6_500);
    await expect(visible(page, 0, 'title')).toHaveAttribute('data-visible', 'true');
  });

  test('stays still under reduced motion, without the video', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: new Date('2026-01-05T09:00:00') });
    await page.clock.pauseAt(new Date('2026-01-05T09:00:01'));
    await page.goto('/');
    await hydrated(page, 'hero-headlines');
    await page.clock.runFor(15_000);
    await expect(visible(page, 0, 'title')).toHaveAttribute('data-visible', 'true');
    await expect(visible(page, 0, 'subtitle')).toHaveAttribute('data-visible', 'true');
    await expect(visible(page, 1, 'title')).toHaveAttribute('data-visible', 'false');
    await expect(page.locator('.hero__video')).toBeHidden();
  });

  test('plays a small looping, muted background video with a poster', async ({ visitor: page, request }) => {
    await page.goto('/');
    const video = page.locator('.hero__video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    await expect(video).toHaveAttribute('poster', '/media/hero-poster.jpg');
    for (const file of ['hero.webm', 'hero.mp4', 'hero-poster.jpg']) {
      const response = await request.get(`/media/${file}`);
      expect(response.status()).toBe(200);
      expect((await response.body()).length).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    }
  });
});

test.describe('home tab bar', () => {
  test.skip(({ isMobile }) => isMobile, 'keyboard and pointer on desktop');
  const tab = (page: Page, name: string) => page.getByRole('tablist').getByRole('tab', { name });

  test('moves between tabs with the arrows, Home and End, and scrolls with Enter', async ({ visitor: page }) => {
    await page.goto('/');
    await hydrated(page, 'section-tabs');
    await tab(page, 'Pourquoi').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Solutions')).toBeFocused();
    await page.keyboard.press('End');
    await expect(tab(page, 'Confiance')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Pourquoi')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Confiance')).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Comment')).toBeFocused();
    await expect(tab(page, 'Comment')).toHaveAttribute('tabindex', '0');
    await expect(tab(page, 'Pourquoi')).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Enter');
    await expect(page.locator('#how')).toBeInViewport();
    await expect(tab(page, 'Comment')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/#how$/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect(page.locator('#usecases')).toBeInViewport();
  });

  test('follows the scroll and scrolls smoothly on a click', async ({ visitor: page }) => {
    await page.goto('/');
    await hydrated(page, 'section-tabs');
    await expect(tab(page, 'Pourquoi')).toHaveAttribute('aria-selected', 'true');
    await page.locator('#usecases').evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await expect(tab(page, 'Pour qui')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Pourquoi')).toHaveAttribute('aria-selected', 'false');

    await tab(page, 'Solutions').click();
    await expect(page.locator('#solutions')).toBeInViewport();
    await expect(tab(page, 'Solutions')).toHaveAttribute('aria-selected', 'true');
    // Once the smooth scroll has settled, the section sits just under the sticky tab bar.
    await expect
      .poll(() => page.locator('#solutions').evaluate((section) => Math.round(section.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(80);
    const top = await page.locator('#solutions').evaluate((section) => section.getBoundingClientRect().top);
    expect(top).toBeLessThan(200);
  });

  test('animates its indicator for 220 ms and sticks 80 px from the top', async ({ visitor: page }) => {
    await page.goto('/');
    const bar = page.getByRole('tablist');
    await expect(bar.locator('.section-tabs__indicator')).toHaveCSS('transition-duration', '0.22s');
    await expect(bar).toHaveCSS('position', 'sticky');
    await expect(bar).toHaveCSS('top', '80px');
  });
});

test.describe('home sections', () => {
  test('show the KPIs, the solutions with their badges, six steps, four sectors and the investment', async ({
    visitor: page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#why .card__figure')).toHaveText(['10x', '1', '3D']);
    await expect(page.locator('#why .cards--cards .card')).toHaveCount(3);
    const badges: [string, string][] = [
      ['/solutions/digitisation', 'Disponible'],
      ['/solutions/3d', 'Disponible'],
      ['/solutions/contamination', 'À venir'],
      ['/solutions/integrations', 'Disponible'],
    ];
    for (const [href, badge] of badges) {
      const card = page.locator('#solutions .card').filter({ has: page.locator(`a[href="${href}"]`) });
      await expect(card.locator('.card__badge')).toHaveText(badge);
    }
    await expect(page.locator('#how ol > li')).toHaveCount(6);
    await expect(page.locator('#usecases .card')).toHaveCount(4);
    await expect(page.locator('#usecases a[href="/resources/cases"]')).toBeVisible();
    await expect(page.locator('#usecases a[href="/about/contact"]')).toBeVisible();
    await expect(page.locator('#trust')).toContainText('50 000 $');
  });

  test('offer demo buttons to #trust, /#start and /contact', async ({ visitor: page }) => {
    await page.goto('/');
    for (const href of ['#trust', '/#start', '/contact'])
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    await page.locator('main a[href="/contact"]').first().click();
    await expect(page).toHaveURL(/\/about#contact$/);
  });
});
