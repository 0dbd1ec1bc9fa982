import { expect, test } from './visitor.ts';

const PAGES: [path: string, heading: string][] = [
  ['/', 'Les données du sous-sol, enfin à portée de main'],
  ['/solutions', 'Solutions'],
  ['/sectors', 'Secteurs'],
  ['/platform', 'Plateforme'],
  ['/resources', 'Ressources'],
  ['/about', 'À propos'],
  ['/pricing', 'Tarifs et conformité'],
  ['/login', 'Connexion'],
  ['/register', 'Créer un compte'],
  ['/forgot-password', 'Mot de passe oublié'],
  ['/reset-password', 'Nouveau mot de passe'],
  ['/legal', 'Mentions légales'],
  ['/support', 'Support'],
  ['/services', 'Services'],
  ['/programs/education', 'Éducation'],
  ['/developers', 'Développeurs'],
  ['/research', 'Recherche'],
  ['/partners', 'Partenaires'],
  ['/careers', 'Carrières'],
  ['/impact', 'Impact'],
];

test.describe('every route of the site', () => {
  for (const [path, heading] of PAGES) {
    test(`${path} answers 200 with its title, in French, in the shared layout`, async ({ visitor: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(path === '/' ? 'GéoSonde' : `${heading} · GéoSonde`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('banner').getByRole('link', { name: 'GéoSonde, accueil' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('© 2025 GéoSonde');
      // Nothing runs off the side: the page never scrolls sideways, on a phone either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  }

  // Server and script behaviour, the same on every screen: once, on desktop.
  for (const path of [
    '/client',
    '/client/map',
    '/client/database',
    '/client/reports',
    '/client/api',
    '/softwareinst',
  ]) {
    test(`${path} answers 200 and sends an anonymous visitor to sign in`, async ({
      visitor: page,
      request,
      isMobile,
    }) => {
      test.skip(isMobile, 'desktop only');
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('<h1');
      await page.goto(`${path}?tenant=stjulie#top`);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
      expect(await page.evaluate(() => sessionStorage.getItem('gs:auth:from'))).toBe(`${path}?tenant=stjulie#top`);
    });
  }
});
