import type { DrillingMethod } from '../../src/domain/borehole.ts';
import { knownFinalDepth, type ImportedBorehole } from '../../src/domain/ags/import/read-project.ts';
import { calendarDate } from '../../src/domain/ags/date-format.ts';
import { methodOfHoleType } from '../../src/domain/ags/hole-types.ts';

/** The LOCA headings read into columns: a change of theirs is named by its column, not as 'extra'. */
export const LOCA_COLUMNS = new Set([
  'LOCA_TYPE',
  'LOCA_NATE',
  'LOCA_NATN',
  'LOCA_GREF',
  'LOCA_GL',
  'LOCA_FDEP',
  'LOCA_STAR',
  'LOCA_ENDD',
  'LOCA_LAT',
  'LOCA_LON',
  'LOCA_LLZ',
]);
const otherFields = (extra: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(extra ?? {}).filter(([heading]) => !LOCA_COLUMNS.has(heading)));

/**
 * What an import writes for one borehole, in a fixed shape: compared with the stored version to
 * tell a change from a re-import of the same data, and kept as that version's snapshot.
 */
export interface BoreholeRecord {
  fields: {
    date: string | null;
    endDate: string | null;
    locaType: string;
    method: DrillingMethod | null;
    groundLevel: number | null;
    depth: number;
    lat: number | null;
    lon: number | null;
    crs: string | null;
    originalX: number | null;
    originalY: number | null;
    locationConfidence: string;
    /** Every field of the LOCA row as the file wrote it (LOCA_ID left out): what an AGS export gives back. */
    extra: Record<string, string>;
  };
  geol: {
    top: number;
    base: number | null;
    description: string;
    legend: string;
    geology: string;
    extra: Record<string, string>;
  }[];
  ispt: { top: number; n: number | null; extra: Record<string, string> }[];
  logs: { grp: string; top: number | null; base: number | null; fields: Record<string, string> }[];
}

const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);

/** The record of a borehole read from an AGS file (see BoreholeRecord). */
export function recordOf(borehole: ImportedBorehole): BoreholeRecord {
  const position = borehole.position?.ok ? borehole.position : null;
  const deepest = Math.max(0, ...borehole.layers.map((layer) => finite(layer.base) ?? layer.top));
  return {
    fields: {
      date: calendarDate(borehole.start),
      endDate: calendarDate(borehole.end),
      locaType: borehole.type,
      method: methodOfHoleType(borehole.type),
      groundLevel: finite(borehole.groundLevel),
      depth: knownFinalDepth(borehole) ?? deepest,
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      crs: position?.crs ?? null,
      originalX: position?.x ?? null,
      originalY: position?.y ?? null,
      locationConfidence: position?.confidence ?? 'unknown',
      extra: borehole.fields,
    },
    geol: borehole.layers.map(({ top, base, description, legend, geology, fields }) => ({
      top,
      base: finite(base),
      description,
      legend,
      geology,
      extra: fields,
    })),
    ispt: borehole.spt.map(({ top, n, fields }) => ({ top, n: finite(n), extra: fields })),
    logs: Object.entries(borehole.logs).flatMap(([grp, rows]) =>
      rows.map((row) => ({ grp, top: finite(row.top), base: finite(row.base), fields: row.values })),
    ),
  };
}

/** JSON with the keys of every object sorted, so that two records compare by content whatever wrote them. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The parts of a record that differ from a previous one: field names, then 'geol', 'ispt', 'logs'. */
export function changedParts(previous: BoreholeRecord, next: BoreholeRecord): string[] {
  const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  const fields = (Object.keys(next.fields) as (keyof BoreholeRecord['fields'])[]).filter((key) =>
    key === 'extra'
      ? !same(otherFields(previous.fields?.extra), otherFields(next.fields.extra))
      : !same(previous.fields?.[key], next.fields[key]),
  );
  const parts = (['geol', 'ispt', 'logs'] as const).filter((key) => !same(previous[key], next[key]));
  return [...fields, ...parts];
}
