import type { DrillingMethod } from '../../src/domain/borehole.ts';
import type { Queryable } from '../db/database.ts';
import type { BoreholeRecord } from './borehole-record.ts';

/** A borehole of a project as stored: its id, its current version and that version's record. */
export interface StoredBorehole {
  id: string;
  version: number;
  record: BoreholeRecord;
}

interface BoreholeRow {
  id: string;
  loca_id: string;
  version: number;
  date: string | null;
  end_date: string | null;
  loca_type: string | null;
  method: DrillingMethod | null;
  ground_level: number | null;
  depth: number;
  lat: number | null;
  lon: number | null;
  crs: string | null;
  original_x: number | null;
  original_y: number | null;
  location_confidence: string;
  ags_extra: Record<string, string>;
}

/** Which boreholes to read: a project's, or one. */
type Which = { projectId: string } | { boreholeId: string };

/**
 * The boreholes a project holds, by LOCA_ID, each with its current version rebuilt from the tables
 * in the shape recordOf gives a file's borehole: what a new import is compared with. The tables are
 * the current version; borehole_versions keeps the snapshots of the versions before it.
 */
export async function storedRecords(tx: Queryable, projectId: string): Promise<Map<string, StoredBorehole>> {
  const stored = await readRecords(tx, { projectId });
  return new Map(stored.map(({ locaId, ...borehole }) => [locaId, borehole]));
}

/** One borehole's current version, as storedRecords reads it, or null when there is none. */
export async function storedRecordOf(tx: Queryable, boreholeId: string): Promise<StoredBorehole | null> {
  const [stored] = await readRecords(tx, { boreholeId });
  return stored ? { id: stored.id, version: stored.version, record: stored.record } : null;
}

async function readRecords(tx: Queryable, which: Which): Promise<(StoredBorehole & { locaId: string })[]> {
  const [where, key] = 'projectId' in which ? ['b.project_id', which.projectId] : ['b.id', which.boreholeId];
  const boreholes = await tx.query<BoreholeRow>(
    `SELECT id, loca_id, version, date, end_date, loca_type, method, ground_level, depth, lat, lon, crs, original_x, original_y, location_confidence, ags_extra
     FROM boreholes b WHERE ${where} = $1`,
    [key],
  );
  const records = new Map<string, BoreholeRecord>();
  for (const b of boreholes) {
    records.set(b.id, {
      fields: {
        date: b.date,
        endDate: b.end_date,
        locaType: b.loca_type ?? '',
        method: b.method,
        groundLevel: b.ground_level,
        depth: b.depth,
        lat: b.lat,
        lon: b.lon,
        crs: b.crs,
        originalX: b.original_x,
        originalY: b.original_y,
        locationConfidence: b.location_confidence,
        extra: b.ags_extra,
      },
      geol: [],
      ispt: [],
      logs: [],
    });
  }
  if (boreholes.length > 0) {
    const children = <Row>(table: string, columns: string) =>
      tx.query<Row & { borehole_id: string }>(
        `SELECT t.borehole_id, ${columns} FROM ${table} t JOIN boreholes b ON b.id = t.borehole_id
         WHERE ${where} = $1 ORDER BY t.borehole_id, t.position`,
        [key],
      );
    type Geol = BoreholeRecord['geol'][number];
    for (const { borehole_id, ...layer } of await children<Geol>(
      'geol',
      't.top, t.base, t.description, t.legend, t.geology, t.extra',
    )) {
      records.get(borehole_id)?.geol.push(layer);
    }
    for (const { borehole_id, ...test } of await children<BoreholeRecord['ispt'][number]>(
      'ispt',
      't.top, t.n_value AS n, t.extra',
    )) {
      records.get(borehole_id)?.ispt.push(test);
    }
    for (const { borehole_id, ...row } of await children<BoreholeRecord['logs'][number]>(
      'log_rows',
      't.grp, t.top, t.base, t.fields',
    )) {
      records.get(borehole_id)?.logs.push(row);
    }
  }
  return boreholes.map((b) => ({ id: b.id, locaId: b.loca_id, version: b.version, record: records.get(b.id)! }));
}
