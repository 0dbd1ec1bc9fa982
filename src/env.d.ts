interface ImportMetaEnv {
  /** Map tiles URL template ({s}, {z}, {x}, {y}); OpenStreetMap's when unset. */
  readonly PUBLIC_TILE_URL?: string;
  /** Attribution shown on the map for those tiles (HTML). */
  readonly PUBLIC_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
