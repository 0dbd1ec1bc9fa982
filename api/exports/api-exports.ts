import { randomBytes } from 'node:crypto';
import { REPORT_COLUMNS } from '../../src/domain/export-rows.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import { recordPath } from '../../src/domain/record.ts';
import { isRole } from '../../src/domain/roles.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppSettings } from '../app-env.ts';
import { listBoreholes } from '../boreholes/repo.ts';
import type { Database, Queryable } from '../db/database.ts';
import { listReports } from '../reports/repo.ts';
import { signQuery } from '../files/signed-links.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import { DATABASE_LAYER, layerRow } from './geopackage-export.ts';
import { writeGeoPackage, type PointLayer } from './write-geopackage.ts';

/** The search an export was ordered with, in the API's names (see `exportFilter`). */
export type ExportFilter = Partial<{
  muni: string;
  project: string;
  site: string;
  address: string;
  lithology: string;
  purpose: BoreholeFilters['purpose'];
  type: BoreholeFilters['type'];
  drilling_method: BoreholeFilters['drillingMethod'];
  date_from: string;
  date_to: string;
  depth_min: number;
  depth_max: number;
  bbox: [number, number, number, number];
}>;

/** The export as `GET /v1/exports/{id}` shows it. */
export interface ExportView {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  format: 'geopackage';
  filter: ExportFilter;
  created_at: string;
  finished_at: string | null;
  boreholes: number | null;
  documents: number | null;
  size_bytes: number | null;
  /** A link that works without the token until `download_expires_at`; null until the file is ready. */
  download_url: string | null;
  download_expires_at: string | null;
  /** When the file itself is removed. */
  expires_at: string | null;
  error: string | null;
}

interface ExportRow {
  id: string;
  user_id: string;
  status: ExportView['status'];
  format: 'geopackage';
  filter: ExportFilter;
  created_at: string;
  finished_at: string | null;
  boreholes: number | null;
  documents: number | null;
  size_bytes: string | number | null;
  expires_at: string | null;
  error: string | null;
  storage_key: string | null;
}

/** How long a download link works, and how long the file is kept. */
export const DOWNLOAD_LINK_HOURS = 24;
export const EXPORT_KEPT_DAYS = 7;
/** A worker that has not finished an export by then is taken for dead: another one takes it up. */
const LEASE_MINUTES = 10;
/** After this many failed tries an export is failed for good. */
const MAX_ATTEMPTS = 3;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** `exp_` and 16 characters of Crockford base32 (80 random bits). */
export const newExportId = () => `exp_${[...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join('')}`;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** The path of an export's file, signed for a day: a webhook receiver downloads it without a token. */
export function downloadLink(settings: Pick<AppSettings, 'publicOrigin' | 'signingKey'>, id: string, now = Date.now()) {
  const query = signQuery(settings.signingKey, 'export', id, DOWNLOAD_LINK_HOURS * 60, now);
  return {
    url: `${settings.publicOrigin}/v1/exports/${id}/download?${query}`,
    expiresAt: new Date(Number(/exp=(\d+)/.exec(query)![1]) * 1000).toISOString(),
  };
}

function viewOf(row: ExportRow, settings: Pick<AppSettings, 'publicOrigin' | 'signingKey'>): ExportView {
  const link = row.status === 'ready' ? downloadLink(settings, row.id) : null;
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    filter: row.filter,
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
    boreholes: row.boreholes,
    documents: row.documents,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    download_url: link?.url ?? null,
    download_expires_at: link?.expiresAt ?? null,
    expires_at: iso(row.expires_at),
    error: row.error,
  };
}

const COLUMNS = `id, user_id, status, format, filter, created_at, finished_at, boreholes, documents, size_bytes,
  expires_at, error, storage_key`;

/** Orders an export; a worker makes it. */
export async function queueExport(
  db: Queryable,
  settings: Pick<AppSettings, 'publicOrigin' | 'signingKey'>,
  order: { userId: string; tokenId: string; filter: ExportFilter },
): Promise<ExportView> {
  const [row] = await db.query<ExportRow>(
    `INSERT INTO api_exports (id, user_id, token_id, format, filter) VALUES ($1, $2, $3, 'geopackage', $4)
     RETURNING ${COLUMNS}`,
    [newExportId(), order.userId, order.tokenId, JSON.stringify(order.filter)],
  );
  return viewOf(row!, settings);
}

/** An export of this user, or null (another user's export looks absent). */
export async function findExport(
  db: Queryable,
  settings: Pick<AppSettings, 'publicOrigin' | 'signingKey'>,
  userId: string,
  id: string,
): Promise<ExportView | null> {
  if (!/^exp_[0-9A-Z]{16}$/.test(id)) return null;
  const [row] = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM api_exports WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row ? viewOf(row, settings) : null;
}

/** The stored file of a ready export, for its signed link. */
export async function exportFile(db: Queryable, id: string) {
  const [row] = await db.query<{ storage_key: string; size_bytes: string }>(
    `SELECT storage_key, size_bytes FROM api_exports WHERE id = $1 AND status = 'ready' AND storage_key IS NOT NULL`,
    [id],
  );
  return row ? { key: row.storage_key, size: Number(row.size_bytes) } : null;
}

/** The workspace's filters from an export's. */
export function filtersOfExport(filter: ExportFilter): BoreholeFilters {
  return {
    municipality: filter.muni,
    project: filter.project,
    site: filter.site,
    address: filter.address,
    lithology: filter.lithology,
    purpose: filter.purpose,
    type: filter.type,
    drillingMethod: filter.drilling_method,
    dateFrom: filter.date_from,
    dateTo: filter.date_to,
    depthMin: filter.depth_min,
    depthMax: filter.depth_max,
  };
}

const inBbox = (bbox: ExportFilter['bbox'], lat: number | null, lon: number | null) =>
  !bbox || (lat !== null && lon !== null && lon >= bbox[0] && lat >= bbox[1] && lon <= bbox[2] && lat <= bbox[3]);

/**
 * The GeoPackage of an export: the layer `database` (the boreholes) and the layer `reports` (their
 * documents, placed at their borehole), with the columns of the workspace's exports. What the
 * owner's account reads when the export is made, never more. A stored document's `href` is its
 * record page (which asks to sign in), since a signed file link would expire in the file.
 */
export async function exportBytes(db: Queryable, origin: string, userId: string, filter: ExportFilter) {
  const [owner] = await db.query<{ role: string; tenant_slug: string; disabled: boolean }>(
    'SELECT role, tenant_slug, disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1',
    [userId],
  );
  const scope =
    owner && !owner.disabled && isRole(owner.role)
      ? scopeForUser({ role: owner.role, tenantSlug: owner.tenant_slug }, null)
      : ({ type: 'none' } as const);
  const filters = filtersOfExport(filter);
  const boreholes = (await listBoreholes(db, { scope, filters })).items.filter((b) =>
    inBbox(filter.bbox, b.lat, b.lon),
  );
  const kept = new Set(boreholes.map((b) => b.id));
  const reports = (await listReports(db, { scope, filters })).items.filter((r) => kept.has(r.bhId));
  const database: PointLayer = { ...DATABASE_LAYER, rows: boreholes.map(layerRow) };
  const documents: PointLayer = {
    name: 'reports',
    description: 'Rapports et journaux des forages',
    columns: REPORT_COLUMNS.map((name) => ({ name, type: name === 'size_bytes' ? 'INTEGER' : 'TEXT' })),
    rows: reports.map((r) => ({
      lat: r.lat,
      lon: r.lon,
      values: [
        r.id,
        r.bhId,
        r.title,
        r.kind,
        r.site,
        r.muni,
        r.date.slice(0, 10),
        r.size,
        r.stored ? `${origin}${recordPath(r.bhId)}` : r.href,
      ],
    })),
  };
  return {
    bytes: await writeGeoPackage([database, documents]),
    boreholes: database.rows.length,
    documents: documents.rows.length,
  };
}

/** Called in the transaction that marks an export ready: announces it (the `export.ready` event). */
export type ExportAnnouncer = (tx: Queryable, ready: ExportView & { tenantSlug: string }) => Promise<void>;

/**
 * The `export.ready` event of an export made, in the transaction that marks it ready. Without its
 * link: the event is kept and retried for some 27 hours, longer than a link lives; the receiver
 * reads `GET /v1/exports/{id}` for a fresh one.
 */
export const announceExport: ExportAnnouncer = (tx, ready) =>
  emitEvent(tx, ready.tenantSlug, 'export.ready', {
    export_id: ready.id,
    format: ready.format,
    boreholes: ready.boreholes,
    documents: ready.documents,
    size_bytes: ready.size_bytes,
    expires_at: ready.expires_at,
  });

/**
 * Takes the oldest export waiting (or one whose worker died), writes its file, then marks it ready
 * and announces it in one transaction, and only then makes the file its own: a crash at any point
 * leaves the export to be made again, never a ready export without its file.
 *
 * @returns the id of the export handled, or null when none waits.
 */
export async function runNextExport(
  db: Database,
  settings: Pick<AppSettings, 'publicOrigin' | 'signingKey' | 'files'>,
  announce: ExportAnnouncer,
): Promise<string | null> {
  const [job] = await db.query<ExportRow>(
    `UPDATE api_exports SET status = 'running', attempts = attempts + 1,
       locked_until = now() + make_interval(mins => ${LEASE_MINUTES})
     WHERE id = (SELECT id FROM api_exports
                 WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
                 ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}, attempts`,
  );
  if (!job) return null;
  let key: string | null = null;
  try {
    const made = await exportBytes(db, settings.publicOrigin, job.user_id, job.filter);
    key = (await settings.files.stage([made.bytes])).key;
    const stagedKey = key;
    const marked = await db.transaction(async (tx) => {
      const [row] = await tx.query<ExportRow>(
        `UPDATE api_exports SET status = 'ready', storage_key = $2, size_bytes = $3, boreholes = $4, documents = $5,
           finished_at = now(), locked_until = NULL, expires_at = now() + make_interval(days => ${EXPORT_KEPT_DAYS})
         WHERE id = $1 AND status = 'running' RETURNING ${COLUMNS}`,
        [job.id, stagedKey, made.bytes.length, made.boreholes, made.documents],
      );
      if (!row) return false;
      const [owner] = await tx.query<{ tenant_slug: string }>('SELECT tenant_slug FROM users WHERE id = $1', [
        row.user_id,
      ]);
      await announce(tx, { ...viewOf(row, settings), tenantSlug: owner!.tenant_slug });
      return true;
    });
    // Another worker finished it first (this one outlived its lease): its file is the export's.
    if (marked) await settings.files.commit(stagedKey);
    else await settings.files.remove(stagedKey);
  } catch (error) {
    if (key) await settings.files.remove(key).catch(() => undefined);
    const attempts = (job as ExportRow & { attempts: number }).attempts;
    console.error(`Export ${job.id} (essai ${attempts}) :`, error);
    await db.query(
      `UPDATE api_exports SET status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'queued' END,
         locked_until = NULL, error = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN $2 ELSE NULL END,
         finished_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN now() END
       WHERE id = $1`,
      [job.id, 'L’export n’a pas pu être produit ; commandez-le de nouveau ou écrivez-nous.'],
    );
  }
  return job.id;
}

/** Removes the files of exports kept past their time; the rows stay, marked expired. */
export async function removeExpiredExports(db: Database, files: AppSettings['files']): Promise<number> {
  const rows = await db.query<{ id: string; storage_key: string | null }>(
    `WITH due AS (SELECT id, storage_key FROM api_exports WHERE status = 'ready' AND expires_at < now() FOR UPDATE)
     UPDATE api_exports e SET status = 'expired', storage_key = NULL FROM due WHERE e.id = due.id
     RETURNING due.id, due.storage_key`,
  );
  for (const row of rows) if (row.storage_key) await files.remove(row.storage_key).catch(() => undefined);
  return rows.length;
}
