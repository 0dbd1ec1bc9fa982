import type { Borehole } from '../../../domain/borehole.ts';
import {
  DATABASE_COLUMNS,
  DATABASE_HEADINGS,
  databaseRow,
  printedDatabaseRow,
  toGeoJson,
} from '../../../domain/export-rows.ts';
import { exportFileName, type ExportTable } from './export-table.ts';
import { saveFile } from './save-file.ts';
import { tableExports, type ExportFormat } from './table-exports.ts';

export type { ExportFormat };

/** Shown when the GeoPackage module is absent from the build; a GeoJSON file is saved instead. */
export const GEOPACKAGE_MISSING =
  'GeoPackage module non trouvé — export en GeoJSON à la place. Installez @ngageoint/geopackage pour .gpkg.';

const NAME = 'database';
const file = (extension: string) => exportFileName(NAME, extension);

const saveGeoJson = (boreholes: readonly Borehole[]) =>
  saveFile(
    file('geojson'),
    new Blob([JSON.stringify(toGeoJson(boreholes), null, 2)], { type: 'application/geo+json' }),
  );

/**
 * The database exports of some boreholes, with the columns of the specification. Each format's
 * library is loaded only when that format is chosen.
 */
export function databaseExports(boreholes: readonly Borehole[]): ExportFormat[] {
  const table: ExportTable<(typeof DATABASE_COLUMNS)[number]> = {
    name: NAME,
    sheet: 'Database',
    columns: DATABASE_COLUMNS,
    rows: boreholes.map(databaseRow),
  };
  return [
    ...tableExports(table, () => ({
      title: 'GéoSonde — Base de données',
      count: `${boreholes.length} forage${boreholes.length > 1 ? 's' : ''}`,
      headings: DATABASE_HEADINGS,
      body: boreholes.map(printedDatabaseRow),
    })),
    {
      label: 'GeoJSON',
      run: () => {
        saveGeoJson(boreholes);
        return undefined;
      },
    },
    {
      label: 'GeoPackage',
      run: async () => {
        try {
          const { writeGeoPackage } = await import('./write-geopackage.ts');
          saveFile(file('gpkg'), await writeGeoPackage(table, { lat: 'lat', lon: 'lon' }));
          return undefined;
        } catch (error) {
          console.error('Export GeoPackage impossible', error);
          saveGeoJson(boreholes);
          return GEOPACKAGE_MISSING;
        }
      },
    },
  ];
}
