import { crsByCode } from '../../crs/crs-table.ts';
import { crsFromName, locate, type Located } from '../../crs/locate.ts';
import { layerSoil, type SoilClass } from '../../soil.ts';
import { headingsOf, valueOf, type AgsGroup, type AgsRow } from '../read-ags.ts';
import { degreesOf } from '../units.ts';

/** A layer of the log (GEOL). */
export interface Layer {
  line: number;
  top: number;
  base: number | null;
  description: string;
  legend: string;
  geology: string;
  soilClass: SoilClass;
  /** Every field of its GEOL row by heading (LOCA_ID left out), as written in the file. */
  fields: Record<string, string>;
}

/** A standard penetration test (ISPT). */
export interface SptTest {
  line: number;
  top: number;
  /** The N value, when the file gives one. */
  n: number | null;
  /** Every field of its ISPT row by heading (LOCA_ID left out), as written in the file. */
  fields: Record<string, string>;
}

/** A row of one of the other log groups, kept as depth + its named values. */
export interface DepthRow {
  line: number;
  top: number | null;
  base: number | null;
  values: Record<string, string>;
}

/** What the position of a LOCA row came to. */
export type Position =
  (Located & { ok: true; crs: string; x: number; y: number }) | { ok: false; message: string } | null;

/** A borehole (LOCA row) with what the log groups hold for it. */
export interface ImportedBorehole {
  line: number;
  locaId: string;
  /** Every field of its LOCA row by heading (LOCA_ID left out). */
  fields: Record<string, string>;
  type: string;
  position: Position;
  groundLevel: number | null;
  finalDepth: number | null;
  start: string;
  end: string;
  layers: Layer[];
  spt: SptTest[];
  /** SAMP, WSTG, WSTD, CORE, HDPH, DETL rows, by group. */
  logs: Record<LogGroup, DepthRow[]>;
}

/** The log groups kept as rows of named values, besides GEOL and ISPT. */
export const LOG_GROUPS = ['SAMP', 'WSTG', 'WSTD', 'CORE', 'HDPH', 'DETL'] as const;
export type LogGroup = (typeof LOG_GROUPS)[number];

/** The groups read into the model; every other group of a file is kept verbatim. */
export const MODELLED_GROUPS = new Set(['PROJ', 'LOCA', 'GEOL', 'ISPT', ...LOG_GROUPS]);

/** An AGS number ('' → null); NaN for a value that is not one. */
function numberOf(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A value of the report: as written, cut short past 60 characters. */
const quoted = (value: string) => `« ${value.length > 60 ? `${value.slice(0, 60)}…` : value} »`;

/** Why LOCA_LAT/LOCA_LON that are given cannot place a borehole, or null when none is unreadable. */
function unreadableDegrees(field: (heading: string) => string, lat: number | null, lon: number | null) {
  const unreadable = (['LOCA_LAT', 'LOCA_LON'] as const).filter((_, i) => Number.isNaN([lat, lon][i]));
  if (unreadable.length === 0) return null;
  const named = unreadable.map((heading) => `${heading} ${quoted(field(heading).trim())}`).join(' et ');
  return {
    ok: false as const,
    message:
      `${named} ${unreadable.length > 1 ? 'illisibles' : 'illisible'} : écrivez des degrés:minutes:secondes ` +
      '(51:28:52.498, -0:07:39.6) ou des degrés décimaux (51.48125), ou donnez LOCA_NATE/LOCA_NATN.',
  };
}

/**
 * Where a LOCA row is: LOCA_LAT/LOCA_LON when both are given and readable (AGS DMS, degrees and
 * minutes or decimal degrees; in the datum LOCA_LLZ names, WGS 84 when it names none), else
 * LOCA_NATE/LOCA_NATN in the CRS LOCA_GREF names, else in `chosenCrs` (picked at import, so only
 * approximate). Null when the row gives no coordinates; an error when its only coordinates are
 * an unreadable LOCA_LAT/LOCA_LON.
 */
function positionOf(loca: AgsGroup, row: AgsRow, chosenCrs: string | null): Position {
  const field = (heading: string) => valueOf(loca, row, heading);
  const [lat, lon] = [degreesOf(field('LOCA_LAT')), degreesOf(field('LOCA_LON'))];
  if (lat !== null && lon !== null && !Number.isNaN(lat) && !Number.isNaN(lon)) {
    const datum = field('LOCA_LLZ').trim();
    const crs = datum === '' ? crsByCode('4326') : crsFromName(datum);
    if (!crs || crs.projected) return { ok: false, message: `Datum « ${datum} » (LOCA_LLZ) inconnu de GéoSonde.` };
    const at = locate(crs, lon, lat, true);
    return at.ok ? { ...at, crs: crs.code, x: lon, y: lat } : at;
  }
  const [x, y] = [numberOf(field('LOCA_NATE')), numberOf(field('LOCA_NATN'))];
  if (x === null || y === null) return unreadableDegrees(field, lat, lon);
  const gref = field('LOCA_GREF').trim();
  const stated = gref === '' ? undefined : crsFromName(gref);
  if (gref !== '' && !stated && !chosenCrs) {
    return { ok: false, message: `Système « ${gref} » (LOCA_GREF) inconnu de GéoSonde : choisissez-en un à l’import.` };
  }
  const crs = stated ?? (chosenCrs ? crsByCode(chosenCrs) : undefined);
  if (!crs) {
    return { ok: false, message: 'Aucun système de coordonnées (LOCA_GREF vide) : choisissez-en un à l’import.' };
  }
  const at = locate(crs, x, y, stated !== undefined);
  return at.ok ? { ...at, crs: crs.code, x, y } : at;
}

/** The rows of a group for each LOCA_ID. */
function rowsByBorehole(group: AgsGroup | undefined): Map<string, AgsRow[]> {
  const byId = new Map<string, AgsRow[]>();
  if (!group) return byId;
  for (const row of group.rows) {
    const id = valueOf(group, row, 'LOCA_ID');
    const rows = byId.get(id);
    if (rows) rows.push(row);
    else byId.set(id, [row]);
  }
  return byId;
}

/** A row's values by heading, without LOCA_ID. */
function namedValues(group: AgsGroup, row: AgsRow): Record<string, string> {
  return Object.fromEntries(
    headingsOf(group)
      .map((heading, i) => [heading, row.values[i] ?? ''] as const)
      .filter(([heading]) => heading !== 'LOCA_ID'),
  );
}

/**
 * A borehole's final depth as known: null when LOCA_FDEP is empty, and when it is 0 with layers or
 * tests below (real files write 0.00 for « not given »: the deepest base then stands for it).
 */
export function knownFinalDepth(borehole: Pick<ImportedBorehole, 'finalDepth' | 'layers' | 'spt'>): number | null {
  const { finalDepth } = borehole;
  if (finalDepth === null || !Number.isFinite(finalDepth)) return null;
  const below = (depth: number | null) => depth !== null && Number.isFinite(depth) && depth > 0;
  const anythingBelow =
    borehole.layers.some((layer) => below(layer.top) || below(layer.base)) ||
    borehole.spt.some((test) => below(test.top));
  return finalDepth === 0 && anythingBelow ? null : finalDepth;
}

/**
 * Reads the boreholes of an AGS 4 file's groups: each LOCA row, its position brought to WGS 84,
 * its layers (GEOL), SPT tests (ISPT) and the rows of the other log groups.
 */
export function readBoreholes(groups: Map<string, AgsGroup>, chosenCrs: string | null): ImportedBorehole[] {
  const loca = groups.get('LOCA');
  if (!loca) return [];
  const geol = groups.get('GEOL');
  const ispt = groups.get('ISPT');
  const layers = rowsByBorehole(geol);
  const spt = rowsByBorehole(ispt);
  const logs = LOG_GROUPS.map((name) => [name, groups.get(name), rowsByBorehole(groups.get(name))] as const);
  return loca.rows.map((row) => {
    const field = (heading: string) => valueOf(loca, row, heading);
    const id = field('LOCA_ID');
    return {
      line: row.line,
      locaId: id,
      fields: namedValues(loca, row),
      type: field('LOCA_TYPE'),
      position: positionOf(loca, row, chosenCrs),
      groundLevel: numberOf(field('LOCA_GL')),
      finalDepth: numberOf(field('LOCA_FDEP')),
      start: field('LOCA_STAR'),
      end: field('LOCA_ENDD'),
      layers: (layers.get(id) ?? []).map((layer) => {
        const value = (heading: string) => valueOf(geol!, layer, heading);
        return {
          line: layer.line,
          top: numberOf(value('GEOL_TOP')) ?? Number.NaN,
          base: numberOf(value('GEOL_BASE')),
          description: value('GEOL_DESC'),
          legend: value('GEOL_LEG'),
          geology: value('GEOL_GEOL'),
          soilClass: layerSoil({
            description: value('GEOL_DESC'),
            legend: value('GEOL_LEG'),
            geology: value('GEOL_GEOL'),
          }),
          fields: namedValues(geol!, layer),
        };
      }),
      spt: (spt.get(id) ?? []).map((test) => ({
        line: test.line,
        top: numberOf(valueOf(ispt!, test, 'ISPT_TOP')) ?? Number.NaN,
        n: numberOf(valueOf(ispt!, test, 'ISPT_NVAL')),
        fields: namedValues(ispt!, test),
      })),
      logs: Object.fromEntries(
        logs.map(([name, group, byId]) => [
          name,
          (byId.get(id) ?? []).map((logRow) => {
            const value = (heading: string) => numberOf(valueOf(group!, logRow, heading));
            const top = value(`${name}_TOP`) ?? value(`${name}_DPTH`);
            return { line: logRow.line, top, base: value(`${name}_BASE`), values: namedValues(group!, logRow) };
          }),
        ]),
      ) as Record<LogGroup, DepthRow[]>,
    };
  });
}
