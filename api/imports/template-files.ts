import { zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { csvCell } from '../../src/domain/csv.ts';
import { TEMPLATE_NOTICE, TEMPLATE_SHEETS } from '../../src/domain/ags/import/sheet-template.ts';

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

/**
 * The GéoSonde template as an .xlsx workbook: one sheet per table of the template with its
 * headers (bold, frozen), and a notice sheet that says what each column holds, with an example.
 * The data sheets hold no example row, so that none is imported by mistake.
 */
export async function templateWorkbook(): Promise<Buffer> {
  const notice = [
    [bold('Feuille'), bold('Colonne'), bold('Obligatoire'), bold('Contenu'), bold('Exemple'), bold('Champ AGS 4')],
    ...TEMPLATE_SHEETS.flatMap((sheet) =>
      sheet.columns.map((column) => [
        sheet.name,
        column.label,
        column.required ? 'oui' : 'non',
        column.help,
        column.example === '' ? null : column.example,
        column.heading,
      ]),
    ),
  ];
  return writeXlsxFile([
    ...TEMPLATE_SHEETS.map((sheet) => ({
      sheet: sheet.name,
      data: [sheet.columns.map((column) => bold(column.label))],
      stickyRowsCount: 1,
      columns: sheet.columns.map((column) => ({ width: Math.max(12, column.label.length + 4) })),
    })),
    {
      sheet: TEMPLATE_NOTICE,
      data: notice,
      stickyRowsCount: 1,
      columns: [{ width: 12 }, { width: 24 }, { width: 12 }, { width: 70 }, { width: 30 }, { width: 14 }],
    },
  ]).toBuffer();
}

/**
 * The template as CSV files in a ZIP, one per sheet (forages.csv, couches.csv, essais-spt.csv,
 * venues-d-eau.csv):
 * UTF-8 with a byte-order mark and ';' between fields, as Excel in French opens and saves them.
 */
export function templateCsvZip(): Uint8Array {
  const files = Object.fromEntries(
    TEMPLATE_SHEETS.map((sheet) => [
      `${sheet.name.toLowerCase().replace(/[ '’]/g, '-').normalize('NFD').replace(/\p{M}/gu, '')}.csv`,
      new TextEncoder().encode(`\ufeff${sheet.columns.map((column) => csvCell(column.label)).join(';')}\r\n`),
    ]),
  );
  return zipSync(files);
}
