import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** A layer of points in WGS 84: one feature per row that has coordinates. */
export interface PointLayer {
  name: string;
  description: string;
  columns: { name: string; type: 'TEXT' | 'REAL' | 'INTEGER' }[];
  rows: { lon: number | null; lat: number | null; values: (string | number | null)[] }[];
}

/**
 * 'GPKG', the application id of a GeoPackage; 10300 says version 1.3 (OGC 12-128r15), which the
 * tables below follow and which GDAL 3.6 (Debian 12) reads without a warning, unlike 1.4.
 */
const APPLICATION_ID = 0x47504b47;
const USER_VERSION = 10_300;
const WGS84 = 4326;

/**
 * A geometry's bytes with its GeoPackage header written: magic `GP`, version 0, flags (little-endian,
 * no envelope), the SRS id; then the WKB's byte order (little-endian), the rest left to the caller.
 */
function geometryBlob(wkbLength: number, srsId: number): Buffer {
  const bytes = Buffer.alloc(8 + wkbLength);
  bytes.write('GP', 0, 'ascii');
  bytes.writeUInt8(0, 2);
  bytes.writeUInt8(0b0000_0001, 3);
  bytes.writeInt32LE(srsId, 4);
  bytes.writeUInt8(1, 8);
  return bytes;
}

/**
 * A point as GeoPackage binary: the 8-byte header (magic `GP`, version 0, flags: little-endian,
 * no envelope; the SRS id), then the point in little-endian WKB.
 */
export function pointBlob(lon: number, lat: number, srsId = WGS84): Uint8Array {
  const bytes = geometryBlob(21, srsId);
  bytes.writeUInt32LE(1, 9);
  bytes.writeDoubleLE(lon, 13);
  bytes.writeDoubleLE(lat, 21);
  return bytes;
}

/** A line string as GeoPackage binary: the same header, then the line in little-endian WKB. */
export function lineBlob(points: readonly (readonly [number, number])[], srsId = WGS84): Uint8Array {
  const bytes = geometryBlob(9 + 16 * points.length, srsId);
  bytes.writeUInt32LE(2, 9);
  bytes.writeUInt32LE(points.length, 13);
  points.forEach(([x, y], i) => {
    bytes.writeDoubleLE(x, 17 + 16 * i);
    bytes.writeDoubleLE(y, 25 + 16 * i);
  });
  return bytes;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

const SCHEMA = `
  CREATE TABLE gpkg_spatial_ref_sys (
    srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
    organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
  CREATE TABLE gpkg_contents (
    table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, description TEXT DEFAULT '',
    last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
    srs_id INTEGER, CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
  CREATE TABLE gpkg_geometry_columns (
    table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
    srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
    CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
    CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
    CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));`;

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],' +
  'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],' +
  'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],' +
  'AUTHORITY["EPSG","4326"]]';

/** A layer of lines in WGS 84 (longitude, latitude), with their values. */
export interface LineLayer extends Omit<PointLayer, 'rows'> {
  rows: { line: [number, number][]; values: (string | number | null)[] }[];
}

/** A point layer's definition: its rows are added afterwards, batch by batch. */
export type LayerSpec = Omit<PointLayer, 'rows'>;

/** A layer being filled: `add` writes rows (those without coordinates are left out) and counts them. */
export interface LayerWriter {
  add(rows: PointLayer['rows']): void;
  readonly features: number;
}

/**
 * A GeoPackage being written at `path` with the SQLite built into Node (no native addon): the
 * three required tables and WGS 84 at once, then layers that are filled batch by batch, so that a
 * file of any size is written with one batch in memory. `finish` records each layer's extent and
 * closes the file; `abandon` closes it unfinished (the caller removes it).
 *
 * @example const gpkg = openGeoPackage(path); gpkg.layer(spec).add(rows); gpkg.finish();
 */
export function openGeoPackage(path: string) {
  const db = new DatabaseSync(path);
  const extents: { name: string; extent: [number, number, number, number] | null }[] = [];
  try {
    // A file of our own, removed on failure: no rollback journal is needed.
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${USER_VERSION};
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;`);
    db.exec('BEGIN');
    db.exec(SCHEMA);
    const srs = db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)');
    srs.run('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system');
    srs.run('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
    srs.run('WGS 84 geodetic', WGS84, 'EPSG', WGS84, WGS84_WKT, 'longitude/latitude coordinates in decimal degrees');
  } catch (error) {
    db.close();
    throw error;
  }
  /** A feature table of `geometry`; its insert statement, and its extent kept as rows come. */
  const table = (layer: LayerSpec, geometry: 'POINT' | 'LINESTRING') => {
    const name = quoted(layer.name);
    const columns = layer.columns.map((column) => `${quoted(column.name)} ${column.type}`).join(', ');
    db.exec(`CREATE TABLE ${name} (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom ${geometry}, ${columns})`);
    db.prepare(
      `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
       VALUES (?, 'features', ?, ?, ?)`,
    ).run(layer.name, layer.name, layer.description, WGS84);
    db.prepare(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, ?, 0, 0)`).run(layer.name, geometry, WGS84);
    const names = layer.columns.map((column) => quoted(column.name)).join(', ');
    const insert = db.prepare(
      `INSERT INTO ${name} (geom, ${names}) VALUES (?, ${layer.columns.map(() => '?').join(', ')})`,
    );
    const bounds = { name: layer.name, extent: null as [number, number, number, number] | null };
    extents.push(bounds);
    const extend = (lon: number, lat: number) => {
      const e = (bounds.extent ??= [lon, lat, lon, lat]);
      if (lon < e[0]) e[0] = lon;
      if (lat < e[1]) e[1] = lat;
      if (lon > e[2]) e[2] = lon;
      if (lat > e[3]) e[3] = lat;
    };
    return { insert, extend };
  };
  return {
    layer(layer: LayerSpec): LayerWriter {
      const { insert, extend } = table(layer, 'POINT');
      let features = 0;
      return {
        add(rows) {
          for (const { lon, lat, values } of rows) {
            if (lon === null || lat === null || !Number.isFinite(lon) || !Number.isFinite(lat)) continue;
            insert.run(pointBlob(lon, lat), ...values);
            features++;
            extend(lon, lat);
          }
        },
        get features() {
          return features;
        },
      };
    },
    /** A layer of lines (longitude, latitude), each written with its values. */
    lines(layer: LayerSpec, rows: { line: [number, number][]; values: (string | number | null)[] }[]): void {
      const { insert, extend } = table(layer, 'LINESTRING');
      for (const { line, values } of rows) {
        if (line.length < 2) continue;
        insert.run(lineBlob(line), ...values);
        for (const [lon, lat] of line) extend(lon, lat);
      }
    },
    finish() {
      try {
        const update = db.prepare(
          'UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ? WHERE table_name = ?',
        );
        for (const { name, extent } of extents) if (extent) update.run(...extent, name);
        db.exec('COMMIT');
      } finally {
        db.close();
      }
    },
    abandon() {
      if (db.isOpen) db.close();
    },
  };
}

/**
 * Writes a GeoPackage of point layers, then line layers, in memory (see `openGeoPackage`), one feature table per layer
 * with an integer key `fid` and a `geom` column. Rows without coordinates are left out, as in the
 * workspace's GeoPackage.
 */
export async function writeGeoPackage(layers: PointLayer[], lineLayers: LineLayer[] = []): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'geosonde-gpkg-'));
  try {
    const path = join(dir, 'export.gpkg');
    const gpkg = openGeoPackage(path);
    try {
      for (const { rows, ...spec } of layers) gpkg.layer(spec).add(rows);
      for (const { rows, ...spec } of lineLayers) gpkg.lines(spec, rows);
      gpkg.finish();
    } finally {
      gpkg.abandon();
    }
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
