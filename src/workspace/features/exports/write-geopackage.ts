import {
  BoundingBox,
  FeatureColumn,
  GeoPackageAPI,
  GeoPackageDataType,
  GeometryColumns,
  GeometryType,
  setSqljsWasmLocateFile,
} from '@ngageoint/geopackage';
import wasmUrl from '@ngageoint/geopackage/dist/sql-wasm.wasm?url';
import type { Position } from '../../../domain/export-rows.ts';
import type { ExportTable } from './export-table.ts';

/**
 * A GeoPackage (OGC 12-128r18) with one feature table named after the export: an integer key
 * `fid`, point geometries `geom` in WGS 84 (EPSG:4326) from each row's position, and one column per
 * exported field, REAL where every value is a number, TEXT otherwise. Rows without coordinates are
 * left out, as in the GeoJSON export.
 */
export async function writeGeoPackage<K extends string>(
  { name, columns, rows }: ExportTable<K>,
  positions: readonly Position[],
): Promise<Blob> {
  const placed = rows.flatMap((row, i) => {
    const { lat, lon } = positions[i] ?? { lat: null, lon: null };
    return lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) ? [{ row, lat, lon }] : [];
  });
  const isNumber = (column: K) => rows.every((row) => row[column] === null || typeof row[column] === 'number');

  setSqljsWasmLocateFile(() => wasmUrl);
  const geoPackage = await GeoPackageAPI.create();
  try {
    const geometry = new GeometryColumns();
    geometry.table_name = name;
    geometry.column_name = 'geom';
    geometry.geometry_type_name = 'POINT';
    geometry.z = 0;
    geometry.m = 0;
    const tableColumns = [
      FeatureColumn.createPrimaryKeyColumn(0, 'fid'),
      FeatureColumn.createGeometryColumn(1, 'geom', GeometryType.POINT, false),
      ...columns.map((column, index) =>
        FeatureColumn.createColumn(
          index + 2,
          column,
          isNumber(column) ? GeoPackageDataType.REAL : GeoPackageDataType.TEXT,
        ),
      ),
    ];
    const lons = placed.map((point) => point.lon);
    const lats = placed.map((point) => point.lat);
    const extent = placed.length
      ? new BoundingBox(Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats))
      : undefined;
    geoPackage.createFeatureTable(name, geometry, tableColumns, extent, 4326);
    await geoPackage.addGeoJSONFeaturesToGeoPackage(
      placed.map(({ row, lat, lon }) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon, lat] },
        properties: row,
      })),
      name,
    );
    const bytes = (await geoPackage.export()) as Uint8Array<ArrayBuffer>;
    return new Blob([bytes], { type: 'application/geopackage+sqlite3' });
  } finally {
    geoPackage.close();
  }
}
