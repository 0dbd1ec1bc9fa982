import type { Borehole } from '../../../domain/borehole.ts';
import {
  DATABASE_COLUMNS,
  DATABASE_HEADINGS,
  databaseRow,
  EXCEL_HEADINGS,
  excelDatabaseRow,
  printedDatabaseRow,
} from '../../../domain/export-rows.ts';
import { countOf } from '../../../domain/format.ts';
import { MAX_LOGS_PER_PDF } from '../../../domain/record.ts';
import { mapExports, tableExports, type ExportFormat } from './table-exports.ts';

export const TOO_MANY_LOGS = `Un PDF réunit au plus ${MAX_LOGS_PER_PDF} journaux : réduisez la sélection.`;

/**
 * The database exports of some boreholes, with the columns of the specification: CSV (for Excel
 * and for GIS), XLSX
 * (sheet 'Database'), PDF, GeoJSON and GeoPackage (table 'database').
 */
export function databaseExports(boreholes: readonly Borehole[]): ExportFormat[] {
  const table = {
    name: 'database',
    sheet: 'Database',
    columns: DATABASE_COLUMNS,
    rows: boreholes.map(databaseRow),
    excel: { headings: EXCEL_HEADINGS, rows: boreholes.map(excelDatabaseRow) },
  };
  return [
    ...tableExports(table, () => ({
      title: 'GéoSonde — Base de données',
      count: countOf(boreholes.length, 'forage'),
      headings: DATABASE_HEADINGS,
      body: boreholes.map(printedDatabaseRow),
    })),
    ...mapExports(table, boreholes),
  ];
}
