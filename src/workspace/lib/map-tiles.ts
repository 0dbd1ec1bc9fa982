/** The map's tiles: OpenStreetMap's, unless the deployment names others (PUBLIC_TILE_URL). */
export const TILE_URL = import.meta.env.PUBLIC_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  import.meta.env.PUBLIC_TILE_ATTRIBUTION ??
  '&copy; les contributeurs d’<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
