import { toCsv } from '../../../domain/export-rows.ts';
import { exportFileName, type ExportTable, type PrintedTable } from './export-table.ts';
import { saveFile } from './save-file.ts';

/** One entry of the 'Exporter' menu; `run` may answer a notice to show the user. */
export interface ExportFormat {
  label: string;
  run: () => Promise<string | undefined> | undefined;
}

/**
 * The formats every list exports: CSV, XLSX and PDF, named `geosonde-<name>.<ext>`. The
 * spreadsheet and PDF libraries are loaded only when their format is chosen.
 */
export function tableExports<K extends string>(
  table: ExportTable<K>,
  printed: () => Omit<PrintedTable, 'subtitle'> & { count: string },
): ExportFormat[] {
  const file = (extension: string) => exportFileName(table.name, extension);
  return [
    {
      label: 'CSV',
      run: () => {
        saveFile(file('csv'), new Blob([toCsv(table.columns, table.rows)], { type: 'text/csv;charset=utf-8' }));
        return undefined;
      },
    },
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
        const when = new Date().toLocaleString('fr-CA', { dateStyle: 'long', timeStyle: 'short' });
        saveFile(file('pdf'), writePdf({ ...document, subtitle: `${count} · exporté le ${when}` }));
        return undefined;
      },
    },
  ];
}
