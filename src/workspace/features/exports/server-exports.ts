import type { Borehole } from '../../../domain/borehole.ts';
import { DATABASE_HEADINGS, printedDatabaseRow } from '../../../domain/export-rows.ts';
import { countOf, formatMoment, numberFormat } from '../../../domain/format.ts';
import { MAX_LOGS_PER_PDF } from '../../../domain/record.ts';
import { apiJson } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { ExportTarget } from '../../lib/use-table-page.ts';
import { TOO_MANY_LOGS } from './database-exports.ts';
import { exportFileName } from './export-table.ts';
import { CSV_HINTS, ExportRefused, type ExportFormat, type ExportProgress } from './table-exports.ts';

/** A PDF is a document to read: beyond this many rows, CSV or XLSX serve better. */
export const MAX_PDF_ROWS = 10_000;
export const TOO_MANY_PDF_ROWS = `Un PDF réunit au plus ${numberFormat().format(MAX_PDF_ROWS)} forages : réduisez la sélection, ou choisissez CSV ou XLSX.`;

/** The search's query string narrowed to the exported boreholes. */
function exportQuery(search: string, target: ExportTarget, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(search);
  if (target.ids) params.set('ids', target.ids.join(','));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params;
}

/**
 * Downloads a file the server writes as it reads the database, telling the progress as it comes:
 * rows counted as they arrive (one a line, out of the `X-Total-Count` announced) for CSV and
 * GeoJSON, bytes out of the length for a file of known size, nothing sure otherwise.
 */
async function download(path: string, name: string, byLines: boolean, progress: ExportProgress) {
  progress(null);
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    // The server's French reason (too many rows for a workbook…); a failure of ours is thrown.
    if (response.status < 500 && typeof body?.error === 'string') throw new ExportRefused(body.error);
    throw new Error(`Export : ${response.status}`);
  }
  const rows = Number(response.headers.get('X-Total-Count') ?? NaN);
  const length = Number(response.headers.get('Content-Length') ?? NaN);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (byLines && rows > 0) {
      for (const byte of value) if (byte === 10) lines += 1;
      progress(Math.min(0.99, lines / (rows + 1)));
    } else if (length > 0) progress(Math.min(0.99, bytes / length));
  }
  progress(1);
  saveFile(name, new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }));
}

/** The boreholes of the export in the table's order, a page of 500 at a time (at most `max`). */
async function fetchRows(search: string, target: ExportTarget, max: number, progress: ExportProgress) {
  const rows: Borehole[] = [];
  let cursor: string | null = null;
  do {
    const params = exportQuery(search, target, { limit: '500', ...(cursor ? { cursor } : {}) });
    const page: { items: Borehole[]; next_cursor: string | null } = await apiJson(`/api/boreholes/table?${params}`);
    rows.push(...page.items);
    cursor = page.next_cursor;
    progress(Math.min(0.99, rows.length / Math.max(1, target.count)));
  } while (cursor && rows.length < max);
  return rows.slice(0, max);
}

/**
 * The database screen's exports, written by the server over the whole search or the selection
 * (`GET /api/boreholes/export.<format>`), streamed: CSV, XLSX, GeoJSON and GeoPackage of any
 * size. The PDF (a document to read, up to 10,000 rows) and the logs (up to 200) are drawn from
 * the rows themselves.
 */
export function serverExports(search: string, target: ExportTarget, tenant: string | null): ExportFormat[] {
  const file =
    (extension: string, byLines = false, name = exportFileName('database', extension)): ExportFormat['run'] =>
    async (progress) => {
      const path = `/api/boreholes/export.${extension}?${exportQuery(search, target)}`;
      await download(path, name, byLines, progress);
      return undefined;
    };
  return [
    // Two CSV files, said apart in the menu: French Excel splits on « ; » and reads decimal commas;
    // GIS tools and scripts read commas, codes and decimal points.
    {
      label: 'CSV pour Excel',
      hint: CSV_HINTS.excel,
      run: file('excel.csv', true, exportFileName('database-excel', 'csv')),
    },
    { label: 'CSV pour SIG', hint: CSV_HINTS.gis, run: file('csv', true) },
    { label: 'XLSX', run: file('xlsx') },
    {
      label: 'PDF',
      run: async (progress) => {
        if (target.count > MAX_PDF_ROWS) throw new ExportRefused(TOO_MANY_PDF_ROWS);
        const rows = await fetchRows(search, target, MAX_PDF_ROWS, progress);
        const { writePdf } = await import('./write-pdf.ts');
        const when = formatMoment(Date.now() / 1000);
        saveFile(
          exportFileName('database', 'pdf'),
          writePdf({
            title: 'GéoSonde — Base de données',
            subtitle: `${countOf(rows.length, 'forage')} · exporté le ${when}`,
            headings: DATABASE_HEADINGS,
            body: rows.map(printedDatabaseRow),
          }),
        );
        return undefined;
      },
    },
    { label: 'GeoJSON', run: file('geojson', true) },
    { label: 'GeoPackage', run: file('gpkg') },
    {
      label: 'Journaux (PDF)',
      run: async (progress) => {
        if (target.count > MAX_LOGS_PER_PDF) throw new ExportRefused(TOO_MANY_LOGS);
        const ids = target.ids ?? (await fetchRows(search, target, MAX_LOGS_PER_PDF, progress)).map((row) => row.id);
        const query = new URLSearchParams({ ids: ids.join(','), scale: '100' });
        if (tenant) query.set('tenant', tenant);
        progress(null);
        const response = await fetch(`/api/boreholes/logs.pdf?${query}`, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`Journaux : ${response.status}`);
        saveFile(exportFileName('journaux', 'pdf'), await response.blob());
        return undefined;
      },
    },
  ];
}
