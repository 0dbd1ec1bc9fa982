import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
const [name, path, who, pw, steps] = process.argv.slice(2);
const opts = name === 'phone' ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1440, height: 900 } };
const ctx = await browser.newContext(opts);
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByLabel('Adresse courriel').fill(who === 'x' || !who ? 'geotech@montreal.ca' : who);
await page.getByRole('button', { name: 'Continuer' }).click();
await page.getByLabel('Mot de passe', { exact: true }).fill(pw === 'x' || !pw ? 'GeoSonde-montreal-1' : pw);
await page.getByRole('button', { name: 'Se connecter' }).click();
await page.waitForURL(/client/);
await page.goto(base + path);
await page.waitForTimeout(2500);
for (let i = 0; i < Number(steps ?? 4); i++) {
  await page.screenshot({ path: `/tmp/w6-${name}-${i}.png` });
  const moved = await page.evaluate((h) => {
    const els = [document.scrollingElement, ...document.querySelectorAll('*')].filter((e) => e && e.scrollHeight > e.clientHeight + 5 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) || e === document.scrollingElement);
    const el = els.sort((a, b) => b.scrollHeight - a.scrollHeight).find((e) => e.scrollHeight > e.clientHeight + 5);
    if (!el) return false;
    const before = el.scrollTop; el.scrollTop += h * 0.85; return el.scrollTop !== before;
  }, opts.viewport.height);
  if (!moved) break;
  await page.waitForTimeout(600);
}
await browser.close();
