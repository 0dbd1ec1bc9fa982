import type { BoreholeRecordView, VersionEntry } from '../../src/domain/record.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { foldText } from '../../src/domain/text.ts';
import { changedParts, type BoreholeRecord } from '../imports/borehole-record.ts';
import { recordChanges } from '../imports/record-diff.ts';
import { storedRecordOf, type StoredBorehole } from '../imports/stored-records.ts';
import { listBoreholes } from './repo.ts';
import type { Queryable } from '../db/database.ts';
import { logOf } from './log-repo.ts';

/**
 * A borehole's record within a scope, or null: absent and out of scope look the same. The shared
 * page reads it with the scope of the borehole's own tenant.
 */
export async function loadRecord(db: Queryable, scope: DataScope, id: string): Promise<BoreholeRecordView | null> {
  const { items } = await listBoreholes(db, { scope, filters: { ids: [id] } });
  const borehole = items[0];
  if (!borehole) return null;
  const [row] = await db.query<{ version: number; project_id: string | null }>(
    'SELECT version, project_id FROM boreholes WHERE id = $1',
    [id],
  );
  // The sample boreholes belong to a project made from their name, without an AGS file of its own.
  const [imported] = row?.project_id
    ? await db.query('SELECT 1 FROM project_groups WHERE project_id = $1 LIMIT 1', [row.project_id])
    : [];
  return {
    borehole,
    log: await logOf(db, borehole),
    version: row?.version ?? 1,
    projectId: imported ? row!.project_id : null,
  };
}

interface VersionRow {
  version: number;
  at: string | null;
  snapshot: BoreholeRecord | null;
  changed: string[];
  restored_from: number | null;
  import_file: string | null;
  document_title: string | null;
  author: string | null;
}

/**
 * Every version of a borehole, newest first, each with who wrote it, when, from which import, and
 * what it changed value by value. The current version is what the tables hold; the ones before it
 * are the snapshots kept in borehole_versions. Call it only for a borehole in the caller's scope.
 */
export async function historyOf(db: Queryable, id: string): Promise<VersionEntry[]> {
  const current = await storedRecordOf(db, id);
  if (!current) return [];
  const rows = await db.query<VersionRow>(
    `SELECT v.version, v.created_at AS at, v.snapshot, v.changed, v.restored_from, i.file_name AS import_file, v.document_title,
       COALESCE(NULLIF(u.display_name, ''), u.email) AS author
     FROM borehole_versions v
     LEFT JOIN imports i ON i.id = v.import_id
     LEFT JOIN users u ON u.id = v.user_id
     WHERE v.borehole_id = $1 ORDER BY v.version`,
    [id],
  );
  const byVersion = new Map(rows.map((row) => [row.version, row]));
  const recordOf = (version: number) =>
    version === current.version ? current.record : (byVersion.get(version)?.snapshot ?? null);
  const entries: VersionEntry[] = [];
  for (let version = current.version; version >= 1; version--) {
    const row = byVersion.get(version);
    const [before, after] = [version > 1 ? recordOf(version - 1) : null, recordOf(version)];
    entries.push({
      version,
      at: row?.at ? new Date(row.at).toISOString() : null,
      author: row?.author ?? null,
      importFile: row?.import_file ?? null,
      checkedDocument: row?.document_title ?? null,
      restoredFrom: row?.restored_from ?? null,
      // A version whose previous values were not kept still names what it changed.
      changes:
        before && after
          ? recordChanges(before, after)
          : (row?.changed ?? []).map((what) => ({ what, before: '—', after: '—' })),
      restorable: version < current.version && after !== null,
    });
  }
  return entries;
}

export type RestoreOutcome =
  { ok: true; version: number; changed: string[] } | { ok: false; status: 404 | 409; error: string };

/**
 * Brings back the values of an earlier version as a new version, in the caller's transaction:
 * the current one's snapshot is kept first, so that nothing is ever lost and the restore itself
 * can be undone. Call it only for a borehole in the caller's scope.
 */
export async function restoreVersion(
  tx: Queryable,
  id: string,
  version: number,
  userId: string,
): Promise<RestoreOutcome> {
  // One change of a borehole at a time: a concurrent restore or import waits for this one.
  const [locked] = await tx.query('SELECT 1 FROM boreholes WHERE id = $1 FOR UPDATE', [id]);
  const current = locked ? await storedRecordOf(tx, id) : null;
  const [kept] = current
    ? await tx.query<{ snapshot: BoreholeRecord | null }>(
        'SELECT snapshot FROM borehole_versions WHERE borehole_id = $1 AND version = $2 AND version < $3',
        [id, version, current.version],
      )
    : [];
  if (!current || !kept?.snapshot) return { ok: false, status: 404, error: `Version ${version} introuvable.` };
  const target = kept.snapshot;
  const changed = changedParts(current.record, target);
  if (changed.length === 0) {
    return { ok: false, status: 409, error: `La version ${version} est identique à la version en cours.` };
  }
  const next = current.version + 1;
  await writeVersion(tx, current, target, next);
  await tx.query(
    `INSERT INTO borehole_versions (borehole_id, version, user_id, changed, restored_from) VALUES ($1, $2, $3, $4, $5)`,
    [id, next, userId, changed, version],
  );
  return { ok: true, version: next, changed };
}

/**
 * Makes `record` the borehole's version `version`, in the caller's transaction (the borehole locked):
 * the current version's snapshot is kept in borehole_versions first, then the tables take the new
 * values. The caller writes the new version's row (who, why).
 */
export async function writeVersion(tx: Queryable, current: StoredBorehole, record: BoreholeRecord, version: number) {
  await tx.query(
    `INSERT INTO borehole_versions (borehole_id, version, snapshot, changed) VALUES ($1, $2, $3, '{}')
     ON CONFLICT (borehole_id, version) DO UPDATE SET snapshot = excluded.snapshot`,
    [current.id, current.version, JSON.stringify(current.record)],
  );
  const f = record.fields;
  await tx.query(
    `UPDATE boreholes SET date = $2, end_date = $3, loca_type = $4, method = $5, ground_level = $6, depth = $7,
       lat = $8, lon = $9, crs = $10, original_x = $11, original_y = $12, location_confidence = $13,
       ags_extra = $14, version = $15, updated_at = now()
     WHERE id = $1`,
    [
      current.id,
      f.date,
      f.endDate,
      f.locaType,
      f.method,
      f.groundLevel,
      f.depth,
      f.lat,
      f.lon,
      f.crs,
      f.originalX,
      f.originalY,
      f.locationConfidence,
      JSON.stringify(f.extra ?? {}),
      version,
    ],
  );
  for (const table of ['geol', 'ispt', 'log_rows']) {
    await tx.query(`DELETE FROM ${table} WHERE borehole_id = $1`, [current.id]);
  }
  const numbered = <T>(rows: T[]) => JSON.stringify(rows.map((row, position) => ({ ...row, position })));
  await tx.query(
    `INSERT INTO geol (borehole_id, position, top, base, description, legend, geology, extra, search_description)
     SELECT $1, position, top, base, description, legend, geology, COALESCE(extra, '{}'), search_description
     FROM json_to_recordset($2::json) AS r(position int, top float8, base float8, description text, legend text,
       geology text, extra jsonb, search_description text)`,
    [current.id, numbered(record.geol.map((layer) => ({ ...layer, search_description: foldText(layer.description) })))],
  );
  await tx.query(
    `INSERT INTO ispt (borehole_id, position, top, n_value, extra)
     SELECT $1, position, top, n, COALESCE(extra, '{}') FROM json_to_recordset($2::json) AS r(position int, top float8, n float8, extra jsonb)`,
    [current.id, numbered(record.ispt)],
  );
  await tx.query(
    `INSERT INTO log_rows (borehole_id, grp, position, top, base, fields)
     SELECT $1, grp, position, top, base, fields FROM json_to_recordset($2::json)
       AS r(grp text, position int, top float8, base float8, fields jsonb)`,
    [current.id, numbered(record.logs)],
  );
}
