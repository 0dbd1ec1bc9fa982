import type { ExportedBorehole } from '../../src/domain/export-rows.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { keysetWalks, type SortColumn, type SortDirection, type TablePosition } from './table-repo.ts';
import { Params, whereSql } from './repo.ts';
import type { Queryable } from '../db/database.ts';

/** The columns a database export reads: those of `databaseRow`, nothing that needs a join. */
const EXPORT_COLUMNS = `, b.project, b.site, b.muni, b.date, b.purpose, b.type, b.method, b.depth, b.addr, b.lat, b.lon`;

type ExportRow = ExportedBorehole & { sort_key: string | number | null };

export interface ExportQuery {
  scope: DataScope;
  filters: BoreholeFilters;
  sort: SortColumn;
  dir: SortDirection;
}

/**
 * The boreholes of a search in the table's order, in keyset batches of `batchRows`. The first
 * batch is read when the consumer first asks; while it handles a batch, the next one is read
 * (`readAhead`, one batch at most: the database and the formatting then run side by side, where
 * one after the other they take half as long again), never more, so that an export of any size
 * holds two batches in memory. Stopping the iteration (a client gone) ends the reads: the one
 * under way is awaited, its result dropped.
 *
 * @example for await (const batch of exportBatches(db, { scope, filters: {}, sort: 'date', dir: 'desc' }, 2000)) …
 */
export async function* exportBatches(
  db: Queryable,
  { scope, filters, sort, dir }: ExportQuery,
  batchRows: number,
  { readAhead = true }: { readAhead?: boolean } = {},
): AsyncGenerator<ExportedBorehole[]> {
  const read = (after: TablePosition | null) => {
    const params = new Params();
    const where = whereSql(params, scope, filters);
    const walks = keysetWalks(params, { where, sort, dir, limit: batchRows, after, columns: EXPORT_COLUMNS });
    return db.query<ExportRow>(walks, params.values);
  };
  let next: Promise<ExportRow[]> | null = read(null);
  try {
    while (next) {
      const rows: ExportRow[] = await next;
      next = null;
      const last = rows.at(-1);
      const position = rows.length === batchRows && last ? { key: last.sort_key, id: last.id } : null;
      if (position && readAhead) {
        next = read(position);
        // Awaited below or in `finally`; never an unhandled rejection meanwhile.
        next.catch(() => undefined);
      }
      if (rows.length > 0) yield rows;
      if (position && !readAhead) next = read(position);
    }
  } finally {
    await next?.catch(() => undefined);
  }
}
