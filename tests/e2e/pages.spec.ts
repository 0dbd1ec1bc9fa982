import { expect, test } from './visitor.ts';

// The anchors of each page, in order, as the specification lists them.
const ANCHORS: Record<string, string[]> = {
  '/solutions': ['digitisation', 'threed', 'contamination', 'integrations'],
  '/sectors': ['geotech', 'municipal', 'environment', 'construction'],
  '/platform': ['features', 'architecture', 'integrations', 'security', 'roadmap'],
  '/resources': ['cases', 'blog', 'faq'],
  '/about': ['mission', 'team', 'partners', 'contact'],
  '/pricing': ['plans', 'license'],
  '/legal': ['privacy', 'terms', 'cookies', 'security', 'subprocessors', 'dpa', 'contact', 'changes'],
  '/support': ['guides', 'faq', 'contact'],
  '/services': ['capabilities', 'models', 'process', 'training', 'governance', 'contact'],
  '/programs/education': ['students', 'internships', 'faculty', 'projects', 'partnerships', 'faq', 'contact'],
  '/developers': ['overview', 'api', 'webhooks', 'data', 'auth', 'sdk', 'sandbox', 'changelog', 'contact'],
  '/research': ['beta', 'topics', 'methods', 'participation', 'ethics', 'contact'],
  '/partners': ['why', 'programs', 'benefits', 'contact'],
  '/careers': ['roles', 'why', 'process', 'contact'],
  '/impact': ['outcomes', 'pillars', 'method', 'commitments', 'contact'],
};

test.describe('information pages', () => {
  for (const [path, anchors] of Object.entries(ANCHORS)) {
    test(`${path} renders its sections in order, each reachable from “Sur cette page”`, async ({ visitor: page }) => {
      await page.goto(path);
      const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
      expect(ids).toEqual(anchors);
      const toc = page.getByRole('navigation', { name: 'Sur cette page' });
      await expect(toc.getByRole('link')).toHaveCount(anchors.length);
      for (const id of anchors) {
        await expect(page.locator(`#${id} h2`)).not.toBeEmpty();
        expect((await page.locator(`#${id}`).innerText()).length, `#${id} has content`).toBeGreaterThan(80);
      }
    });
  }

  test('a page opened at an anchor ends scrolled to it', async ({ visitor: page }) => {
    await page.goto('/developers#changelog');
    await expect(page.locator('#changelog')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  test('the figures of the specification are on their pages', async ({ visitor: page }) => {
    const FIGURES: Record<string, (string | RegExp)[]> = {
      '/pricing': [
        'Montréal',
        'Toronto',
        /7 (à|–|-) ?35 jours/,
        /15 min/,
        /4 (à|–|-) ?8 h/,
        /24 h/,
        'TLS 1.3',
        '1.2',
        'AES-256',
        /trimestre/i,
      ],
      '/legal': [
        '24 mois',
        '7 ans',
        /18 ?(à|–|-) ?36 mois/,
        /12 ?(à|–|-) ?24 mois/,
        '5 000',
        'gs_session',
        'gs_pref_lang',
        '6 mois',
        'gs_analytics_id',
        '13 mois',
        'Montréal',
        /TLS 1\.2/,
      ],
      '/services': [/6 ?(à|–|-) ?8 semaines/, /8 ?(à|–|-) ?12 semaines/, /sur mesure/i],
      '/programs/education': [/8 ?(à|–|-) ?16 semaines/, /30 ?(à|–|-) ?60 minutes/, 'Data & QA', 'Full-stack', /SIG/],
      '/research': [/1 ?(à|–|-) ?3 h/, /2 ?(à|–|-) ?3/, /30 ?(à|–|-) ?60 min/, /30 ?(à|–|-) ?45 min/],
      '/careers': [/30 min/],
      '/impact': ['−50 %', '×10', '95 %+', 'indicati'],
      '/developers': [
        '/v1/boreholes',
        '/v1/exports/geopackage',
        'read:boreholes',
        'read:exports',
        'write:exports',
        'admin:project',
        'export.ready',
        'X-Client',
        'Novembre 2026',
        '1.0.0',
      ],
      '/platform': ['T1', 'T2', 'T3', 'T4'],
    };
    for (const [path, figures] of Object.entries(FIGURES)) {
      await page.goto(path);
      const text = await page.locator('main').innerText();
      for (const figure of figures) {
        if (typeof figure === 'string') expect(text, `${path} says ${figure}`).toContain(figure);
        else expect(text, `${path} says ${figure}`).toMatch(figure);
      }
    }
  });

  test('resources hold 3 case studies, 3 articles (6, 5, 7 min) and 4 questions', async ({ visitor: page }) => {
    await page.goto('/resources');
    await expect(page.locator('#cases .card')).toHaveCount(3);
    await expect(page.locator('#blog .card__badge')).toHaveText([
      '6 min de lecture',
      '5 min de lecture',
      '7 min de lecture',
    ]);
    await expect(page.locator('#faq .faq__item')).toHaveCount(4);
    await page.locator('#faq summary').first().click();
    await expect(page.locator('#faq .faq__answer').first()).toBeVisible();
  });

  test('the team has three co-founders and an intern; the roadmap runs T1 to T4', async ({ visitor: page }) => {
    await page.goto('/about');
    await expect(page.locator('#team .card')).toHaveCount(4);
    await expect(page.locator('#team')).toContainText(/stagiaire/i);
    await page.goto('/platform');
    await expect(page.locator('#roadmap .card__badge')).toHaveText(['T1', 'T2', 'T3', 'T4']);
  });

  test('pricing has no price list and asks for a proposal by a prefilled e-mail', async ({ visitor: page }) => {
    await page.goto('/pricing');
    await expect(page.locator('main')).not.toContainText(/\d+ ?\$ ?(\/|par) ?(mois|an|utilisateur)/);
    const proposal = page.getByRole('link', { name: 'Demander une proposition' });
    const href = (await proposal.getAttribute('href'))!;
    expect(href.startsWith('mailto:ventes@geosonde.ca?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Demande de proposition – GéoSonde');
    expect(params.get('body')).toContain('Nombre d’utilisateurs prévus');
  });
});
