import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { DATABASE_COLUMNS, databaseRow } from '../../src/domain/export-rows.ts';
import { parseFilters, type BoreholeFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { exportBatches } from './export-repo.ts';
import { countBoreholes } from './table-repo.ts';
import { chunkStream } from '../exports/chunk-stream.ts';
import { buildGeoPackage, DATABASE_LAYER, fileBody } from '../exports/geopackage-export.ts';
import { csvChunks, excelCsvChunks, geoJsonChunks } from '../exports/text-exports.ts';
import { XLSX_MAX_ROWS, xlsxChunks } from '../exports/xlsx-stream.ts';
import { requireRole } from '../middleware/session.ts';
import { queryParams } from '../validation.ts';
import { directionOf, sortSchema } from './table-routes.ts';
import { numberFormat } from '../../src/domain/format.ts';

/** The formats of the database export: their type, and whether only placed boreholes count. */
const FORMATS = {
  csv: { type: 'text/csv; charset=utf-8', placed: false },
  'excel.csv': { type: 'text/csv; charset=utf-8', placed: false },
  geojson: { type: 'application/geo+json', placed: true },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', placed: false },
  gpkg: { type: 'application/geopackage+sqlite3', placed: true },
} as const;
type Format = keyof typeof FORMATS;

export const TOO_MANY_FOR_XLSX = `Un classeur XLSX contient au plus ${numberFormat().format(XLSX_MAX_ROWS)} forages : réduisez la recherche ou choisissez CSV.`;

/** The refusal of an XLSX export of `total` rows, or null when one sheet holds them. */
export const xlsxRefusal = (total: number, max = XLSX_MAX_ROWS) => (total > max ? TOO_MANY_FOR_XLSX : null);

async function exportAnswer(c: Context<AppEnv>, format: Format, query: z.infer<typeof sortSchema>) {
  const parsed = parseFilters(new URL(c.req.url).searchParams);
  if (!parsed.ok) return c.json<ErrorBody>({ error: parsed.error }, 400);
  const { db, settings, user } = c.var;
  const scope = scopeForUser(user, c.req.query('tenant') ?? null);
  // GeoJSON and GeoPackage hold points: the boreholes without coordinates are not counted.
  const filters: BoreholeFilters = FORMATS[format].placed ? { ...parsed.filters, has_geodata: true } : parsed.filters;
  const total = await countBoreholes(db, scope, filters);
  if (format === 'xlsx') {
    const refusal = xlsxRefusal(total);
    if (refusal) return c.json<ErrorBody>({ error: refusal }, 422);
  }
  c.header('Content-Type', FORMATS[format].type);
  const file = format === 'excel.csv' ? 'geosonde-database-excel.csv' : `geosonde-database.${format}`;
  c.header('Content-Disposition', `attachment; filename="${file}"`);
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Total-Count', String(total));
  c.header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Length');
  if (c.req.method === 'HEAD') return c.body(null);
  const batches = exportBatches(
    db,
    { scope, filters, sort: query.sort, dir: directionOf(query) },
    settings.exportBatchRows,
  );
  switch (format) {
    case 'csv':
      return c.body(chunkStream(csvChunks(batches), 'Export CSV'));
    case 'excel.csv':
      return c.body(chunkStream(excelCsvChunks(batches), 'Export CSV pour Excel'));
    case 'geojson':
      return c.body(chunkStream(geoJsonChunks(batches), 'Export GeoJSON'));
    case 'xlsx': {
      const rows = (async function* () {
        for await (const batch of batches) {
          yield batch.map((borehole) => {
            const row = databaseRow(borehole);
            return DATABASE_COLUMNS.map((column) => row[column]);
          });
        }
      })();
      const sheet = { name: 'Database', columns: DATABASE_COLUMNS, dateColumns: ['date'] };
      return c.body(chunkStream(xlsxChunks(sheet, rows), 'Export XLSX'));
    }
    case 'gpkg': {
      const file = await buildGeoPackage(DATABASE_LAYER, batches, c.req.raw.signal);
      // The client left while the file was written: nobody reads this answer.
      if (!file) return new Response(null, { status: 499 });
      c.header('Content-Length', String(file.size));
      return c.body(fileBody(file));
    }
  }
}

/**
 * The database screen's exports, made on the server and streamed whatever their size:
 * `/api/boreholes/export.csv`, `.geojson`, `.xlsx` and `.gpkg`, with the filters, `tenant`,
 * `ids` and sort (`sort`, `dir`) of `/api/boreholes/table`, within the user's scope. The rows
 * are read in keyset batches as the client takes them; `X-Total-Count` says how many come
 * (the placed boreholes for the map formats). See docs/workspace.md, « Exports ».
 */
export const boreholeExportRoutes = new Hono<AppEnv>()
  .get('/export.csv', requireRole('viewer'), queryParams(sortSchema), (c) =>
    exportAnswer(c, 'csv', c.req.valid('query')),
  )
  // The same rows for French Excel: semicolons, French headings and labels, decimal commas.
  .get('/export.excel.csv', requireRole('viewer'), queryParams(sortSchema), (c) =>
    exportAnswer(c, 'excel.csv', c.req.valid('query')),
  )
  .get('/export.geojson', requireRole('viewer'), queryParams(sortSchema), (c) =>
    exportAnswer(c, 'geojson', c.req.valid('query')),
  )
  .get('/export.xlsx', requireRole('viewer'), queryParams(sortSchema), (c) =>
    exportAnswer(c, 'xlsx', c.req.valid('query')),
  )
  .get('/export.gpkg', requireRole('viewer'), queryParams(sortSchema), (c) =>
    exportAnswer(c, 'gpkg', c.req.valid('query')),
  );
