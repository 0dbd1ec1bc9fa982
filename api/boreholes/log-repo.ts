import type { Borehole } from '../../src/domain/borehole.ts';
import { holeTypeOf } from '../../src/domain/ags/hole-types.ts';
import { assembleLog, type LogRow } from '../../src/domain/log/assemble-log.ts';
import type { BoreholeLog } from '../../src/domain/log/borehole-log.ts';
import { isTenantSlug, tenantEmblem, TENANTS, type DataScope } from '../../src/domain/tenants.ts';
import { listBoreholes } from './repo.ts';
import type { Queryable } from '../db/database.ts';

/** The codes a file's ABBR group defines for a heading, with their descriptions. */
function fileCodes({ headings, rows }: { headings: string[]; rows: string[][] }, heading: string) {
  const [hdng, code, desc] = ['ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'].map((name) => headings.indexOf(name));
  if (hdng! < 0 || code! < 0 || desc! < 0) return {};
  return Object.fromEntries(
    rows.filter((values) => values[hdng!] === heading).map((values) => [values[code!] ?? '', values[desc!] ?? '']),
  );
}

/**
 * What the log of a borehole shows, or null when the scope does not reach it (out of scope and
 * absent look the same). Layers are the GEOL rows (or the sample boreholes' layers), SPT the
 * ISPT rows, samples, water and core runs the SAMP, WSTG, WSTD and CORE rows kept by the import.
 */
export async function loadBoreholeLog(db: Queryable, scope: DataScope, id: string): Promise<BoreholeLog | null> {
  const { items } = await listBoreholes(db, { scope, filters: { ids: [id] } });
  return items[0] ? logOf(db, items[0]) : null;
}

/** The log of a borehole the caller has read (within its scope). */
export async function logOf(db: Queryable, borehole: Borehole): Promise<BoreholeLog> {
  return (await logsOf(db, [borehole]))[0]!;
}

/** Rows of a query over many boreholes, by borehole. */
function byBorehole<T extends { borehole_id: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.borehole_id);
    if (list) list.push(row);
    else grouped.set(row.borehole_id, [row]);
  }
  return grouped;
}

/**
 * The logs of boreholes the caller has read (within its scope), in their order: five queries
 * whatever their number (a section reads fifty at once).
 */
export async function logsOf(db: Queryable, boreholes: readonly Borehole[]): Promise<BoreholeLog[]> {
  if (boreholes.length === 0) return [];
  const ids = boreholes.map((borehole) => borehole.id);
  const heads = await db.query<{
    id: string;
    loca_id: string | null;
    ground_level: number | null;
    end_date: string | null;
    crs: string | null;
    original_x: number | null;
    original_y: number | null;
    location_confidence: string;
    loca_type: string;
    abbr: { headings: string[]; rows: string[][] } | null;
  }>(
    `SELECT id, loca_id, ground_level, to_char(end_date, 'YYYY-MM-DD') AS end_date, crs, original_x, original_y,
       location_confidence, loca_type,
       (SELECT json_build_object('headings', g.headings, 'rows', g.rows) FROM project_groups g
        WHERE g.project_id = b.project_id AND g.name = 'ABBR') AS abbr
     FROM boreholes b WHERE id = ANY($1::text[])`,
    [ids],
  );
  const layers = byBorehole(
    await db.query<{
      borehole_id: string;
      top: number;
      base: number | null;
      description: string;
      legend: string;
      geology: string;
    }>(
      `SELECT borehole_id, top, base, description, legend, geology FROM geol WHERE borehole_id = ANY($1::text[])
       ORDER BY borehole_id, top, position`,
      [ids],
    ),
  );
  const spt = byBorehole(
    await db.query<{ borehole_id: string; top: number; n_value: number | null; extra: Record<string, string> }>(
      `SELECT borehole_id, top, n_value, extra FROM ispt WHERE borehole_id = ANY($1::text[])
       ORDER BY borehole_id, top, position`,
      [ids],
    ),
  );
  const logs = byBorehole(
    await db.query<LogRow & { borehole_id: string }>(
      `SELECT borehole_id, grp, top, base, fields FROM log_rows
       WHERE borehole_id = ANY($1::text[]) AND grp IN ('SAMP', 'WSTG', 'WSTD', 'CORE')
       ORDER BY borehole_id, grp, top NULLS LAST, position`,
      [ids],
    ),
  );
  const headOf = new Map(heads.map((head) => [head.id, head]));
  return boreholes.map((borehole) => {
    const id = borehole.id;
    const row = headOf.get(id);
    const original =
      row?.crs && row.original_x !== null && row.original_y !== null
        ? { crs: row.crs, x: row.original_x, y: row.original_y }
        : null;
    return assembleLog({
      head: {
        id: borehole.id,
        locaId: row?.loca_id && row.loca_id !== borehole.id ? row.loca_id : null,
        project: borehole.project,
        site: borehole.site,
        organisation: isTenantSlug(borehole.tenantSlug) ? TENANTS[borehole.tenantSlug].label : borehole.tenantSlug,
        emblem: tenantEmblem(borehole.tenantSlug),
        lat: borehole.lat,
        lon: borehole.lon,
        original,
        locationConfidence: row?.location_confidence ?? 'unknown',
        groundLevel: row?.ground_level ?? null,
        depth: borehole.depth,
        date: borehole.date,
        endDate: row?.end_date ?? null,
        method: borehole.method,
        holeType: holeTypeOf(row?.loca_type ?? '', row?.abbr ? fileCodes(row.abbr, 'LOCA_TYPE') : {}),
        screen:
          borehole.screenTop !== null && borehole.screenBottom !== null
            ? { top: borehole.screenTop, base: borehole.screenBottom }
            : null,
      },
      layers: (layers.get(id) ?? []).map(({ top, base, description, legend, geology }) => ({
        top,
        base,
        description,
        legend,
        geology,
      })),
      spt: (spt.get(id) ?? []).map((test) => ({ top: test.top, n: test.n_value, extra: test.extra })),
      rows: logs.get(id) ?? [],
    });
  });
}
