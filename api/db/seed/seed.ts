import { sumThickness } from '../../../src/domain/borehole.ts';
import type { FileStore } from '../../files/file-store.ts';
import { corePhotoPng, sampleReportPdf } from './sample-files.ts';
import { logsPdf } from '../../files/log-pdf.ts';
import { loadBoreholeLog } from '../../boreholes/log-repo.ts';
import { TENANT_SLUGS, TENANTS } from '../../../src/domain/tenants.ts';
import { createInvitation } from '../../invitations/repo.ts';
import { hashPassword } from '../../auth/password.ts';
import { upsertBorehole } from '../../boreholes/repo.ts';
import type { Database, Queryable } from '../database.ts';
import { SAMPLE_BOREHOLES, SAMPLE_WATER_DEPTHS, type SampleBorehole } from './sample-boreholes.ts';

/** The demo accounts of the embedded default; printed in the README. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@geosonde.ca',
    password: 'GeoSonde-admin-1',
    tenantSlug: 'admin',
    role: 'admin',
    displayName: 'Administration GéoSonde',
  },
  {
    email: 'geotech@montreal.ca',
    password: 'GeoSonde-montreal-1',
    tenantSlug: 'montreal',
    role: 'member',
    displayName: 'Géotechnique Montréal',
  },
  {
    email: 'urbanisme@ville.sainte-julie.qc.ca',
    password: 'GeoSonde-stjulie-1',
    tenantSlug: 'stjulie',
    role: 'member',
    displayName: 'Urbanisme Sainte-Julie',
  },
] as const;

/** The demo invitation token of the embedded default. */
export const DEMO_INVITATION = 'DEMO-INVITE-STJULIE';

const PDF_SIZE = 820 * 1024;
const IMAGE_SIZE = 340 * 1024;

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A sample borehole as stored: its depth from its layers, its water depth when its log has one. */
const sampleToStore = (sample: SampleBorehole) => ({
  ...sample,
  depth: Math.round(sumThickness(sample.horizons) * 100) / 100,
  waterDepth: SAMPLE_WATER_DEPTHS[sample.id] ?? null,
});

/**
 * Gives the sample boreholes of a demo database seeded before water depths existed their water
 * strike (WSTG), once: a borehole that has one, or that is no longer there, is left alone.
 */
export async function addSampleWaterDepths(db: Queryable): Promise<number> {
  let added = 0;
  for (const [id, depth] of Object.entries(SAMPLE_WATER_DEPTHS)) {
    const rows = await db.query(
      `INSERT INTO log_rows (borehole_id, grp, position, top, fields)
       SELECT b.id, 'WSTG', 0, $2, $3 FROM boreholes b
       WHERE b.id = $1 AND NOT EXISTS (SELECT 1 FROM log_rows w WHERE w.borehole_id = b.id AND w.grp = 'WSTG')
       RETURNING 1`,
      [id, depth, JSON.stringify({ WSTG_DPTH: depth.toFixed(2) })],
    );
    added += rows.length;
  }
  return added;
}

/** The three documents every sample borehole comes with: report, log and core photos. */
export function sampleReports(b: SampleBorehole) {
  return [
    {
      id: `${b.id}-R1`,
      title: `Rapport géotechnique – ${b.project}`,
      kind: 'pdf',
      date: addDays(b.date, 21),
      size: PDF_SIZE,
    },
    // The log is the one the record page draws, from the same template.
    { id: `${b.id}-R2`, title: `Journal de forage ${b.id}`, kind: 'pdf', date: b.date, size: PDF_SIZE, log: true },
    { id: `${b.id}-R3`, title: `Photos du forage ${b.id}`, kind: 'image', date: b.date, size: IMAGE_SIZE },
  ] as const;
}

/** Writes the tenants; every database has them, demo or not. */
export async function seedTenants(db: Database): Promise<void> {
  for (const slug of TENANT_SLUGS) {
    await db.query(
      'INSERT INTO tenants (slug, label) VALUES ($1, $2) ON CONFLICT (slug) DO UPDATE SET label = excluded.label',
      [slug, TENANTS[slug].label],
    );
  }
}

/**
 * Writes the demo data once: the 30 sample boreholes with their reports and the demo accounts.
 * Does nothing when boreholes already exist, so a restart keeps what users changed.
 *
 * @returns true when the demo data was written now.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  // Hashing the demo passwords costs ~2 s: not on every restart of a seeded database.
  const [seeded] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM boreholes');
  if ((seeded?.n ?? 0) > 0) return false;
  const accounts = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({ ...account, hash: await hashPassword(account.password) })),
  );
  return db.transaction(async (tx) => {
    const [existing] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM boreholes');
    if ((existing?.n ?? 0) > 0) return false;
    for (const sample of SAMPLE_BOREHOLES) {
      await upsertBorehole(tx, sampleToStore(sample));
      for (const report of sampleReports(sample)) {
        await tx.query(
          'INSERT INTO reports (id, borehole_id, title, kind, date, size_bytes, href) VALUES ($1, $2, $3, $4, $5, $6, NULL)',
          [report.id, sample.id, report.title, report.kind, report.date, report.size],
        );
      }
    }
    for (const account of accounts) {
      await tx.query(
        `INSERT INTO users (email, password_hash, display_name, role, tenant_slug) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email) DO NOTHING`,
        [account.email, account.hash, account.displayName, account.role, account.tenantSlug],
      );
    }
    // A single-use invitation for a new member of Sainte-Julie, printed in the README.
    await createInvitation(tx, { token: DEMO_INVITATION, tenantSlug: 'stjulie', role: 'member', days: 365 });
    return true;
  });
}

/** A sample borehole's log as the record page gives it (1:100, A4). */
async function sampleLogPdf(db: Queryable, id: string): Promise<Uint8Array> {
  const log = await loadBoreholeLog(db, { type: 'all' }, id);
  if (!log) throw new Error(`Forage d’exemple ${id} absent : son journal ne peut pas être dessiné.`);
  return new Uint8Array(logsPdf([log], 100));
}

/**
 * Gives the sample reports real files (a one-page PDF log or report, a PNG core photo) in the
 * file store, once: reports that already have a file or an outside link are left alone.
 *
 * @returns how many files were written now.
 */
export async function attachSampleFiles(db: Database, files: FileStore): Promise<number> {
  const missing = await db.query<{ id: string }>(
    'SELECT id FROM reports WHERE storage_key IS NULL AND href IS NULL AND id = ANY($1::text[])',
    [SAMPLE_BOREHOLES.flatMap((b) => sampleReports(b).map((report) => report.id))],
  );
  const wanted = new Set(missing.map((row) => row.id));
  let written = 0;
  for (const sample of SAMPLE_BOREHOLES) {
    const borehole = sampleToStore(sample);
    for (const report of sampleReports(sample)) {
      if (!wanted.has(report.id)) continue;
      const bytes =
        report.kind === 'image'
          ? corePhotoPng(borehole)
          : 'log' in report
            ? await sampleLogPdf(db, sample.id)
            : sampleReportPdf(borehole, report.title);
      const { key } = await files.stage([bytes]);
      try {
        await db.query('UPDATE reports SET storage_key = $2, mime = $3, size_bytes = $4 WHERE id = $1', [
          report.id,
          key,
          report.kind === 'pdf' ? 'application/pdf' : 'image/png',
          bytes.byteLength,
        ]);
      } catch (error) {
        await files.remove(key);
        throw error;
      }
      await files.commit(key);
      written++;
    }
  }
  return written;
}
