import { csvCell } from './csv.ts';
import { crsByCode } from './crs/crs-table.ts';
import { project } from './crs/locate.ts';
import { labelOf, PURPOSE_LABELS, TYPE_LABELS, type Borehole } from './borehole.ts';
import type { ReportItem } from './report.ts';
import { formatCoordinate, formatDate, formatDepth, formatSize, orDash as dash } from './format.ts';

/** The columns of a database export, in order (the specification's names). */
export const DATABASE_COLUMNS = [
  'id',
  'project',
  'site',
  'municipality',
  'date',
  'purpose',
  'type',
  'method',
  'depth_m',
  'address',
  'lat',
  'lon',
  'x_mtm8',
  'y_mtm8',
] as const;

/**
 * Québec's plane coordinates, besides WGS 84: NAD83(CSRS) / MTM zone 8 (EPSG:2950, Montréal's
 * zone), to the centimetre; empty outside the zone's area (a UK borehole, say).
 */
const MTM8 = crsByCode('2950')!;
function mtm8(b: Position): { x: number | null; y: number | null } {
  const point = b.lat === null || b.lon === null ? null : project(MTM8, b.lat, b.lon);
  const cm = (value: number) => Math.round(value * 100) / 100;
  return point ? { x: cm(point.x), y: cm(point.y) } : { x: null, y: null };
}

export type DatabaseRow = Record<(typeof DATABASE_COLUMNS)[number], string | number | null>;

/** What a database export reads of a borehole (the server's exports select only these). */
export type ExportedBorehole = Pick<
  Borehole,
  'id' | 'project' | 'site' | 'muni' | 'date' | 'purpose' | 'type' | 'method' | 'depth' | 'addr' | 'lat' | 'lon'
>;

/** One borehole as a row of the database exports (codes as stored, ISO date, metres). */
export function databaseRow(b: ExportedBorehole): DatabaseRow {
  const plane = mtm8(b);
  return {
    id: b.id,
    project: b.project,
    site: b.site,
    municipality: b.muni,
    date: b.date?.slice(0, 10) ?? '',
    purpose: b.purpose,
    type: b.type,
    method: b.method,
    depth_m: b.depth,
    address: b.addr,
    lat: b.lat,
    lon: b.lon,
    x_mtm8: plane.x,
    y_mtm8: plane.y,
  };
}

/** The headings of the printed database (PDF), in the order of `DATABASE_COLUMNS`, without the MTM coordinates. */
export const DATABASE_HEADINGS = [
  'ID',
  'Projet',
  'Site',
  'Municipalité',
  'Date',
  'But',
  'Type',
  'Méthode',
  'Profondeur',
  'Adresse',
  'Lat',
  'Lon',
] as const;

/**
 * The headings of the database CSV for French Excel (`;`, labels, decimal commas): those of the
 * printed database, with units, then the MTM coordinates.
 */
export const EXCEL_HEADINGS = [
  ...DATABASE_HEADINGS.slice(0, 8),
  'Profondeur (m)',
  'Adresse',
  'Latitude',
  'Longitude',
  'X MTM8 (m)',
  'Y MTM8 (m)',
] as const;

/**
 * One borehole as a row of the CSV for French Excel, in the order of EXCEL_HEADINGS: the codes as
 * their French labels; numbers stay numbers (csvCell writes them with a decimal comma).
 */
export function excelDatabaseRow(b: ExportedBorehole): (string | number | null)[] {
  const row = databaseRow(b);
  return [
    b.id,
    b.project,
    b.site,
    b.muni,
    row.date,
    PURPOSE_LABELS[b.purpose] ?? b.purpose,
    TYPE_LABELS[b.type] ?? b.type,
    labelOf(b.method),
    b.depth,
    b.addr,
    b.lat,
    b.lon,
    row.x_mtm8,
    row.y_mtm8,
  ];
}

/**
 * One borehole as a printed row: French labels for the codes, depth with its unit, 5-decimal
 * coordinates, a dash where a value is missing.
 */
export function printedDatabaseRow(b: Borehole): string[] {
  return [
    b.id,
    dash(b.project),
    dash(b.site),
    dash(b.muni),
    formatDate(b.date),
    dash(PURPOSE_LABELS[b.purpose]),
    dash(TYPE_LABELS[b.type]),
    dash(labelOf(b.method)),
    formatDepth(b.depth),
    dash(b.addr),
    formatCoordinate(b.lat),
    formatCoordinate(b.lon),
  ];
}

/**
 * CSV text for French Excel: semicolons, French headings, numbers with a decimal comma (csvCell),
 * with a byte-order mark so that Excel reads the accents as UTF-8.
 *
 * @example toExcelCsv(['Profondeur (m)'], [[12.5]]) // '\uFEFFProfondeur (m)\r\n12,5\r\n'
 */
export function toExcelCsv(
  headings: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const line = (cells: readonly (string | number | null)[]) => cells.map((cell) => csvCell(cell, ';')).join(';');
  return `\uFEFF${[line(headings), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** The headings of the reports CSV for French Excel, in the order of REPORT_COLUMNS. */
export const EXCEL_REPORT_HEADINGS = [
  'ID',
  'Forage',
  'Titre',
  'Type',
  'Site',
  'Municipalité',
  'Date',
  'Taille (octets)',
  'Lien',
] as const;

/** One document as a row of the reports CSV for French Excel: its type in French, its size a number. */
export function excelReportRow(r: ReportItem, origin: string): (string | number | null)[] {
  const row = reportRow(r, origin);
  return [
    row.id,
    row.borehole_id,
    row.title,
    r.kind === 'pdf' ? 'PDF' : 'Image',
    row.site,
    row.municipality,
    row.date,
    row.size_bytes,
    row.href,
  ];
}

/**
 * CSV text (RFC 4180: commas, CRLF, quotes doubled), with a byte-order mark so that spreadsheet
 * programs read the accents as UTF-8.
 *
 * @example toCsv(['a', 'b'], [{ a: 1, b: 'x, y' }]) // '\uFEFFa,b\r\n1,"x, y"\r\n'
 */
export function toCsv<K extends string>(
  columns: readonly K[],
  rows: readonly Record<K, string | number | null>[],
): string {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Where a row lies, when known. */
export interface Position {
  lat: number | null;
  lon: number | null;
}

/**
 * A GeoJSON FeatureCollection of rows placed by their positions (WGS 84, [lon, lat]); rows without
 * coordinates are left out. Each feature's id is the row's `id`.
 */
export function toFeatureCollection<R extends { id: string | number | null }>(
  rows: readonly R[],
  positions: readonly Position[],
) {
  return {
    type: 'FeatureCollection' as const,
    features: rows.flatMap((row, i) => {
      const { lat, lon } = positions[i] ?? { lat: null, lon: null };
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) return [];
      return [
        {
          type: 'Feature' as const,
          id: row.id,
          geometry: { type: 'Point' as const, coordinates: [lon!, lat!] },
          properties: row,
        },
      ];
    }),
  };
}

/** A GeoJSON FeatureCollection of the boreholes that have coordinates. */
export const toGeoJson = (boreholes: readonly ExportedBorehole[]) =>
  toFeatureCollection(boreholes.map(databaseRow), boreholes);

/** The columns of a reports export, in order (the specification's names). */
export const REPORT_COLUMNS = [
  'id',
  'borehole_id',
  'title',
  'kind',
  'site',
  'municipality',
  'date',
  'size_bytes',
  'href',
] as const;

export type ReportExportRow = Record<(typeof REPORT_COLUMNS)[number], string | number | null>;

/** One document as a row of the reports exports; its link made absolute against `origin`. */
export function reportRow(r: ReportItem, origin: string): ReportExportRow {
  return {
    id: r.id,
    borehole_id: r.bhId,
    title: r.title,
    kind: r.kind,
    site: r.site,
    municipality: r.muni,
    date: r.date.slice(0, 10),
    size_bytes: r.size,
    href: r.href ? new URL(r.href, origin).href : null,
  };
}

/** The headings of the printed reports list (PDF). */
export const REPORT_HEADINGS = ['ID', 'Forage', 'Titre', 'Type', 'Site', 'Municipalité', 'Date', 'Taille'] as const;

/** One document as a printed row: French labels, the size for people. */
export function printedReportRow(r: ReportItem): string[] {
  return [
    r.id,
    r.bhId,
    r.title,
    r.kind === 'pdf' ? 'PDF' : 'Image',
    dash(r.site),
    dash(r.muni),
    formatDate(r.date),
    formatSize(r.size),
  ];
}
