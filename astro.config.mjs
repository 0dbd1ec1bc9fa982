// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { apiDevServer } from './api/dev-integration.ts';
import { releaseKeySource } from './api/env.ts';
import { loadReleaseKeys } from './api/releases/release-keys.ts';
import { optionalModule } from './scripts/vite-optional-module.ts';
import { REDIRECTS } from './src/site/routes.ts';

export default defineConfig({
  site: 'https://geosonde.ca',
  output: 'static',
  // The production server answers these with a real 301; the static pages are for a CDN alone.
  redirects: { ...REDIRECTS },
  integrations: [react(), apiDevServer()],
  devToolbar: { enabled: false },
  server: { port: 4321 },
  prefetch: false,
  // Code samples (developers page) in a theme whose colours pass WCAG AA contrast.
  markdown: { shikiConfig: { theme: 'github-dark-high-contrast' } },
  // The GeoPackage export's library may be left out of a build; the export then saves GeoJSON.
  vite: {
    plugins: [optionalModule('@ngageoint/geopackage')],
    // The release key the download page checks signatures with: PUBLIC_RELEASE_KEY, else the public
    // half of the server's key (RELEASE_SIGNING_KEY*, or the development pair made outside the repository).
    define: {
      'import.meta.env.PUBLIC_RELEASE_KEY': JSON.stringify(
        process.env.PUBLIC_RELEASE_KEY || loadReleaseKeys(releaseKeySource()).publicKey,
      ),
    },
  },
});
