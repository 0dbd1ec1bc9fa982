import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
for (const [name, opts] of [['desk', { viewport: { width: 1440, height: 900 } }], ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }]]) {
  const ctx = await browser.newContext(opts);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log(name, 'console', m.text()); });
  await page.goto(base + '/login');
  await page.getByLabel('Adresse courriel').fill('geotech@montreal.ca');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill('GeoSonde-montreal-1');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/client/);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/w5-${name}-map.png` });
  await page.goto(base + '/client/database');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/w5-${name}-db.png` });
  const first = page.locator('a[href*="/client/boreholes/"]').first();
  const href = await first.getAttribute('href');
  console.log('href', href);
  await page.goto(base + href);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/w5-${name}-record.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
