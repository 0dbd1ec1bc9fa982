/** Mean earth radius used by every distance in the product, in kilometres. */
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

const RADIANS_PER_DEGREE = Math.PI / 180;
const toRadians = (degrees: number) => degrees * RADIANS_PER_DEGREE;

/**
 * Great-circle distance between two points, in kilometres (haversine formula).
 * The SQL repository uses the same formula, term for term.
 *
 * @example haversineKm({ lat: 45.5, lng: -73.6 }, { lat: 45.585, lng: -73.3327 }) // ≈ 22.9
 */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when both coordinates are finite numbers, i.e. the point can be drawn. */
export function hasCoordinates(row: { lat: unknown; lon: unknown }): boolean {
  return Number.isFinite(row.lat) && Number.isFinite(row.lon);
}
