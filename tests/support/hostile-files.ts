import { strToU8, zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';

// Hostile import files, made in memory: what the limit tests send and what `npm run bench:hostile`
// sends while other tenants work. Each is small to send and costly to read without limits.

const row = (...fields: string[]) => fields.map((field) => `"${field}"`).join(',');
const PROJ = [row('GROUP', 'PROJ'), row('HEADING', 'PROJ_ID'), row('UNIT', ''), row('TYPE', 'ID'), row('DATA', 'P1')];

/** An AGS file whose one group names `columns` headings on one line (1,000,000: 9.9 MB). */
export function wideHeadingAgs(columns: number): Uint8Array {
  const headings = Array.from({ length: columns }, (_, i) => `"C${i}"`).join(',');
  const lines = [...PROJ, '', row('GROUP', 'WIDE'), `"HEADING",${headings}`];
  return strToU8(`${lines.join('\r\n')}\r\n`);
}

/** An AGS file of `rows` DATA lines that each break a rule (one field too many), one error a line. */
export function failingRowsAgs(rows: number): Uint8Array {
  const head = [...PROJ, '', row('GROUP', 'GEOL'), row('HEADING', 'LOCA_ID', 'GEOL_TOP')];
  head.push(row('UNIT', '', 'm'), row('TYPE', 'ID', '2DP'));
  const data = Array.from({ length: rows }, (_, i) => row('DATA', `F${i}`, '0.00', 'de trop'));
  return strToU8(`${[...head, ...data].join('\r\n')}\r\n`);
}

/**
 * A workbook (.xlsx) whose one sheet holds `rows` rows of `columns` small cells, counted before it
 * is read (2,500,000 rows of one cell unpack to 185 MB); not readable as a whole.
 */
export function tallWorkbook(rows: number, columns = 1): Uint8Array {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData>'];
  const cells = '<c><v>1</v></c>'.repeat(columns - 1);
  for (let i = 1; i <= rows; i++) parts.push(`<row r="${i}"><c r="A${i}"><v>${i}</v></c>${cells}</row>`);
  parts.push('</sheetData></worksheet>');
  return zipSync(
    {
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'xl/workbook.xml': strToU8(
        '<?xml version="1.0"?><workbook><sheets><sheet name="Forages" sheetId="1"/></sheets></workbook>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(parts.join('')),
    },
    { level: 6 },
  );
}

/**
 * A real workbook (written as Excel would) of one sheet: a heading row, then `rows` rows of
 * `columns` cells (a borehole name, then numbers).
 */
export async function realWorkbook(rows: number, columns: number): Promise<Uint8Array> {
  const heading = Array.from({ length: columns }, (_, j) => ({ value: j === 0 ? 'Forage' : `Valeur ${j}` }));
  const data = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: columns }, (_, j) => ({ value: j === 0 ? `F${i}` : i / 100 + j })),
  );
  return new Uint8Array(await writeXlsxFile([heading, ...data]).toBuffer());
}

/** A CSV file of `rows` short lines. */
export function tallCsv(rows: number): Uint8Array {
  return strToU8(`Forage;Profondeur\r\n${'F;1\r\n'.repeat(rows)}`);
}
