import writeExcelFile from 'write-excel-file/browser';
import type { ExportTable } from './export-table.ts';

/** An .xlsx workbook of one sheet: a bold, frozen header row, then one row per record. */
export async function writeXlsx({ sheet, columns, rows }: ExportTable): Promise<Blob> {
  const header = columns.map((column) => ({ value: column, fontWeight: 'bold' as const }));
  const data = rows.map((row) => columns.map((column) => row[column] ?? null));
  return writeExcelFile([header, ...data], {
    sheet,
    stickyRowsCount: 1,
    columns: columns.map((column) => ({ width: Math.max(10, column.length + 2) })),
  }).toBlob();
}
