import type { Database, Queryable } from '../api/db/database.ts';
import { BOREHOLE_COLUMNS, type BoreholeRow } from '../api/imports/commit-import.ts';
import { foldText } from '../src/domain/text.ts';
import { generatedBoreholes } from './generated-boreholes.ts';

type Generated = Parameters<typeof generatedBoreholes>[1];

/** A project id made from the borehole's number: the three passes agree without a table in memory. */
const projectIdOf = (index: number) => `b0000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

/** The generated boreholes with their number. */
function* numbered(count: number, options: Generated) {
  let index = 0;
  for (const borehole of generatedBoreholes(count, options)) yield { index: index++, borehole };
}

/** Rows given to copyRows in batches: one COPY on PostgreSQL, an INSERT per batch on PGlite. */
async function copyInBatches(
  db: Queryable,
  kind: Database['kind'],
  table: string,
  columns: readonly string[],
  rows: Iterable<Record<string, unknown>>,
) {
  if (kind === 'postgres') return db.copyRows(table, columns, rows);
  let batch: Record<string, unknown>[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === 5_000) {
      await db.copyRows(table, columns, batch);
      batch = [];
    }
  }
  await db.copyRows(table, columns, batch);
}

/**
 * Loads `count` generated boreholes (bench/generated-boreholes.ts) with their projects and layers,
 * as upsertBorehole stores them, but in bulk: COPY on PostgreSQL, batches of JSON on PGlite. The
 * indexes of the two tables (but those of their keys) are dropped for the load and built again
 * at the end, which is several times faster than maintaining them row by row; then the tables
 * are vacuumed and analysed. For an empty benchmark database: the generated ids must not exist yet.
 *
 * @example await loadGeneratedBoreholes(db, 1_000_000, { tenants: ['montreal'], munis: ['Laval'] })
 */
export async function loadGeneratedBoreholes(db: Database, count: number, options: Generated): Promise<void> {
  await db.transaction(async (tx) => {
    const indexes = await tx.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       WHERE i.schemaname = current_schema() AND i.tablename IN ('boreholes', 'geol')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const { name } of indexes) await tx.exec(`DROP INDEX "${name}"`);
    await copyInBatches(
      tx,
      db.kind,
      'projects',
      ['id', 'tenant_slug', 'code', 'name'],
      (function* () {
        for (const { index, borehole: b } of numbered(count, options)) {
          yield { id: projectIdOf(index), tenant_slug: b.tenantSlug, code: b.project, name: b.project };
        }
      })(),
    );
    const columns = [...BOREHOLE_COLUMNS, 'screen_top', 'screen_bottom'] as const;
    await copyInBatches(
      tx,
      db.kind,
      'boreholes',
      columns,
      (function* () {
        for (const { index, borehole: b } of numbered(count, options)) {
          const placed = b.lat !== null && b.lon !== null;
          const row: BoreholeRow & Record<'screen_top' | 'screen_bottom', unknown> = {
            id: b.id,
            tenant_slug: b.tenantSlug,
            project: b.project,
            site: b.site,
            muni: b.muni,
            date: b.date,
            purpose: b.purpose,
            type: b.type,
            method: b.method,
            hole_state: b.holeState,
            depth: b.depth,
            lat: b.lat,
            lon: b.lon,
            addr: b.addr,
            screen_top: b.screenTop,
            screen_bottom: b.screenBottom,
            has_chem: b.has_chem,
            search_id: foldText(b.id),
            search_project: foldText(b.project),
            search_site: foldText(b.site),
            search_muni: foldText(b.muni),
            search_addr: foldText(b.addr),
            project_id: projectIdOf(index),
            loca_id: b.id,
            crs: placed ? 'EPSG:4326' : null,
            original_x: b.lon,
            original_y: b.lat,
            location_confidence: placed ? 'surveyed' : 'unknown',
            end_date: null,
            loca_type: '',
            ground_level: null,
            ags_extra: {},
          };
          yield row;
        }
      })(),
    );
    await copyInBatches(
      tx,
      db.kind,
      'geol',
      ['borehole_id', 'position', 'top', 'base', 'description', 'search_description'],
      (function* () {
        for (const { borehole: b } of numbered(count, options)) {
          let top = 0;
          for (const [position, horizon] of b.horizons.entries()) {
            const base = top + horizon.thickness;
            yield {
              borehole_id: b.id,
              position,
              top,
              base,
              description: horizon.material,
              search_description: foldText(horizon.material),
            };
            top = base;
          }
        }
      })(),
    );
    await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const { definition } of indexes) await tx.exec(definition);
  });
  // As a bulk load in production ends: statistics, and the visibility map that lets counts read
  // the indexes alone — else autovacuum does it during the first measures and skews them.
  await db.exec('VACUUM (ANALYZE) projects, boreholes, geol');
}
