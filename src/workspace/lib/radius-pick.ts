import { atom } from 'nanostores';

/** A radius search: its centre (degrees) and its radius (km). */
export interface Radius {
  lat: number;
  lng: number;
  km: number;
}

/**
 * Between the filter form and the map, which are siblings: whether the map's next click chooses
 * the radius search's centre, the centre it chose, and the radius the form holds before it applies.
 */
export const $pickingCentre = atom(false);
/** True while a map is on the screen: only then can a centre be chosen on it. */
export const $mapShown = atom(false);
export const $pickedCentre = atom<{ lat: number; lng: number } | null>(null);
export const $draftRadius = atom<Radius | null>(null);

/** The radius of some filters, when all three values are there. */
export function radiusOf(values: { centerLat?: unknown; centerLng?: unknown; radiusKm?: unknown }): Radius | null {
  const [lat, lng, km] = [values.centerLat, values.centerLng, values.radiusKm].map((value) =>
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN,
  );
  const valid = Math.abs(lat!) <= 90 && Math.abs(lng!) <= 180 && km! > 0 && km! <= 20_000;
  return valid ? { lat: lat!, lng: lng!, km: km! } : null;
}
