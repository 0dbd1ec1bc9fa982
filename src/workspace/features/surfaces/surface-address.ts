import {
  SURFACE_QUANTITIES,
  THICKNESS_SOILS,
  type SurfaceQuantity,
  type ThicknessSoil,
} from '../../../domain/subsurface/surface-quantity.ts';
import type { SurfaceMethod } from '../../../domain/subsurface/surface.ts';

/** A surface as its address holds it: what, how, and over which rectangle (west, south, east, north). */
export interface SurfaceAsk {
  quantity: SurfaceQuantity;
  soil: ThicknessSoil;
  method: SurfaceMethod;
  bbox: [number, number, number, number] | null;
}

/** The surface an address asks for; the top of rock by kriging when it asks for none. */
export function readSurfaceAsk(search: string): SurfaceAsk {
  const params = new URLSearchParams(search);
  const quantity = params.get('quantity');
  const soil = params.get('soil');
  const bbox = (params.get('bbox') ?? '').split(',').map(Number);
  return {
    quantity: quantity && quantity in SURFACE_QUANTITIES ? (quantity as SurfaceQuantity) : 'rock-depth',
    soil: (THICKNESS_SOILS as readonly string[]).includes(soil ?? '') ? (soil as ThicknessSoil) : 'clay',
    method: params.get('method') === 'natural' ? 'natural' : 'kriging',
    bbox: bbox.length === 4 && bbox.every(Number.isFinite) ? (bbox as [number, number, number, number]) : null,
  };
}

/** The query string of a surface, keeping the address's other parameters (the organisation shown). */
export function surfaceSearch(ask: SurfaceAsk, current: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.set('quantity', ask.quantity);
  if (ask.quantity === 'thickness') params.set('soil', ask.soil);
  else params.delete('soil');
  params.set('method', ask.method);
  if (ask.bbox) params.set('bbox', ask.bbox.map((v) => v.toFixed(5)).join(','));
  else params.delete('bbox');
  return `?${params}`;
}

/** The API's address of a surface, in a format. */
export function surfaceApi(ask: SurfaceAsk, tenant: string | null, format = 'json'): string {
  const params = new URLSearchParams(surfaceSearch(ask, new URLSearchParams()).slice(1));
  params.set('format', format);
  if (tenant) params.set('tenant', tenant);
  return `/api/surfaces?${params}`;
}
