import {
  EXCEL_REPORT_HEADINGS,
  excelReportRow,
  printedReportRow,
  REPORT_COLUMNS,
  REPORT_HEADINGS,
  reportRow,
} from '../../../domain/export-rows.ts';
import type { ReportItem } from '../../../domain/report.ts';
import { countOf } from '../../../domain/format.ts';
import { exportFileName } from './export-table.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { mapExports, tableExports, type ExportFormat } from './table-exports.ts';

/** Shown when the images export has no image to take. */
export const NO_IMAGE_SELECTED = 'Sélectionnez au moins une IMAGE.';

/**
 * The reports exports of some documents (CSV for Excel and for GIS, XLSX sheet 'Reports', PDF, GeoJSON, GeoPackage
 * table 'reports' placed at their boreholes, AGS 4 with the files), with the columns of the
 * specification; each link is absolute and, for a stored file, valid for 15 minutes. The images
 * ZIP takes the selected images only.
 */
export function reportsExports(
  reports: readonly ReportItem[],
  {
    selected,
    organisation,
    origin = window.location.origin,
  }: {
    selected: readonly ReportItem[];
    organisation: string;
    origin?: string;
  },
): ExportFormat[] {
  const table = {
    name: 'reports',
    sheet: 'Reports',
    columns: REPORT_COLUMNS,
    rows: reports.map((r) => reportRow(r, origin)),
    excel: { headings: EXCEL_REPORT_HEADINGS, rows: reports.map((r) => excelReportRow(r, origin)) },
  };
  return [
    ...tableExports(table, () => ({
      title: 'GéoSonde — Rapports et journaux',
      count: countOf(reports.length, 'document'),
      headings: REPORT_HEADINGS,
      body: reports.map(printedReportRow),
    })),
    {
      label: 'Images (ZIP)',
      run: async () => {
        const images = selected.filter((r) => r.kind === 'image');
        if (images.length === 0) return NO_IMAGE_SELECTED;
        const { writeImagesZip } = await import('./reports-archives.ts');
        saveFile(exportFileName('reports-images', 'zip'), await writeImagesZip(images, origin));
        return undefined;
      },
    },
    ...mapExports(table, reports),
    {
      label: 'AGS 4 (ZIP)',
      run: async () => {
        const { writeAgsZip } = await import('./reports-archives.ts');
        saveFile(exportFileName('reports-ags4', 'zip'), await writeAgsZip(reports, organisation));
        return undefined;
      },
    },
  ];
}
