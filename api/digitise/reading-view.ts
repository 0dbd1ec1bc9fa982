import { z } from 'zod';
import { CHECKED_LIMITS, type ReadingView } from '../../src/domain/digitise/checked-log.ts';
import type { LogReading } from '../../src/domain/digitise/extract-log.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import type { Queryable } from '../db/database.ts';
import { storedRecordOf } from '../imports/stored-records.ts';
import { MERGE_GROUPS } from '../../src/domain/digitise/merge-log.ts';
import { storedDepthsOf } from './write-checked-log.ts';
import { boreholeInScope } from '../reports/repo.ts';
import { signLink, signPageLink } from '../files/signed-links.ts';
import { THUMBNAIL_TYPES } from '../files/thumbnails.ts';

/** Pages drawn for checking at most: the OCR reads no more (MAX_OCR_PAGES), a PDF's text a few more. */
const MAX_PAGES = 50;

/**
 * A document's reading for the « Vérifier » screen, or null when the document is not within the
 * scope (absent and out of scope look the same).
 */
export async function readingOf(
  db: Queryable,
  id: string,
  scope: DataScope,
  signingKey: Uint8Array,
): Promise<ReadingView | null> {
  const [row] = await db.query<{
    title: string;
    boreholeId: string;
    status: ReadingView['document']['status'];
    statusReason: string | null;
    mime: string | null;
    job: { source: 'pdf-text' | 'ocr'; pages: number; reading: LogReading } | null;
    date: string | null;
    groundLevel: number | null;
    depth: number;
    layers: number;
    crs: string | null;
    x: number | null;
    y: number | null;
  }>(
    `SELECT r.title, r.borehole_id AS "boreholeId", r.status, r.status_reason AS "statusReason", r.mime, j.reading AS job,
       to_char(b.date, 'YYYY-MM-DD') AS date, b.ground_level AS "groundLevel", b.depth, b.crs, b.original_x AS x,
       b.original_y AS y, (SELECT count(*)::int FROM geol g WHERE g.borehole_id = b.id) AS layers
     FROM reports r JOIN boreholes b ON b.id = r.borehole_id LEFT JOIN document_jobs j ON j.report_id = r.id
     WHERE r.id = $1 AND r.storage_key IS NOT NULL`,
    [id],
  );
  if (!row || !(await boreholeInScope(db, row.boreholeId, scope))) return null;
  const stored = await storedRecordOf(db, row.boreholeId);
  const drawable = row.mime !== null && THUMBNAIL_TYPES.has(row.mime);
  const pageCount = Math.min(MAX_PAGES, Math.max(1, row.job?.pages ?? 1));
  return {
    document: {
      id,
      title: row.title,
      boreholeId: row.boreholeId,
      status: row.status,
      statusReason: row.statusReason,
      href: signLink(signingKey, id),
    },
    source: row.job?.source ?? null,
    pages: drawable ? Array.from({ length: pageCount }, (_, i) => signPageLink(signingKey, id, i + 1)) : [],
    reading: row.job?.reading ?? null,
    borehole: {
      date: row.date,
      groundLevel: row.groundLevel,
      depth: row.depth,
      layers: row.layers,
      original: row.crs && row.x !== null && row.y !== null ? { crs: row.crs, x: row.x, y: row.y } : null,
      stored: stored ? storedDepthsOf(stored.record) : { layers: [], spt: [], samples: [], strikes: [], levels: [] },
    },
  };
}

const depth = (what: string) =>
  z
    .number({ error: `${what} : un nombre de mètres est attendu.` })
    .finite()
    .min(-10_000)
    .max(10_000);
const text = (max: number, what: string) =>
  z
    .string({ error: `${what} : un texte est attendu.` })
    .max(max, `${what} : texte trop long (${max} caractères au plus).`);

/** The body of `POST /api/reports/:id/validate`: its shape here, its rules in checkedLogFaults. */
export const checkedLogSchema = z.object(
  {
    date: z
      .string({ error: 'Date de début : AAAA-MM-JJ attendu.' })
      .max(10, 'Date de début : AAAA-MM-JJ attendu.')
      .nullable(),
    groundLevel: depth('Élévation du terrain').nullable(),
    finalDepth: depth('Profondeur finale').nullable(),
    layers: z
      .array(
        z.object({
          top: depth('Sommet d’une couche'),
          base: depth('Base d’une couche'),
          legend: text(CHECKED_LIMITS.legend, 'Code d’une couche'),
          description: text(CHECKED_LIMITS.description, 'Description d’une couche'),
        }),
        { error: 'Les couches sont attendues en liste.' },
      )
      .max(CHECKED_LIMITS.layers, `${CHECKED_LIMITS.layers} couches au plus.`),
    spt: z
      .array(
        z.object({
          depth: depth('Profondeur d’un essai SPT'),
          n: z.number({ error: 'N d’un essai SPT : un nombre est attendu.' }).finite(),
        }),
        {
          error: 'Les essais SPT sont attendus en liste.',
        },
      )
      .max(CHECKED_LIMITS.spt, `${CHECKED_LIMITS.spt} essais SPT au plus.`),
    samples: z
      .array(
        z.object({
          depth: depth('Profondeur d’un échantillon'),
          label: text(CHECKED_LIMITS.legend, 'Étiquette d’un échantillon'),
        }),
        { error: 'Les échantillons sont attendus en liste.' },
      )
      .max(CHECKED_LIMITS.samples, `${CHECKED_LIMITS.samples} échantillons au plus.`),
    water: z.object(
      {
        strikes: z
          .array(depth('Venue d’eau'))
          .max(CHECKED_LIMITS.water, `${CHECKED_LIMITS.water} venues d’eau au plus.`),
        levels: z
          .array(depth('Niveau d’eau'))
          .max(CHECKED_LIMITS.water, `${CHECKED_LIMITS.water} niveaux d’eau au plus.`),
      },
      { error: 'Les observations d’eau sont attendues.' },
    ),
    remove: z
      .array(z.enum(MERGE_GROUPS, { error: 'Groupe à retirer inconnu.' }), {
        error: 'Les groupes à retirer sont attendus en liste.',
      })
      .max(MERGE_GROUPS.length)
      .default([]),
  },
  { error: 'Le journal vérifié est attendu.' },
);
