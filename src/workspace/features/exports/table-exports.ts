import { toCsv, toExcelCsv, toFeatureCollection, type Position } from '../../../domain/export-rows.ts';
import { formatMoment } from '../../../domain/format.ts';
import { exportFileName, type ExportTable, type PrintedTable } from './export-table.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** How far an export has come, from 0 to 1; null while that cannot be told. */
export type ExportProgress = (fraction: number | null) => void;

/** An export that makes no file, for a reason the user can act on (said in French). */
export class ExportRefused extends Error {}

/** One entry of the 'Exporter' menu; `run` may tell its progress, and answer a notice to show the user. */
export interface ExportFormat {
  label: string;
  /** What sets this format apart from a neighbour of the same name, shown under its label. */
  hint?: string;
  run: (progress: ExportProgress) => Promise<string | undefined> | undefined;
}

/** What sets the two CSV files apart, under their names in the menu. */
export const CSV_HINTS = { excel: 'points-virgules, libellés en français', gis: 'virgules, codes, point décimal' };

/**
 * The formats every list exports: CSV (for Excel and for GIS when the list has both), XLSX and PDF, named `geosonde-<name>.<ext>`. The
 * spreadsheet and PDF libraries are loaded only when their format is chosen.
 */
export function tableExports<K extends string>(
  table: ExportTable<K>,
  printed: () => Omit<PrintedTable, 'subtitle'> & { count: string },
): ExportFormat[] {
  const file = (extension: string) => exportFileName(table.name, extension);
  const csv = (name: string, text: string) => () => {
    saveFile(name, new Blob([text], { type: 'text/csv;charset=utf-8' }));
    return undefined;
  };
  const { excel } = table;
  // Two CSV files where the list has French labels to give, said apart as on the database screen.
  const csvFormats: ExportFormat[] = excel
    ? [
        {
          label: 'CSV pour Excel',
          hint: CSV_HINTS.excel,
          run: csv(exportFileName(`${table.name}-excel`, 'csv'), toExcelCsv(excel.headings, excel.rows)),
        },
        { label: 'CSV pour SIG', hint: CSV_HINTS.gis, run: csv(file('csv'), toCsv(table.columns, table.rows)) },
      ]
    : [{ label: 'CSV', run: csv(file('csv'), toCsv(table.columns, table.rows)) }];
  return [
    ...csvFormats,
    {
      label: 'XLSX',
      run: async () => {
        const { writeXlsx } = await import('./write-xlsx.ts');
        saveFile(file('xlsx'), await writeXlsx(table));
        return undefined;
      },
    },
    {
      label: 'PDF',
      run: async () => {
        const { writePdf } = await import('./write-pdf.ts');
        const { count, ...document } = printed();
        const when = formatMoment(Date.now() / 1000);
        saveFile(file('pdf'), writePdf({ ...document, subtitle: `${count} · exporté le ${when}` }));
        return undefined;
      },
    },
  ];
}

/** Shown when the GeoPackage module is absent from the build; a GeoJSON file is saved instead. */
export const GEOPACKAGE_MISSING =
  'GeoPackage module non trouvé — export en GeoJSON à la place. Installez @ngageoint/geopackage pour .gpkg.';

/**
 * The map formats of a list whose rows have a position: GeoJSON, and GeoPackage (its library
 * loaded on use), which falls back to GeoJSON with a notice when the module is missing.
 */
export function mapExports<K extends string>(
  table: ExportTable<K> & { rows: readonly (Record<K, string | number | null> & { id: string | number | null })[] },
  positions: readonly Position[],
): ExportFormat[] {
  const saveGeoJson = () =>
    saveFile(
      exportFileName(table.name, 'geojson'),
      new Blob([JSON.stringify(toFeatureCollection(table.rows, positions), null, 2)], { type: 'application/geo+json' }),
    );
  return [
    {
      label: 'GeoJSON',
      run: () => {
        saveGeoJson();
        return undefined;
      },
    },
    {
      label: 'GeoPackage',
      run: async () => {
        try {
          const { writeGeoPackage } = await import('./write-geopackage.ts');
          saveFile(exportFileName(table.name, 'gpkg'), await writeGeoPackage(table, positions));
          return undefined;
        } catch (error) {
          console.error('Export GeoPackage impossible', error);
          saveGeoJson();
          return GEOPACKAGE_MISSING;
        }
      },
    },
  ];
}
