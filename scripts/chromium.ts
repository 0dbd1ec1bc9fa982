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

/**
 * The flags of a browser that draws WebGL on the CPU (SwiftShader, no graphics card here): the 3D
 * view's test and its frame bench. The other tests keep the GPU off, as before.
 */
export const WEBGL_FLAGS = [
  ...CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu'),
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** The Debian packages the browser tests use: the old headless shell, Chromium for the benches. */
export const CHROMIUM_PACKAGES = ['chromium-headless-shell', 'chromium'] as const;

/**
 * Debian's Chromium (or CHROMIUM_PATH): Playwright's own browser download cannot work here.
 * `headlessShell` prefers Debian's `chromium-headless-shell`, the old headless mode Playwright
 * itself runs its tests in: measured here, a new page costs 145 ms instead of 450 ms and a page
 * load half the time, with the same rendering engine. The benches that measure what a visitor's
 * browser does keep the full Chromium.
 */
export function findChromium({ headlessShell = false }: { headlessShell?: boolean } = {}): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(headlessShell ? ['/usr/bin/chromium-headless-shell'] : []),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      `Chromium est introuvable. Installez-le (Debian : sudo apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}) ou indiquez son chemin dans CHROMIUM_PATH.`,
    );
  }
  return found;
}
