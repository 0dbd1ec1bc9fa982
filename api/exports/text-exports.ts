import { csvCell } from '../../src/domain/csv.ts';
import {
  DATABASE_COLUMNS,
  databaseRow,
  EXCEL_HEADINGS,
  excelDatabaseRow,
  type ExportedBorehole,
} from '../../src/domain/export-rows.ts';

/**
 * The database export as CSV, one chunk per batch: the workspace's dialect (`toCsv`: byte-order
 * mark, commas, CRLF, RFC 4180 quoting, formulas neutralised), written as the rows arrive.
 */
export async function* csvChunks(batches: AsyncIterable<ExportedBorehole[]>): AsyncGenerator<Uint8Array> {
  yield Buffer.from(`\uFEFF${DATABASE_COLUMNS.join(',')}\r\n`);
  for await (const batch of batches) {
    let text = '';
    for (const borehole of batch) {
      const row = databaseRow(borehole);
      for (let i = 0; i < DATABASE_COLUMNS.length; i++) {
        const value = row[DATABASE_COLUMNS[i]!];
        // Most cells need no quoting: written at once, csvCell for the others (same text).
        const cell =
          value === null ? '' : typeof value === 'number' || !NEEDS_CARE.test(value) ? String(value) : csvCell(value);
        text += i === 0 ? cell : `,${cell}`;
      }
      text += '\r\n';
    }
    yield Buffer.from(text);
  }
}

/**
 * The database export as CSV for French Excel: byte-order mark, semicolons, CRLF, French headings
 * and labels, decimal commas, every cell through csvCell. The GIS CSV (csvChunks) keeps commas,
 * codes and decimal points for tools.
 */
export async function* excelCsvChunks(batches: AsyncIterable<ExportedBorehole[]>): AsyncGenerator<Uint8Array> {
  yield Buffer.from(`\uFEFF${EXCEL_HEADINGS.map((heading) => csvCell(heading, ';')).join(';')}\r\n`);
  for await (const batch of batches) {
    let text = '';
    for (const borehole of batch)
      text += `${excelDatabaseRow(borehole)
        .map((cell) => csvCell(cell, ';'))
        .join(';')}\r\n`;
    yield Buffer.from(text);
  }
}

/** Text that csvCell changes: a comma or semicolon, quote or line break, or a formula's first character. */
const NEEDS_CARE = /[",;\r\n]|^[=+\-@\t\r]/;

/**
 * The database export as a GeoJSON FeatureCollection (the workspace's `toGeoJson`: id, a WGS 84
 * point, the export's columns as properties), one feature per line so that a reader can count
 * them as they arrive. Boreholes without coordinates are left out.
 */
export async function* geoJsonChunks(batches: AsyncIterable<ExportedBorehole[]>): AsyncGenerator<Uint8Array> {
  yield Buffer.from('{"type":"FeatureCollection","features":[');
  let separator = '\n';
  for await (const batch of batches) {
    let text = '';
    for (const borehole of batch) {
      if (!Number.isFinite(borehole.lat) || !Number.isFinite(borehole.lon)) continue;
      const feature = {
        type: 'Feature',
        id: borehole.id,
        geometry: { type: 'Point', coordinates: [borehole.lon, borehole.lat] },
        properties: databaseRow(borehole),
      };
      text += `${separator}${JSON.stringify(feature)}`;
      separator = ',\n';
    }
    yield Buffer.from(text);
  }
  yield Buffer.from('\n]}\n');
}
