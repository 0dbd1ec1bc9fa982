import type { SurfaceQuantity } from '../../domain/subsurface/surface-quantity.ts';
import type { SurfaceMethod } from '../../domain/subsurface/surface.ts';

/** The surfaces the 3D view draws: those of a level in space (a thickness is not one). */
const IN_SPACE: readonly SurfaceQuantity[] = ['rock-elevation', 'rock-depth', 'water-elevation', 'water-depth'];

/** What the 3D view shows, as its address says: a zone, maybe a surface over it, maybe a section's line. */
export interface View3dAsk {
  bbox: [number, number, number, number] | null;
  surface: SurfaceQuantity | null;
  method: SurfaceMethod;
  line: { lat: number; lng: number }[];
}

export function readView3d(search: string): View3dAsk {
  const params = new URLSearchParams(search);
  const bbox = (params.get('bbox') ?? '').split(',').map(Number);
  const surface = params.get('surface') as SurfaceQuantity | null;
  const line = (params.get('line') ?? '')
    .split(';')
    .map((pair) => pair.split(',').map(Number))
    .filter(
      (pair) =>
        pair.length === 2 && pair.every(Number.isFinite) && Math.abs(pair[0]!) <= 90 && Math.abs(pair[1]!) <= 180,
    )
    .map(([lat, lng]) => ({ lat: lat!, lng: lng! }));
  return {
    bbox: bbox.length === 4 && bbox.every(Number.isFinite) ? (bbox as [number, number, number, number]) : null,
    surface: surface && IN_SPACE.includes(surface) ? surface : null,
    method: params.get('method') === 'natural' ? 'natural' : 'kriging',
    line: line.length >= 2 ? line : [],
  };
}

/** The 3D view's address for a zone, with a surface's quantity and method, or a section's line. */
export function view3dHref(
  bbox: readonly number[],
  options: {
    surface?: SurfaceQuantity;
    method?: SurfaceMethod;
    line?: readonly { lat: number; lng: number }[];
    tenant?: string | null;
  },
): string {
  const params = new URLSearchParams();
  if (options.tenant) params.set('tenant', options.tenant);
  params.set('bbox', bbox.map((v) => v.toFixed(5)).join(','));
  if (options.surface && IN_SPACE.includes(options.surface)) {
    params.set('surface', options.surface);
    params.set('method', options.method ?? 'kriging');
  }
  if (options.line && options.line.length >= 2)
    params.set('line', options.line.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`).join(';'));
  return `/client/view3d?${params}`;
}

/** The rectangle (west, south, east, north) about a line, `metres` beyond it on every side. */
export function bboxAround(
  line: readonly { lat: number; lng: number }[],
  metres: number,
): [number, number, number, number] {
  const lats = line.map((p) => p.lat);
  const lngs = line.map((p) => p.lng);
  const dLat = metres / 111_195;
  const dLng = dLat / Math.cos(((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180));
  return [Math.min(...lngs) - dLng, Math.min(...lats) - dLat, Math.max(...lngs) + dLng, Math.max(...lats) + dLat];
}
