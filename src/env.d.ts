interface ImportMetaEnv {
  /** Map tiles URL template ({s}, {z}, {x}, {y}); OpenStreetMap's when unset. */
  readonly PUBLIC_TILE_URL?: string;
  /** Attribution shown on the map for those tiles (HTML). */
  readonly PUBLIC_TILE_ATTRIBUTION?: string;
  /** Public key of the desktop app's releases (SPKI, base64); the development pair's when unset. */
  readonly PUBLIC_RELEASE_KEY?: string;
  /** The API's base path for the download metadata ('/api'). */
  readonly PUBLIC_API_BASE?: string;
  /** Hosts the app may be downloaded from (comma-separated); any when empty. */
  readonly PUBLIC_DOWNLOAD_HOSTS?: string;
  /** '1' in a development build (npm run dev) skips the signature and hash checks; ignored by npm start. */
  readonly PUBLIC_DOWNLOAD_SKIP_CHECKS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
