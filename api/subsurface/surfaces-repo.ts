import { layerSoil, type SoilClass } from '../../src/domain/soil.ts';
import type { SurfaceColumn } from '../../src/domain/subsurface/surface-quantity.ts';
import { SURFACE_LIMITS } from '../../src/domain/subsurface/surface.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import type { Queryable } from '../db/database.ts';
import { Params, WATER_DEPTH_SQL, whereSql } from '../boreholes/repo.ts';

/** A rectangle of longitudes and latitudes. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The boreholes a surface is made from: those on the map within the user's scope (and the
 * rectangle, when one is given), each with its collar, depth, water level and layers classed.
 * One query, the layers gathered per borehole by the database. More than the surfaces' limit
 * answers how many there are instead.
 */
export async function surfaceColumns(
  db: Queryable,
  scope: DataScope,
  bbox: Bbox | null,
): Promise<{ columns: SurfaceColumn[] } | { tooMany: number }> {
  const params = new Params();
  const clauses = [whereSql(params, scope, {}), 'b.lat IS NOT NULL', 'b.lon IS NOT NULL'];
  if (bbox) {
    clauses.push(`b.lat BETWEEN ${params.add(bbox.south)}::float8 AND ${params.add(bbox.north)}::float8`);
    clauses.push(`b.lon BETWEEN ${params.add(bbox.west)}::float8 AND ${params.add(bbox.east)}::float8`);
  }
  const limit = params.add(SURFACE_LIMITS.samples + 1);
  const [row] = await db.query<{ rows: string }>(
    `SELECT COALESCE(json_agg(json_build_array(b.id, b.lat, b.lon, b.ground_level, b.depth, ${WATER_DEPTH_SQL},
         (SELECT COALESCE(json_agg(json_build_array(g.top, g.base, g.description, g.legend, g.geology)
                                   ORDER BY g.top, g.position), '[]')
          FROM geol g WHERE g.borehole_id = b.id))), '[]')::text AS rows
     FROM (SELECT * FROM boreholes b WHERE ${clauses.join(' AND ')} ORDER BY b.id COLLATE "C" LIMIT ${limit}::int) b`,
    params.values,
  );
  type Layer = [number, number | null, string, string, string];
  const rows = JSON.parse(row!.rows) as [string, number, number, number | null, number, number | null, Layer[]][];
  if (rows.length > SURFACE_LIMITS.samples) {
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM boreholes b WHERE ${clauses.join(' AND ')}`,
      params.values.slice(0, -1),
    );
    return { tooMany: count!.total };
  }
  // A firm writes the same few descriptions again and again: each is classed once.
  const classes = new Map<string, SoilClass>();
  const soilOf = (description: string, legend: string, geology: string) => {
    const key = `${legend}\u0000${geology}\u0000${description}`;
    let soil = classes.get(key);
    if (soil === undefined) classes.set(key, (soil = layerSoil({ description, legend, geology })));
    return soil;
  };
  return {
    columns: rows.map(([id, lat, lng, ground, depth, water, layers]) => ({
      id,
      lat,
      lng,
      ground,
      depth,
      water,
      // A layer without a base goes down to the next one's top, or to the bottom of the hole.
      layers: layers
        .map(([top, base, description, legend, geology], i) => ({
          top,
          base: base ?? layers[i + 1]?.[0] ?? depth,
          soil: soilOf(description, legend, geology),
        }))
        .filter((layer) => layer.base > layer.top),
    })),
  };
}
