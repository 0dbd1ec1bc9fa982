import { Zip, ZipDeflate } from 'fflate';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The most data rows one worksheet holds under its header: 1,048,576 rows in all. */
export const XLSX_MAX_ROWS = 1_048_575;

/** A cell: text (a shared string), a number, or nothing (no cell). */
export type SheetCell = string | number | null;

export interface SheetSpec {
  /** The sheet's name: 'Database'. */
  name: string;
  columns: readonly string[];
  /** Columns whose AAAA-MM-JJ texts are written as date cells. */
  dateColumns: readonly string[];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const PART = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default ContentType="application/xml" Extension="xml"/><Default ContentType="application/vnd.openxmlformats-package.relationships+xml" Extension="rels"/><Override ContentType="${PART}.sheet.main+xml" PartName="/xl/workbook.xml"/><Override ContentType="${PART}.sharedStrings+xml" PartName="/xl/sharedStrings.xml"/><Override ContentType="${PART}.styles+xml" PartName="/xl/styles.xml"/><Override ContentType="${PART}.worksheet+xml" PartName="/xl/worksheets/sheet1.xml"/></Types>`;
const ROOT_RELS = `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
// Styles as write-excel-file writes them: 0 plain, 1 bold (the header), 2 a day (yyyy-mm-dd).
const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="100" formatCode="yyyy-mm-dd"/></numFmts><fonts count="2"><font><family val="2"/><scheme val="minor"/><color theme="1"/></font><font><family val="2"/><scheme val="minor"/><b/><color theme="1"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="100" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

const workbook = (sheet: string) =>
  `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Characters XML 1.0 forbids (most C0 controls, U+FFFE/U+FFFF, lone surrogates): dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- XML 1.0 has no place for them.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text as XML character data: escaped, forbidden characters dropped, carriage returns kept. */
export const xmlText = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"\r]/g, (c) => XML_ESCAPES[c]!);

/** A shared string item; spaces at its ends and line breaks are kept. */
const stringItem = (text: string) => {
  const escaped = xmlText(text);
  return /^\s|\s$|\n/.test(text) ? `<si><t xml:space="preserve">${escaped}</t></si>` : `<si><t>${escaped}</t></si>`;
};

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day as the spreadsheet's serial number (days since 1899-12-30). */
const daySerial = (text: string) => {
  const [, year, month, day] = DAY.exec(text)!;
  return Date.UTC(Number(year), Number(month) - 1, Number(day)) / 86_400_000 + 25_569;
};

const sheetHead = (columns: readonly string[]) =>
  `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${columns
    .map(
      (column, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.max(12, column.length + 2)}" customWidth="1"/>`,
    )
    .join('')}</cols><sheetData>`;

/**
 * An .xlsx workbook of one sheet, written as its rows arrive, as `write-xlsx.ts` writes it in the
 * browser: a bold, frozen header row, then one row per record; days are date cells (yyyy-mm-dd).
 * The ZIP is deflated as it goes (fflate); the shared strings, which Excel wants in a part of
 * their own after the sheet, wait in a temporary file that is removed at the end, on error or
 * when the reader stops. Memory holds one batch, whatever the number of rows.
 */
export async function* xlsxChunks(
  { name, columns, dateColumns }: SheetSpec,
  batches: AsyncIterable<readonly (readonly SheetCell[])[]>,
  { level = 1 }: { level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 } = {},
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const take = () => {
    if (failure) throw failure;
    return Buffer.concat(out.splice(0));
  };
  const entry = (path: string) => {
    const file = new ZipDeflate(path, { level });
    zip.add(file);
    return file;
  };
  for (const [path, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', workbook(name)],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/styles.xml', STYLES],
  ] as const) {
    entry(path).push(Buffer.from(text), true);
  }
  const letters = columns.map((_, i) => columnName(i));
  const isDate = columns.map((column) => dateColumns.includes(column));
  const sheet = entry('xl/worksheets/sheet1.xml');
  const header = columns.map((column, i) => `<c r="${letters[i]}1" s="1" t="s"><v>${i}</v></c>`).join('');
  sheet.push(Buffer.from(`${sheetHead(columns)}<row r="1">${header}</row>`));
  yield take();

  const dir = await mkdtemp(join(tmpdir(), 'geosonde-xlsx-'));
  try {
    const strings = await open(join(dir, 'shared-strings.xml'), 'w+');
    try {
      let rowNumber = 1;
      let stringCount = columns.length;
      for await (const batch of batches) {
        let rows = '';
        let items = '';
        for (const cells of batch) {
          rowNumber++;
          if (rowNumber > XLSX_MAX_ROWS + 1)
            throw new Error(`Un classeur XLSX contient au plus ${XLSX_MAX_ROWS} lignes.`);
          rows += `<row r="${rowNumber}">`;
          for (let i = 0; i < columns.length; i++) {
            const value = cells[i] ?? null;
            if (value === null || value === '') continue;
            const at = `${letters[i]}${rowNumber}`;
            if (typeof value === 'number') {
              if (Number.isFinite(value)) rows += `<c r="${at}"><v>${value}</v></c>`;
            } else if (isDate[i] && DAY.test(value)) {
              rows += `<c r="${at}" s="2"><v>${daySerial(value)}</v></c>`;
            } else {
              rows += `<c r="${at}" t="s"><v>${stringCount++}</v></c>`;
              items += stringItem(value);
            }
          }
          rows += '</row>';
        }
        await strings.write(items);
        sheet.push(Buffer.from(rows));
        yield take();
      }
      sheet.push(Buffer.from('</sheetData></worksheet>'), true);
      const shared = entry('xl/sharedStrings.xml');
      shared.push(Buffer.from(`${HEAD}<sst xmlns="${MAIN}">${columns.map(stringItem).join('')}`));
      for (let position = 0; ;) {
        const { bytesRead, buffer } = await strings.read(Buffer.allocUnsafe(1 << 20), 0, 1 << 20, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        shared.push(buffer.subarray(0, bytesRead));
        yield take();
      }
      shared.push(Buffer.from('</sst>'), true);
      zip.end();
      yield take();
    } finally {
      await strings.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
