import type { CheckedLog } from '../../src/domain/digitise/checked-log.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { recordAudit } from '../audit/repo.ts';
import type { Queryable } from '../db/database.ts';
import { writeVersion } from '../boreholes/record-repo.ts';
import { ownerOf } from '../boreholes/repo.ts';
import { boreholeInScope } from '../reports/repo.ts';
import { changedParts, type BoreholeRecord } from '../imports/borehole-record.ts';
import { storedRecordOf } from '../imports/stored-records.ts';
import {
  MERGE_GROUPS,
  matchLayers,
  matchPoints,
  mergeSummary,
  type MergeGroup,
  type StoredDepths,
} from '../../src/domain/digitise/merge-log.ts';
import { emitEvent } from '../webhooks/outbox.ts';

const text = (value: number) => String(Math.round(value * 1000) / 1000);
const finite = (value: string | undefined) => {
  const number = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(number) ? number : null;
};

/** A row of the record's AGS groups read as a depth: samples by their top, water by its depth. */
const isSample = (row: LogRow) => row.grp === 'SAMP';
const isStrike = (row: LogRow) => row.grp === 'WSTG';
const isLevel = (row: LogRow) => row.grp === 'WSTD';
const sampleDepth = (row: LogRow) => row.top ?? finite(row.fields.SAMP_TOP) ?? 0;
const strikeDepth = (row: LogRow) => row.top ?? finite(row.fields.WSTG_DPTH) ?? 0;
const levelDepth = (row: LogRow) => finite(row.fields.WSTD_POST) ?? row.top ?? 0;
type LogRow = BoreholeRecord['logs'][number];

/** What a borehole's record holds, by depth: what the « Vérifier » screen compares the reading with. */
export function storedDepthsOf(record: BoreholeRecord): StoredDepths {
  return {
    layers: record.geol.map(({ top, base }) => ({ top, base })),
    spt: record.ispt.map((test) => test.top),
    samples: record.logs.filter(isSample).map(sampleDepth),
    strikes: record.logs.filter(isStrike).map(strikeDepth),
    levels: record.logs.filter(isLevel).map(levelDepth),
  };
}

/**
 * Merges `stored` rows with `read` ones: a stored row matched by `matches` takes `update(row, read)`,
 * an unmatched one stays unless `remove`, and each read row nobody matched is added as `create(read)`.
 */
function merged<S, R>(
  stored: S[],
  read: R[],
  matches: (number | null)[],
  remove: boolean,
  update: (row: S, read: R) => S,
  create: (read: R, index: number) => S,
): S[] {
  const used = new Set(matches.filter((match) => match !== null));
  return [
    ...stored.flatMap((row, i) => {
      const match = matches[i];
      if (match === null || match === undefined) return remove ? [] : [row];
      return [update(row, read[match]!)];
    }),
    ...read.flatMap((row, i) => (used.has(i) ? [] : [create(row, i)])),
  ];
}

const byDepth =
  <T>(depth: (row: T) => number) =>
  (a: T, b: T) =>
    depth(a) - depth(b);

/**
 * The borehole's record once a checked log is merged into it (see merge-log.ts): each stored layer,
 * SPT test, sample, water strike or level the reading also has takes the values read and keeps its
 * other fields (geology, AGS headings); what was read and not stored is added; what is stored and
 * was not read stays, unless its group is in `remove`. The start day and the ground level are the
 * log's when it gives them; the final depth the log's, else the borehole's — and never above the
 * deepest base. Position, method, cores and every other group are kept: the borehole was placed when
 * it was created, and a reading does not move it (the screen shows both to compare).
 */
export function recordWithCheckedLog(
  current: BoreholeRecord,
  log: CheckedLog,
  remove: ReadonlySet<MergeGroup> = new Set(),
): BoreholeRecord {
  const stored = storedDepthsOf(current);
  const geol = merged(
    current.geol,
    log.layers,
    matchLayers(stored.layers, log.layers),
    remove.has('layers'),
    (row, read) => ({
      ...row,
      top: read.top,
      base: read.base,
      description: read.description.trim(),
      legend: read.legend.trim(),
    }),
    (read) => ({
      top: read.top,
      base: read.base,
      description: read.description.trim(),
      legend: read.legend.trim(),
      geology: '',
      extra: {},
    }),
  ).sort(byDepth((row) => row.top));
  const ispt = merged(
    current.ispt,
    log.spt,
    matchPoints(
      stored.spt,
      log.spt.map((test) => test.depth),
    ),
    remove.has('spt'),
    (row, read) => ({ ...row, top: read.depth, n: read.n }),
    (read) => ({ top: read.depth, n: read.n, extra: {} }),
  ).sort(byDepth((row) => row.top));
  // « CF 3 »: the type, then the number (AGS SAMP_TYPE and SAMP_REF).
  const sampleFields = (sample: CheckedLog['samples'][number]) => {
    const [, type = '', ref = sample.label.trim()] = /^(\S+)\s+(.+)$/.exec(sample.label.trim()) ?? [];
    return { SAMP_TOP: text(sample.depth), SAMP_TYPE: type, SAMP_REF: ref };
  };
  const samples = merged(
    current.logs.filter(isSample),
    log.samples,
    matchPoints(
      stored.samples,
      log.samples.map((sample) => sample.depth),
    ),
    remove.has('samples'),
    (row, read) => ({ ...row, top: read.depth, fields: { ...row.fields, ...sampleFields(read) } }),
    (read) => ({ grp: 'SAMP', top: read.depth, base: null, fields: sampleFields(read) }),
  ).sort(byDepth(sampleDepth));
  const strikes = merged(
    current.logs.filter(isStrike),
    log.water.strikes,
    matchPoints(stored.strikes, log.water.strikes),
    remove.has('strikes'),
    (row, depth) => ({ ...row, top: depth, fields: { ...row.fields, WSTG_DPTH: text(depth) } }),
    (depth) => ({ grp: 'WSTG', top: depth, base: null, fields: { WSTG_DPTH: text(depth) } }),
  );
  // A new level is tied to the strike written in the same rank; one without a strike stands alone.
  const levels = merged(
    current.logs.filter(isLevel),
    log.water.levels,
    matchPoints(stored.levels, log.water.levels),
    remove.has('levels'),
    (row, depth) => ({ ...row, fields: { ...row.fields, WSTD_POST: text(depth) } }),
    (depth, i) => ({
      grp: 'WSTD',
      top: null,
      base: null,
      fields: { WSTG_DPTH: i < log.water.strikes.length ? text(log.water.strikes[i]!) : '', WSTD_POST: text(depth) },
    }),
  );
  const deepest = Math.max(0, ...geol.map((layer) => layer.base ?? layer.top));
  const others = current.logs.filter((row) => !isSample(row) && !isStrike(row) && !isLevel(row));
  return {
    fields: {
      ...current.fields,
      date: log.date ?? current.fields.date,
      groundLevel: log.groundLevel ?? current.fields.groundLevel,
      // Never shallower than a layer it holds.
      depth: Math.max(log.finalDepth ?? current.fields.depth, deepest),
    },
    geol,
    ispt,
    logs: [...others, ...samples, ...strikes, ...levels],
  };
}

export type CheckedOutcome =
  | { ok: true; boreholeId: string; version: number; changed: string[] }
  | { ok: false; status: 400 | 404 | 409; error: string };

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
    remove = [],
  }: {
    reportId: string;
    scope: DataScope;
    user: { id: string; email: string; tenantSlug: string };
    log: CheckedLog;
    /** The groups whose stored rows the reading does not have are removed rather than kept. */
    remove?: readonly MergeGroup[];
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
  const record = recordWithCheckedLog(current.record, log, new Set(remove));
  if (record.geol.length === 0) {
    return {
      ok: false,
      status: 400,
      error: 'Le forage ne peut pas rester sans couches : ajoutez-en une, ou gardez celles qu’il a.',
    };
  }
  const merge = mergeSummary(storedDepthsOf(current.record), log);
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
  const owner = await ownerOf(tx, id);
  await recordAudit(tx, {
    tenantSlug: owner!.tenant_slug,
    userId: user.id,
    email: user.email,
    action: 'document.validate',
    target: reportId,
    detail: {
      borehole: id,
      version,
      changed,
      layers: log.layers.length,
      spt: log.spt.length,
      // What was kept or removed of what the reading did not have, group by group.
      unread: Object.fromEntries(MERGE_GROUPS.map((group) => [group, merge[group].unread.length])),
      removed: remove,
    },
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
