import { secureHeaders } from 'hono/secure-headers';
import type { AppSettings } from '../app-env.ts';

/**
 * The security headers of every answer: a content security policy that runs only the site's own
 * scripts (inline ones by their hash), HSTS, no framing, a strict referrer, and a permissions
 * policy that turns off the powerful browser features the product never uses.
 */
export function securityHeaders(settings: Pick<AppSettings, 'scriptHashes' | 'downloadOrigins'>) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the GeoPackage export compile SQLite's WebAssembly; JavaScript eval stays off.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...settings.scriptHashes.map((hash) => `'${hash}'`)],
      // Inline style attributes remain (code samples' colours); no inline script runs without its hash.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // DOWNLOAD_ORIGINS: where the desktop app may be downloaded from besides this site (a CDN).
      connectSrc: ["'self'", ...settings.downloadOrigins],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'", 'mailto:'],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      browsingTopics: [],
    },
  });
}
