// The map's share of bench:scale (issue #19): GET /api/boreholes/map for a 1440×900 viewport at
// zoom 5, 10 and 15 around the middle of the generated boreholes, with and without a filter. The
// first call of each search (cold: the API process reads its positions) is shown apart from the
// p50/p95 of the following ones (bench/scale.bench.ts's `serial`).
import { mercatorX, mercatorY, type Bbox } from '../api/boreholes/map-repo.ts';

const VIEWPORT = { width: 1440, height: 900 };
/** The middle of bench/generated-boreholes.ts's area (lat 45.3–45.8, lon −73.9 to −73.1). */
const CENTRE = { lat: 45.55, lon: -73.5 };

/** The inverse of mercatorY. */
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * The rectangle a viewport of `width`×`height` pixels shows around `centre` at `zoom`, in Web
 * Mercator with 256-pixel tiles, clamped to the world.
 */
export function viewportBbox(centre: { lat: number; lon: number }, zoom: number, { width, height } = VIEWPORT): Bbox {
  const world = 256 * 2 ** zoom;
  const x = mercatorX(centre.lon) * world;
  const y = mercatorY(centre.lat) * world;
  const west = Math.max(-180, ((x - width / 2) / world) * 360 - 180);
  const east = Math.min(180, ((x + width / 2) / world) * 360 - 180);
  const north = latitudeOf(Math.max(0, (y - height / 2) / world));
  const south = latitudeOf(Math.min(1, (y + height / 2) / world));
  return [west, south, east, north];
}

type Serial = (label: string, call: () => Promise<Response>) => Promise<void>;

/**
 * Times the map view at zoom 5, 10 and 15, without a filter and with two (purpose, depth), through
 * `get` (the API in process, signed in as the administrator).
 *
 * @example await measureMap(get, serial)
 */
export async function measureMap(get: (path: string) => Promise<Response>, serial: Serial) {
  for (const filter of ['', '&purpose=hydro&depthMin=5']) {
    for (const zoom of [5, 10, 15]) {
      const path = `/api/boreholes/map?bbox=${viewportBbox(CENTRE, zoom).join(',')}&zoom=${zoom}${filter}`;
      const start = performance.now();
      const response = await get(path);
      const body = (await response.json()) as { mode: string; in_view: number };
      const cold = performance.now() - start;
      const bytes = JSON.stringify(body).length;
      const label = `carte zoom ${zoom}${filter ? ', but hydro et profondeur ≥ 5' : ''}`;
      console.log(
        `  ${label} : ${body.mode === 'points' ? 'points' : 'grappes'}, ${body.in_view.toLocaleString('fr-CA')} dans la vue, ` +
          `${(bytes / 1024).toFixed(1)} Ko ; premier appel ${cold.toFixed(0)} ms`,
      );
      await serial(label, () => get(path));
    }
  }
}
