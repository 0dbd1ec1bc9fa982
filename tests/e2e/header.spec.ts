import type { Page } from '@playwright/test';
import { expect, test } from './visitor.ts';

const solutionsPanel = (page: Page) => page.locator('#mega-solutions');
const solutionsTrigger = (page: Page) => page.getByRole('button', { name: 'Solutions' });

test.describe('desktop mega-menu', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('opens on hover and closes 110 ms after the pointer leaves', async ({ visitor: page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await solutionsTrigger(page).hover();
    await expect(solutionsPanel(page)).toBeVisible();
    await expect(solutionsTrigger(page)).toHaveAttribute('aria-expanded', 'true');
    // Measure, in the page, the time from the pointer leaving to the panel hiding.
    await page.evaluate(() => {
      const panel = document.querySelector<HTMLElement>('#mega-solutions')!;
      const times = ((window as unknown as { menuTimes: { left: number; closed: number } }).menuTimes = {
        left: 0,
        closed: 0,
      });
      panel.closest('[data-menu]')!.addEventListener('pointerleave', () => (times.left = performance.now()));
      new MutationObserver(() => {
        if (panel.hidden) times.closed = performance.now();
      }).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
    });
    await page.mouse.move(5, 700);
    await expect(solutionsPanel(page)).toBeHidden();
    const { left, closed } = await page.evaluate(
      () => (window as unknown as { menuTimes: { left: number; closed: number } }).menuTimes,
    );
    expect(closed - left).toBeGreaterThanOrEqual(100);
    expect(closed - left).toBeLessThan(400);
    await expect(solutionsTrigger(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('stays open while the pointer moves from the trigger into the panel', async ({ visitor: page }) => {
    await page.goto('/');
    await solutionsTrigger(page).hover();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Modélisation 3D/ })
      .hover();
    // No close is pending (the header marks one with data-menu-closing), so the panel stays.
    await expect(page.getByRole('banner')).not.toHaveAttribute('data-menu-closing');
    await expect(solutionsPanel(page)).toBeVisible();
  });

  test('opens with the keyboard, closes with Escape and gives focus back', async ({ visitor: page }) => {
    await page.goto('/');
    await solutionsTrigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(solutionsPanel(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: /Numérisation/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(solutionsPanel(page)).toBeHidden();
    await expect(solutionsTrigger(page)).toBeFocused();
  });

  test('closes on a hash change and on back navigation', async ({ visitor: page }) => {
    await page.goto('/solutions');
    await solutionsTrigger(page).click();
    await expect(solutionsPanel(page)).toBeVisible();
    await page.evaluate(() => (location.hash = 'threed'));
    await expect(solutionsPanel(page)).toBeHidden();

    await solutionsTrigger(page).click();
    await expect(solutionsPanel(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/solutions$/);
    await expect(solutionsPanel(page)).toBeHidden();
  });

  test('keeps one menu open at a time', async ({ visitor: page }) => {
    await page.goto('/');
    await solutionsTrigger(page).click();
    await page.getByRole('button', { name: 'Secteurs' }).click();
    await expect(page.locator('#mega-sectors')).toBeVisible();
    await expect(solutionsPanel(page)).toBeHidden();
  });

  test('closes on a click outside the header', async ({ visitor: page }) => {
    await page.goto('/');
    await page.mouse.move(20, 700);
    await solutionsTrigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(solutionsPanel(page)).toBeVisible();
    await page.mouse.click(20, 700);
    await expect(solutionsPanel(page)).toBeHidden();
  });

  test('shows a Login link to anonymous visitors', async ({ visitor: page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('mobile burger menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'mobile only');

  test('opens and closes the navigation', async ({ visitor: page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav).toBeHidden();
    await burger.click();
    await expect(nav).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await burger.click();
    await expect(nav).toBeHidden();
  });

  test('closes with Escape, on a hash change and on back navigation', async ({ visitor: page }) => {
    await page.goto('/about');
    const burger = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await burger.click();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(burger).toBeFocused();

    await burger.click();
    await page.evaluate(() => (location.hash = 'team'));
    await expect(nav).toBeHidden();

    await burger.click();
    await expect(nav).toBeVisible();
    await page.goBack();
    await expect(nav).toBeHidden();
  });

  test('opens a section and follows one of its links', async ({ visitor: page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Secteurs' }).click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Municipalités/ })
      .click();
    await expect(page).toHaveURL(/\/sectors#municipal$/);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await expect(page.locator('#municipal')).toBeInViewport();
  });
});
