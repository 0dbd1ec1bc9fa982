import type { CheckedLog } from '../../src/domain/digitise/checked-log.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { recordAudit } from '../audit/repo.ts';
import type { Queryable } from '../db/database.ts';
import { writeVersion } from '../boreholes/record-repo.ts';
import { boreholeInScope } from '../reports/repo.ts';
import { changedParts, type BoreholeRecord } from '../imports/borehole-record.ts';
import { storedRecordOf } from '../imports/stored-records.ts';
import { emitEvent } from '../webhooks/outbox.ts';

/** The log groups a checked log replaces: samples, water struck and water levels. Cores and the rest stay. */
const REPLACED_GROUPS = new Set(['SAMP', 'WSTG', 'WSTD']);

const text = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * The borehole's record once a checked log is written into it: its layers, SPT tests and water
 * replaced by the checked ones, and its samples; the start day and the ground level when the log
 * gives them; the final depth the log's, else its deepest base. Position, method, cores and the rest are kept:
 * the borehole was placed when it was created, and its coordinates are not overwritten by a
 * reading (the screen shows them beside the borehole's own to compare).
 */
export function recordWithCheckedLog(current: BoreholeRecord, log: CheckedLog): BoreholeRecord {
  const deepest = Math.max(0, ...log.layers.map((layer) => layer.base));
  // A level is tied to the strike written in the same rank; one without a strike stands alone.
  const strikes = log.water.strikes.map((depth) => ({
    grp: 'WSTG',
    top: depth,
    base: null,
    fields: { WSTG_DPTH: text(depth) },
  }));
  const levels = log.water.levels.map((depth, i) => ({
    grp: 'WSTD',
    top: null,
    base: null,
    fields: { WSTG_DPTH: i < log.water.strikes.length ? text(log.water.strikes[i]!) : '', WSTD_POST: text(depth) },
  }));
  // « CF 3 »: the type, then the number (AGS SAMP_TYPE and SAMP_REF).
  const samples = log.samples.map((sample) => {
    const [, type = '', ref = sample.label.trim()] = /^(\S+)\s+(.+)$/.exec(sample.label.trim()) ?? [];
    return {
      grp: 'SAMP',
      top: sample.depth,
      base: null,
      fields: { SAMP_TOP: text(sample.depth), SAMP_TYPE: type, SAMP_REF: ref },
    };
  });
  return {
    fields: {
      ...current.fields,
      date: log.date ?? current.fields.date,
      groundLevel: log.groundLevel ?? current.fields.groundLevel,
      depth: log.finalDepth ?? deepest,
    },
    geol: log.layers.map((layer) => ({
      top: layer.top,
      base: layer.base,
      description: layer.description.trim(),
      legend: layer.legend.trim(),
      geology: '',
      extra: {},
    })),
    ispt: log.spt.map((test) => ({ top: test.depth, n: test.n, extra: {} })),
    logs: [...current.logs.filter((row) => !REPLACED_GROUPS.has(row.grp)), ...samples, ...strikes, ...levels],
  };
}

export type CheckedOutcome =
  | { ok: true; boreholeId: string; version: number; changed: string[] }
  | { ok: false; status: 404 | 409; error: string };

/**
 * Writes a log a person checked into the document's borehole, in the caller's transaction: a new
 * version (the one it replaces kept, as for an import) whose provenance is the document, who
 * checked it and when; the document becomes « Traité »; `dataset.ingested` and `borehole.updated`
 * are announced in the same transaction. Only a document « À vérifier » within the scope may be.
 */
export async function writeCheckedLog(
  tx: Queryable,
  {
    reportId,
    scope,
    user,
    log,
  }: {
    reportId: string;
    scope: DataScope;
    user: { id: string; email: string; tenantSlug: string };
    log: CheckedLog;
  },
): Promise<CheckedOutcome> {
  const [document] = await tx.query<{ title: string; boreholeId: string; status: string }>(
    `SELECT title, borehole_id AS "boreholeId", status FROM reports WHERE id = $1 FOR UPDATE`,
    [reportId],
  );
  if (!document || !(await boreholeInScope(tx, document.boreholeId, scope))) {
    return { ok: false, status: 404, error: `Document ${reportId} introuvable dans votre organisation.` };
  }
  if (document.status !== 'review') {
    return {
      ok: false,
      status: 409,
      error: 'Ce document n’attend pas de vérification : il a peut-être déjà été validé ou remplacé.',
    };
  }
  const id = document.boreholeId;
  // One change of a borehole at a time: an import or a restore of it waits for this one.
  await tx.query('SELECT 1 FROM boreholes WHERE id = $1 FOR UPDATE', [id]);
  const current = (await storedRecordOf(tx, id))!;
  const record = recordWithCheckedLog(current.record, log);
  const changed = changedParts(current.record, record);
  let version = current.version;
  if (changed.length > 0) {
    version += 1;
    await writeVersion(tx, current, record, version);
    await tx.query(
      `INSERT INTO borehole_versions (borehole_id, version, user_id, changed, report_id, document_title)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, version, user.id, changed, reportId, document.title],
    );
  }
  await tx.query(`UPDATE reports SET status = 'ready', status_reason = $2 WHERE id = $1`, [
    reportId,
    `Vérifié et versé au forage ${id} (version ${version}).`,
  ]);
  await tx.query(
    `UPDATE document_jobs SET checked = $2::jsonb, checked_by = $3, checked_at = now() WHERE report_id = $1`,
    [reportId, JSON.stringify(log), user.id],
  );
  const [owner] = await tx.query<{ tenant_slug: string; loca_id: string | null; project_id: string | null }>(
    'SELECT tenant_slug, loca_id, project_id FROM boreholes WHERE id = $1',
    [id],
  );
  await recordAudit(tx, {
    tenantSlug: owner!.tenant_slug,
    userId: user.id,
    email: user.email,
    action: 'document.validate',
    target: reportId,
    detail: { borehole: id, version, changed, layers: log.layers.length, spt: log.spt.length },
  });
  await emitEvent(tx, owner!.tenant_slug, 'dataset.ingested', {
    document_id: reportId,
    borehole_id: id,
    tenant: owner!.tenant_slug,
    source: 'ocr',
    version,
    layers: log.layers.length,
    spt: log.spt.length,
  });
  if (changed.length > 0) {
    await emitEvent(tx, owner!.tenant_slug, 'borehole.updated', {
      borehole_id: id,
      loca_id: owner!.loca_id,
      tenant: owner!.tenant_slug,
      project_id: owner!.project_id,
      version,
      document_id: reportId,
    });
  }
  return { ok: true, boreholeId: id, version, changed };
}
