import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
for (const [name, viewport] of [['desk', { width: 1400, height: 950 }], ['phone', { width: 390, height: 844 }]] as const) {
  const page = await browser.newPage({ viewport });
  await page.route(/tile\.openstreetmap/, (route) => route.fulfill({ status: 204 }));
  await page.goto('http://127.0.0.1:4500/login');
  await page.getByLabel(/courriel/i).fill('geotech@montreal.ca');
  await page.getByRole('button', { name: /continuer|suivant/i }).click();
  await page.getByLabel(/mot de passe/i).fill('GeoSonde-montreal-1');
  await page.getByRole('button', { name: /connexion|se connecter/i }).click();
  await page.waitForURL(/client/);
  await page.goto(`http://127.0.0.1:4500/client/surfaces?tenant=montreal&quantity=${process.argv[2] ?? 'rock-depth'}&method=natural&bbox=-74,45.3,-73.3,45.8`);
  await page.getByRole('table').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/surf-${name}.png`, fullPage: name === 'phone' });
  await page.close();
}
await browser.close();
