import { existsSync } from 'node:fs';

/** Flags for Debian's Chromium on a machine without a display or outside network. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (or CHROMIUM_PATH): Playwright's own browser download cannot work here. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      'Chromium est introuvable. Installez-le (Debian : sudo apt-get install -y chromium) ou indiquez son chemin dans CHROMIUM_PATH.',
    );
  }
  return found;
}
