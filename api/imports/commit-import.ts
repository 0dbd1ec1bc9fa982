import { randomBytes } from 'node:crypto';
import { MODELLED_GROUPS, type ImportedBorehole } from '../../src/domain/ags/import/read-project.ts';
import type { PreparedImport } from '../../src/domain/ags/import/prepare-import.ts';
import { valueOf, type AgsGroup } from '../../src/domain/ags/read-ags.ts';
import { foldText } from '../../src/domain/text.ts';
import { checkModeOf, copyChecked, type CheckMode } from '../db/checked-load.ts';
import type { Queryable } from '../db/database.ts';
import { changedParts, recordOf, type BoreholeRecord } from './borehole-record.ts';
import { storedRecords } from './stored-records.ts';

export interface CommitResult {
  created: number;
  updated: number;
  unchanged: number;
  /** The boreholes written (created or updated): their id in GéoSonde and their LOCA_ID. */
  boreholes: { id: string; locaId: string; status: 'created' | 'updated' | 'unchanged' }[];
}

/** What an imported borehole shows in the specification's columns. */
function projectFields(groups: AgsGroup[], fileName: string) {
  const proj = groups.find((group) => group.name === 'PROJ');
  const row = proj?.rows[0];
  const field = (heading: string) => (proj && row ? valueOf(proj, row, heading).trim() : '');
  const code = field('PROJ_ID') || fileName;
  return {
    code,
    name: field('PROJ_NAME') || code,
    location: field('PROJ_LOC'),
    client: field('PROJ_CLNT'),
    contractor: field('PROJ_CONT'),
  };
}

/** What « Projet » searches in: the project's name, then its code when it is another text. */
export function projectSearchText(name: string, code: string): string {
  const [folded, foldedCode] = [foldText(name), foldText(code)];
  return folded.includes(foldedCode) ? folded : `${folded} ${foldedCode}`;
}

/** A borehole id from a LOCA_ID: its readable characters (what the workspace shows and links to). */
const idBase = (locaId: string) =>
  locaId
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'forage';

/**
 * Free ids for new boreholes, in one query: each LOCA_ID's readable form, with a short random
 * suffix when another borehole (of any project or tenant) already has it.
 */
async function newBoreholeIds(tx: Queryable, locaIds: string[]): Promise<string[]> {
  const bases = locaIds.map(idBase);
  const taken = new Set(
    (await tx.query<{ id: string }>('SELECT id FROM boreholes WHERE id = ANY($1::text[])', [bases])).map((r) => r.id),
  );
  return bases.map((base) => {
    let id = base;
    while (taken.has(id)) id = `${base}-${randomBytes(3).toString('hex').toUpperCase()}`;
    taken.add(id);
    return id;
  });
}

/** The project of an import, with the folded forms every borehole row repeats. */
interface ProjectRow {
  id: string;
  name: string;
  location: string;
  searchName: string;
  searchSite: string;
}

/**
 * The columns a borehole is written with, by an import and by the benches' bulk load
 * (bench/bulk-load.ts, which adds the screen depths): one list, and each writer's rows typed by it, so
 * that a column added to `boreholes` is given a value by both.
 */
export const BOREHOLE_COLUMNS = [
  'id',
  'tenant_slug',
  'project',
  'site',
  'muni',
  'date',
  'end_date',
  'purpose',
  'type',
  'method',
  'hole_state',
  'depth',
  'lat',
  'lon',
  'addr',
  'has_chem',
  'search_id',
  'search_project',
  'search_site',
  'search_muni',
  'search_addr',
  'project_id',
  'loca_id',
  'loca_type',
  'ground_level',
  'crs',
  'original_x',
  'original_y',
  'location_confidence',
  'ags_extra',
] as const;
export type BoreholeRow = Record<(typeof BOREHOLE_COLUMNS)[number], unknown>;

/** The columns of one borehole row from its record. */
function rowOf(
  id: string,
  borehole: ImportedBorehole,
  record: BoreholeRecord,
  project: ProjectRow,
  tenantSlug: string,
): BoreholeRow {
  const f = record.fields;
  return {
    id,
    tenant_slug: tenantSlug,
    project: project.name,
    site: project.location || project.name,
    muni: '',
    date: f.date,
    end_date: f.endDate,
    purpose: 'geotech',
    type: 'test_hole',
    method: f.method,
    hole_state: null,
    depth: f.depth,
    lat: f.lat,
    lon: f.lon,
    addr: '',
    has_chem: false,
    search_id: foldText(id),
    search_project: project.searchName,
    search_site: project.searchSite,
    search_muni: '',
    search_addr: '',
    project_id: project.id,
    loca_id: borehole.locaId,
    loca_type: f.locaType,
    ground_level: f.groundLevel,
    crs: f.crs,
    original_x: f.originalX,
    original_y: f.originalY,
    location_confidence: f.locationConfidence,
    ags_extra: f.extra,
  };
}

/**
 * Writes a validated import in the caller's transaction: the project (PROJ), each borehole created
 * or updated (a new version, the snapshot of the one it replaces kept in borehole_versions) or left alone when the
 * file says what is stored already, their logs, and what an AGS export needs of the file's groups.
 * Rows are written by batches (COPY for new rows, see copyChecked), never one statement per row.
 */
export async function writeImport(
  tx: Queryable,
  prepared: Pick<PreparedImport, 'groups' | 'boreholes'>,
  {
    importId,
    tenantSlug,
    userId,
    fileName,
    checks,
  }: {
    importId: string;
    tenantSlug: string;
    userId: string | null;
    fileName: string;
    /** How references are checked (see copyChecked): what the role allows, unless a test says. */
    checks?: CheckMode;
  },
): Promise<CommitResult & { projectId: string }> {
  const meta = projectFields(prepared.groups, fileName);
  const [project] = await tx.query<{ id: string }>(
    `INSERT INTO projects (tenant_slug, code, name, location, client, contractor) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_slug, code) DO UPDATE SET name = excluded.name, location = excluded.location,
       client = excluded.client, contractor = excluded.contractor
     RETURNING id`,
    [tenantSlug, meta.code, meta.name, meta.location, meta.client, meta.contractor],
  );
  const projectRow: ProjectRow = {
    id: project!.id,
    name: meta.name,
    location: meta.location,
    // « Projet » finds a borehole by the project's name or by its code (PROJ_ID), which firms quote.
    searchName: projectSearchText(meta.name, meta.code),
    searchSite: foldText(meta.location || meta.name),
  };
  const stored = await storedRecords(tx, projectRow.id);

  // What each borehole of the file becomes. A stored one is compared with its record here; a new
  // one's record is made while the rows are copied (below), so that the database works meanwhile.
  const result: CommitResult = { created: 0, updated: 0, unchanged: 0, boreholes: [] };
  const changes: { id: string; borehole: ImportedBorehole; record: BoreholeRecord; changed: string[] }[] = [];
  // The versions an import replaces, whose snapshot is written from what the tables held.
  const replaced: { borehole_id: string; version: number; snapshot: BoreholeRecord }[] = [];
  const versions: { borehole_id: string; version: number; changed: string[] }[] = [];
  const fresh: { id: string; borehole: ImportedBorehole }[] = [];
  const freshLocaIds = prepared.boreholes.filter((b) => !stored.has(b.locaId)).map((b) => b.locaId);
  const freshIds = new Map((await newBoreholeIds(tx, freshLocaIds)).map((id, i) => [freshLocaIds[i]!, id]));
  for (const borehole of prepared.boreholes) {
    const existing = stored.get(borehole.locaId);
    if (!existing) {
      const id = freshIds.get(borehole.locaId)!;
      fresh.push({ id, borehole });
      versions.push({ borehole_id: id, version: 1, changed: [] });
      result.created++;
      result.boreholes.push({ id, locaId: borehole.locaId, status: 'created' });
      continue;
    }
    const record = recordOf(borehole);
    const changed = changedParts(existing.record, record);
    if (changed.length === 0) {
      result.unchanged++;
      result.boreholes.push({ id: existing.id, locaId: borehole.locaId, status: 'unchanged' });
      continue;
    }
    changes.push({ id: existing.id, borehole, record, changed });
    replaced.push({ borehole_id: existing.id, version: existing.version, snapshot: existing.record });
    versions.push({ borehole_id: existing.id, version: existing.version + 1, changed });
    result.updated++;
    result.boreholes.push({ id: existing.id, locaId: borehole.locaId, status: 'updated' });
  }

  if (changes.length > 0) {
    // A version written before this one kept no snapshot (or, from before versions, has no row).
    await tx.query(
      `INSERT INTO borehole_versions (borehole_id, version, snapshot, changed)
       SELECT r.borehole_id, r.version, r.snapshot, '{}'
       FROM json_to_recordset($1::json) AS r(borehole_id text, version int, snapshot json)
       ON CONFLICT (borehole_id, version) DO UPDATE SET snapshot = excluded.snapshot`,
      [JSON.stringify(replaced)],
    );
    // The boreholes that change are a few rows, written and checked as usual.
    const set = [...BOREHOLE_COLUMNS, 'version']
      .filter((column) => column !== 'id')
      .map((column) => `${column} = excluded.${column}`)
      .join(', ');
    const rows = changes.map(({ id, borehole, record }, i) => ({
      ...rowOf(id, borehole, record, projectRow, tenantSlug),
      version: replaced[i]!.version + 1,
    }));
    await tx.query(
      `INSERT INTO boreholes (${BOREHOLE_COLUMNS.join(', ')}, version)
       SELECT ${BOREHOLE_COLUMNS.join(', ')}, version FROM json_populate_recordset(NULL::boreholes, $1::json)
       ON CONFLICT (id) DO UPDATE SET ${set}, updated_at = now()`,
      [JSON.stringify(rows)],
    );
    const ids = changes.map((change) => change.id);
    for (const table of ['geol', 'ispt', 'log_rows']) {
      await tx.query(`DELETE FROM ${table} WHERE borehole_id = ANY($1::text[])`, [ids]);
    }
  }

  // The records whose logs are written: the changed ones now, each new one once its row is made.
  const records = new Map(changes.map(({ id, record }) => [id, record]));
  function* newBoreholes() {
    for (const { id, borehole } of fresh) {
      const record = recordOf(borehole);
      records.set(id, record);
      yield { ...rowOf(id, borehole, record, projectRow, tenantSlug), version: 1 };
    }
  }
  // The loads are copied in order: these read `records` once the boreholes are written.
  function* layers() {
    for (const [id, record] of records) {
      for (const [position, layer] of record.geol.entries()) {
        yield { borehole_id: id, position, ...layer, search_description: foldText(layer.description) };
      }
    }
  }
  function* tests() {
    for (const [id, record] of records) {
      for (const [position, test] of record.ispt.entries()) {
        yield { borehole_id: id, position, top: test.top, n_value: test.n, extra: test.extra };
      }
    }
  }
  function* logRows() {
    for (const [id, record] of records) {
      for (const [position, row] of record.logs.entries()) yield { borehole_id: id, position, ...row };
    }
  }
  const geolColumns = ['borehole_id', 'position', 'top', 'base', 'description', 'legend', 'geology', 'extra'];
  await copyChecked(
    tx,
    [
      { table: 'boreholes', columns: [...BOREHOLE_COLUMNS, 'version'], rows: newBoreholes() },
      { table: 'geol', columns: [...geolColumns, 'search_description'], rows: layers() },
      { table: 'ispt', columns: ['borehole_id', 'position', 'top', 'n_value', 'extra'], rows: tests() },
      { table: 'log_rows', columns: ['borehole_id', 'grp', 'position', 'top', 'base', 'fields'], rows: logRows() },
      {
        table: 'borehole_versions',
        columns: ['borehole_id', 'version', 'import_id', 'user_id', 'changed'],
        rows: versions.map((version) => ({ ...version, import_id: importId, user_id: userId })),
      },
    ],
    checks ?? (await checkModeOf(tx)),
  );

  await keepGroups(tx, projectRow.id, importId, prepared.groups);
  return { ...result, projectId: projectRow.id };
}

/** A group's headings with their units and types, as project_groups keeps them. */
interface Shape {
  headings: string[];
  units: string[];
  types: string[];
}

/** Two shapes of a group as one: the headings of the first, then the new ones of the second. */
function mergedShape(kept: Shape | undefined, next: Shape): Shape {
  if (!kept) return next;
  const merged = { headings: [...kept.headings], units: [...kept.units], types: [...kept.types] };
  next.headings.forEach((heading, i) => {
    if (merged.headings.includes(heading)) return;
    merged.headings.push(heading);
    merged.units.push(next.units[i] ?? '');
    merged.types.push(next.types[i] ?? '');
  });
  return merged;
}

/**
 * Keeps what an AGS export of the project needs beside the tables: the groups GéoSonde does not
 * model, verbatim (the latest import's replace the earlier ones), and the shape of those it models,
 * merged over the imports (a heading that one import brought stays for the rows it wrote).
 */
async function keepGroups(tx: Queryable, projectId: string, importId: string, groups: AgsGroup[]) {
  const kept = new Map(
    (
      await tx.query<Shape & { name: string }>(
        'SELECT name, headings, units, types FROM project_groups WHERE project_id = $1 AND modelled',
        [projectId],
      )
    ).map(({ name, ...shape }) => [name, shape]),
  );
  for (const group of groups.filter((g) => /^[A-Z0-9]{4}$/.test(g.name))) {
    const modelled = MODELLED_GROUPS.has(group.name) && group.name !== 'PROJ';
    const shape = { headings: group.headings ?? [], units: group.units ?? [], types: group.types ?? [] };
    const { headings, units, types } = modelled ? mergedShape(kept.get(group.name), shape) : shape;
    await tx.query(
      `INSERT INTO project_groups (project_id, name, import_id, headings, units, types, rows, modelled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (project_id, name) DO UPDATE SET import_id = excluded.import_id, headings = excluded.headings,
         units = excluded.units, types = excluded.types, rows = excluded.rows, modelled = excluded.modelled`,
      [
        projectId,
        group.name,
        importId,
        JSON.stringify(headings),
        JSON.stringify(units),
        JSON.stringify(types),
        JSON.stringify(modelled ? [] : group.rows.map((row) => row.values)),
        modelled,
      ],
    );
  }
}
