import {
  printedReportRow,
  REPORT_COLUMNS,
  REPORT_HEADINGS,
  reportRow,
  type ReportItem,
} from '../../../domain/export-rows.ts';
import { tableExports, type ExportFormat } from './table-exports.ts';

/**
 * The reports exports of some documents (CSV, XLSX sheet 'Reports', PDF), with the columns of
 * the specification; each link is absolute and, for a stored file, valid for 15 minutes.
 */
export function reportsExports(reports: readonly ReportItem[], origin = window.location.origin): ExportFormat[] {
  return tableExports(
    { name: 'reports', sheet: 'Reports', columns: REPORT_COLUMNS, rows: reports.map((r) => reportRow(r, origin)) },
    () => ({
      title: 'GéoSonde — Rapports et journaux',
      count: `${reports.length} document${reports.length > 1 ? 's' : ''}`,
      headings: REPORT_HEADINGS,
      body: reports.map(printedReportRow),
    }),
  );
}
