import type { Borehole } from '../../../domain/borehole.ts';
import { DATABASE_COLUMNS, DATABASE_HEADINGS, databaseRow, printedDatabaseRow } from '../../../domain/export-rows.ts';
import { countOf } from '../../../domain/format.ts';
import { MAX_LOGS_PER_PDF } from '../../../domain/record.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { exportFileName } from './export-table.ts';
import { mapExports, tableExports, type ExportFormat } from './table-exports.ts';

export const TOO_MANY_LOGS = `Un PDF réunit au plus ${MAX_LOGS_PER_PDF} journaux : réduisez la sélection.`;

/**
 * 'Journaux (PDF)': the logs of some boreholes drawn by the server, one after the other, in one
 * multi-page PDF (`GET /api/boreholes/logs.pdf`).
 */
export function logsExport(boreholes: readonly Borehole[], tenant: string | null): ExportFormat {
  return {
    label: 'Journaux (PDF)',
    run: async () => {
      if (boreholes.length > MAX_LOGS_PER_PDF) return TOO_MANY_LOGS;
      const query = new URLSearchParams({ ids: boreholes.map((b) => b.id).join(','), scale: '100' });
      if (tenant) query.set('tenant', tenant);
      const response = await fetch(`/api/boreholes/logs.pdf?${query}`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`Journaux : ${response.status}`);
      saveFile(exportFileName('journaux', 'pdf'), await response.blob());
      return undefined;
    },
  };
}

/**
 * The database exports of some boreholes, with the columns of the specification: CSV, XLSX
 * (sheet 'Database'), PDF, GeoJSON and GeoPackage (table 'database').
 */
export function databaseExports(boreholes: readonly Borehole[]): ExportFormat[] {
  const table = { name: 'database', sheet: 'Database', columns: DATABASE_COLUMNS, rows: boreholes.map(databaseRow) };
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
