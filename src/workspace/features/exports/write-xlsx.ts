import writeExcelFile from 'write-excel-file/browser';
import type { Cell, ExportTable } from './export-table.ts';

/** A cell; the `date` column's days (AAAA-MM-JJ) as dates for the spreadsheet, not text. */
function cellOf(column: string, value: Cell) {
  if (column === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return { value: new Date(Date.UTC(year, month - 1, day)), format: 'yyyy-mm-dd' };
  }
  return value ?? null;
}

/**
 * An .xlsx workbook of one sheet: a bold, frozen header row, then one row per record; days are
 * date cells (sortable, filterable by date in Excel), shown AAAA-MM-JJ.
 */
export async function writeXlsx({ sheet, columns, rows }: ExportTable): Promise<Blob> {
  const header = columns.map((column) => ({ value: column, fontWeight: 'bold' as const }));
  const data = rows.map((row) => columns.map((column) => cellOf(column, row[column] ?? null)));
  return writeExcelFile([header, ...data], {
    sheet,
    stickyRowsCount: 1,
    columns: columns.map((column) => ({ width: Math.max(12, column.length + 2) })),
  }).toBlob();
}
