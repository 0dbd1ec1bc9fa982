import { todayInQuebec } from '../../src/domain/format.ts';
import { crsByCode } from '../../src/domain/crs/crs-table.ts';
import { writeProjectAgs, type KeptGroup, type ModelledRow } from '../../src/domain/ags/project-ags.ts';
import type { Queryable } from '../db/database.ts';
import type { BoreholeRecord } from '../imports/borehole-record.ts';
import { isUuid } from '../validation.ts';

interface BoreholeRow {
  id: string;
  loca_id: string;
  loca_type: string | null;
  crs: string | null;
  original_x: number | null;
  original_y: number | null;
  ground_level: number | null;
  depth: number | null;
  date: string | null;
  end_date: string | null;
  ags_extra: Record<string, string>;
}

/** What the tables hold for the LOCA headings GéoSonde reads (see ModelledRow.known). */
function knownLoca(b: BoreholeRow): ModelledRow['known'] {
  const geographic = b.crs !== null && crsByCode(b.crs)?.projected === false;
  return {
    LOCA_TYPE: b.loca_type || null,
    [geographic ? 'LOCA_LON' : 'LOCA_NATE']: b.original_x,
    [geographic ? 'LOCA_LAT' : 'LOCA_NATN']: b.original_y,
    [geographic ? 'LOCA_LLZ' : 'LOCA_GREF']: b.crs,
    LOCA_GL: b.ground_level,
    LOCA_FDEP: b.depth,
    LOCA_STAR: b.date,
    LOCA_ENDD: b.end_date,
  };
}

/**
 * An imported project as AGS 4 (see writeProjectAgs), or null when the project does not exist or
 * belongs to another tenant than those `mayReach` allows. Returns its code and the text.
 */
export async function projectAgs(
  db: Queryable,
  projectId: string,
  mayReach: (tenantSlug: string) => boolean,
  /** One borehole of the project only: its rows of every group, and the groups without LOCA_ID. */
  onlyBorehole: string | null = null,
): Promise<{ code: string; text: string } | null> {
  if (!isUuid(projectId)) return null;
  const [project] = await db.query<{
    tenant_slug: string;
    tenant: string;
    code: string;
    name: string;
    location: string;
  }>(
    `SELECT p.tenant_slug, t.label AS tenant, p.code, p.name, p.location
     FROM projects p JOIN tenants t ON t.slug = p.tenant_slug WHERE p.id = $1`,
    [projectId],
  );
  if (!project || !mayReach(project.tenant_slug)) return null;
  const groups = await db.query<KeptGroup>(
    'SELECT name, headings, units, types, rows FROM project_groups WHERE project_id = $1 ORDER BY name',
    [projectId],
  );
  if (!groups.some((group) => group.name === 'PROJ')) {
    groups.push({
      name: 'PROJ',
      headings: ['PROJ_ID', 'PROJ_NAME', 'PROJ_LOC'],
      units: ['', '', ''],
      types: ['ID', 'X', 'X'],
      rows: [[project.code, project.name, project.location]],
    });
  }
  const boreholes = await db.query<BoreholeRow>(
    `SELECT id, loca_id, loca_type, crs, original_x, original_y, ground_level, depth, date, end_date, ags_extra
     FROM boreholes WHERE project_id = $1 AND ($2::text IS NULL OR id = $2) ORDER BY loca_id`,
    [projectId, onlyBorehole],
  );
  if (onlyBorehole) {
    const locaId = boreholes[0]?.loca_id;
    for (const group of groups) {
      const at = group.headings.indexOf('LOCA_ID');
      if (at >= 0) group.rows = group.rows.filter((row) => row[at] === locaId);
    }
  }
  const locaIds = new Map(boreholes.map((b) => [b.id, b.loca_id]));
  // The rows of a log table for the project's boreholes, in the boreholes' order.
  const rowsOf = <Row>(table: string, columns: string, order = 't.position') =>
    db.query<Row & { borehole_id: string }>(
      `SELECT t.borehole_id, ${columns} FROM boreholes b JOIN ${table} t ON t.borehole_id = b.id
       WHERE b.project_id = $1 AND ($2::text IS NULL OR b.id = $2) ORDER BY b.loca_id, ${order}`,
      [projectId, onlyBorehole],
    );
  const geol = await rowsOf<BoreholeRecord['geol'][number]>(
    'geol',
    't.top, t.base, t.description, t.legend, t.geology, t.extra',
  );
  const ispt = await rowsOf<{ top: number; n_value: number | null; extra: Record<string, string> }>(
    'ispt',
    't.top, t.n_value, t.extra',
  );
  const logs = await rowsOf<{ grp: string; fields: Record<string, string> }>(
    'log_rows',
    't.grp, t.fields',
    't.grp, t.position',
  );
  const id = (boreholeId: string) => ({ LOCA_ID: locaIds.get(boreholeId)! });
  const rows = new Map<string, ModelledRow[]>([
    ['LOCA', boreholes.map((b) => ({ fields: { LOCA_ID: b.loca_id, ...b.ags_extra }, known: knownLoca(b) }))],
    [
      'GEOL',
      geol.map((g) => ({
        fields: { ...id(g.borehole_id), ...g.extra },
        known: {
          GEOL_TOP: g.top,
          GEOL_BASE: g.base,
          GEOL_DESC: g.description,
          GEOL_LEG: g.legend || null,
          GEOL_GEOL: g.geology || null,
        },
      })),
    ],
    [
      'ISPT',
      ispt.map((t) => ({
        fields: { ...id(t.borehole_id), ...t.extra },
        known: { ISPT_TOP: t.top, ISPT_NVAL: t.n_value },
      })),
    ],
  ]);
  for (const log of logs) {
    const group = rows.get(log.grp) ?? [];
    if (group.length === 0) rows.set(log.grp, group);
    group.push({ fields: { ...id(log.borehole_id), ...log.fields }, known: {} });
  }
  return {
    code: project.code,
    text: writeProjectAgs({ date: todayInQuebec(), recipient: project.tenant, groups, rows }),
  };
}
