/** Mean earth radius used by every distance in the product, in kilometres. */
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

const RADIANS_PER_DEGREE = Math.PI / 180;
const toRadians = (degrees: number) => degrees * RADIANS_PER_DEGREE;

/**
 * Below this many degrees, a difference or a latitude counts as this many: the terms are even
 * functions of them, so nothing else changes, and PostgreSQL, which refuses a float that
 * underflows (a 500 for two points 1e-320° apart), never meets one.
 */
export const TINY_DEGREES = 1e-100;
const halfChord = (degrees: number) => Math.sin(toRadians(Math.max(Math.abs(degrees), TINY_DEGREES)) / 2) ** 2;
const cosine = (degrees: number) => Math.cos(toRadians(Math.max(Math.abs(degrees), TINY_DEGREES)));

/**
 * Great-circle distance between two points, in kilometres (haversine formula).
 * The SQL repository uses the same formula, term for term (api/boreholes/repo.ts).
 *
 * @example haversineKm({ lat: 45.5, lng: -73.6 }, { lat: 45.585, lng: -73.3327 }) // ≈ 22.9
 */
export function haversineKm(a: LatLng, b: LatLng): number {
  const h = halfChord(b.lat - a.lat) + cosine(a.lat) * cosine(b.lat) * halfChord(b.lng - a.lng);
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A rectangle in degrees; no longitudes when it goes round the globe. */
export interface CircleBounds {
  south: number;
  north: number;
  west: number | null;
  east: number | null;
}

/**
 * The rectangle that holds every point within `radiusKm` of `center` (haversineKm), widened by
 * `margin` degrees so that rounding never leaves one out. Its longitudes are dropped (null) where
 * the circle reaches a pole or crosses the antimeridian.
 *
 * @example circleBounds({ lat: 45.5, lng: -73.6 }, 10) // ≈ { south: 45.41, north: 45.59, west: -73.73, east: -73.47 }
 */
export function circleBounds(center: LatLng, radiusKm: number, margin = 1e-6): CircleBounds {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const dLat = angle / RADIANS_PER_DEGREE + margin;
  const bounds = { south: center.lat - dLat, north: center.lat + dLat, west: null, east: null };
  const latitude = toRadians(center.lat);
  if (angle >= Math.PI / 2 - Math.abs(latitude)) return bounds;
  const dLng = Math.asin(Math.sin(angle) / Math.cos(latitude)) / RADIANS_PER_DEGREE + margin;
  if (center.lng - dLng <= -180 || center.lng + dLng >= 180) return bounds;
  return { ...bounds, west: center.lng - dLng, east: center.lng + dLng };
}

/** True when both coordinates are finite numbers, i.e. the point can be drawn. */
export function hasCoordinates(row: { lat: unknown; lon: unknown }): boolean {
  return Number.isFinite(row.lat) && Number.isFinite(row.lon);
}
