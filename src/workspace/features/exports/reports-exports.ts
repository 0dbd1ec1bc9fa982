import { printedReportRow, REPORT_COLUMNS, REPORT_HEADINGS, reportRow } from '../../../domain/export-rows.ts';
import type { ReportItem } from '../../../domain/report.ts';
import { countOf } from '../../../domain/format.ts';
import { mapExports, tableExports, type ExportFormat } from './table-exports.ts';

/**
 * The reports exports of some documents (CSV, XLSX sheet 'Reports', PDF, GeoJSON, GeoPackage
 * table 'reports' placed at their boreholes), with the columns of the specification; each link is
 * absolute and, for a stored file, valid for 15 minutes.
 */
export function reportsExports(reports: readonly ReportItem[], origin = window.location.origin): ExportFormat[] {
  const table = {
    name: 'reports',
    sheet: 'Reports',
    columns: REPORT_COLUMNS,
    rows: reports.map((r) => reportRow(r, origin)),
  };
  return [
    ...tableExports(table, () => ({
      title: 'GéoSonde — Rapports et journaux',
      count: countOf(reports.length, 'document'),
      headings: REPORT_HEADINGS,
      body: reports.map(printedReportRow),
    })),
    ...mapExports(table, reports),
  ];
}
