import { test as base, type Page } from '@playwright/test';

/**
 * `visitor`: one anonymous page per worker, reused by the tests of read-only public pages, each
 * of which starts with its own `goto`. A browser context and its first page cost about a second of
 * this machine's CPU; the public pages' tests, a hundred of them, would spend most of their time
 * opening them. It is emulated like the project's own pages (viewport, phone); its cookies, storage,
 * routes, emulated media, size and pointer are put back between tests, so that no test sees what
 * another left.
 */
export const test: ReturnType<typeof base.extend<{ visitor: Page }, { visitorPage: Page }>> = base.extend<
  { visitor: Page },
  { visitorPage: Page }
>({
  visitorPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL,
        locale,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  visitor: async ({ visitorPage }, use) => {
    const context = visitorPage.context();
    await context.clearCookies();
    await visitorPage.goto('about:blank');
    // The pointer where a new page has it: left over a menu, it would open it on the next page.
    await visitorPage.mouse.move(0, 0);
    await use(visitorPage);
    // What a test left in the page's storage stays with it.
    await visitorPage.evaluate(() => {
      if (location.protocol.startsWith('http')) {
        localStorage.clear();
        sessionStorage.clear();
      }
    });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await visitorPage.unrouteAll({ behavior: 'ignoreErrors' });
    await visitorPage.emulateMedia({ media: null, colorScheme: null, reducedMotion: null });
    const { viewport } = test.info().project.use;
    if (viewport) await visitorPage.setViewportSize(viewport);
    visitorPage.removeAllListeners();
  },
});

export { expect } from '@playwright/test';
