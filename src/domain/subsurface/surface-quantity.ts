import { SOIL_CLASSES, type SoilClass } from '../soil.ts';
import type { SurfaceSample } from './surface.ts';

/** What a surface shows. */
export type SurfaceQuantity = 'rock-elevation' | 'rock-depth' | 'water-elevation' | 'water-depth' | 'thickness';

export const SURFACE_QUANTITIES: Record<SurfaceQuantity, { label: string; unit: string; needsGround: boolean }> = {
  'rock-elevation': { label: 'Altitude du roc', unit: 'm', needsGround: true },
  'rock-depth': { label: 'Profondeur du roc', unit: 'm', needsGround: false },
  'water-elevation': { label: 'Altitude de la nappe', unit: 'm', needsGround: true },
  'water-depth': { label: 'Profondeur de la nappe', unit: 'm', needsGround: false },
  thickness: { label: 'Épaisseur d’une unité', unit: 'm', needsGround: false },
};

/** The units whose thickness a surface can show: the soils (rock has a top, not a thickness a hole finds). */
export const THICKNESS_SOILS = [
  'fill',
  'clay',
  'sand',
  'silt',
  'till',
  'gravel',
] as const satisfies readonly SoilClass[];
export type ThicknessSoil = (typeof THICKNESS_SOILS)[number];

const ROCK: ReadonlySet<SoilClass> = new Set(['bedrock', 'fractured_bedrock']);

/** A borehole as a surface reads it: where it is, its collar, its depth, its water, its layers' classes. */
export interface SurfaceColumn {
  id: string;
  lat: number;
  lng: number;
  /** The collar's elevation (m), null when unknown. */
  ground: number | null;
  /** Final depth (m below the collar). */
  depth: number;
  /** The water level read (m below the collar), null when none was. */
  water: number | null;
  /** Its layers in order of depth, with their classes. */
  layers: readonly { top: number; base: number; soil: SoilClass }[];
}

/** The title of a surface: « Épaisseur de l’argile » for a unit. */
export function surfaceTitle(quantity: SurfaceQuantity, soil?: ThicknessSoil): string {
  if (quantity !== 'thickness' || !soil) return SURFACE_QUANTITIES[quantity].label;
  return `Épaisseur — ${SOIL_CLASSES[soil].shortName.toLowerCase()}`;
}

/**
 * What one borehole says of a surface: a value, a bound, or nothing (null).
 *
 * - Rock: the top of its first layer of rock (sound or fractured). A hole that stopped before any
 *   says the rock lies deeper than its bottom: depth « at least » its final depth, elevation « at
 *   most » its bottom's. A hole with no layers logged says nothing.
 * - Water: the level read in it (the standing level, else the strike), as the map's water depth.
 *   A hole with no reading says nothing: a log without water is not a dry hole.
 * - Thickness of a unit: the sum of its layers. « At least » that when the hole stopped in the
 *   unit; 0 when the hole reached rock without meeting it; nothing when it stopped in another
 *   soil without meeting it (the unit may lie below).
 * - Elevations need the collar's: without it, nothing.
 */
export function sampleOf(column: SurfaceColumn, quantity: SurfaceQuantity, soil?: ThicknessSoil): SurfaceSample | null {
  const place = { id: column.id, lat: column.lat, lng: column.lng };
  if (SURFACE_QUANTITIES[quantity].needsGround && column.ground === null) return null;
  const ground = column.ground ?? 0;
  switch (quantity) {
    case 'rock-depth':
    case 'rock-elevation': {
      if (column.layers.length === 0) return null;
      const rock = column.layers.find((layer) => ROCK.has(layer.soil));
      const bottom = Math.max(column.depth, column.layers.at(-1)!.base);
      if (quantity === 'rock-depth')
        return rock ? { ...place, value: rock.top, bound: 'exact' } : { ...place, value: bottom, bound: 'atLeast' };
      return rock
        ? { ...place, value: ground - rock.top, bound: 'exact' }
        : { ...place, value: ground - bottom, bound: 'atMost' };
    }
    case 'water-depth':
    case 'water-elevation':
      if (column.water === null) return null;
      return { ...place, value: quantity === 'water-depth' ? column.water : ground - column.water, bound: 'exact' };
    case 'thickness': {
      if (!soil || column.layers.length === 0) return null;
      const rock = column.layers.findIndex((layer) => ROCK.has(layer.soil));
      const above = rock === -1 ? column.layers : column.layers.slice(0, rock);
      const thickness = above
        .filter((layer) => layer.soil === soil)
        .reduce((sum, layer) => sum + layer.base - layer.top, 0);
      if (rock !== -1) return { ...place, value: thickness, bound: 'exact' };
      if (thickness === 0) return null;
      const bottom = Math.max(column.depth, column.layers.at(-1)!.base);
      const last = column.layers.at(-1)!;
      const stoppedInIt = last.soil === soil && last.base >= bottom - 1e-6;
      return { ...place, value: thickness, bound: stoppedInIt ? 'atLeast' : 'exact' };
    }
  }
}
