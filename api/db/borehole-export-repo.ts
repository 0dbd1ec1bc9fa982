import type { ExportedBorehole } from '../../src/domain/export-rows.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { keysetWalks, type SortColumn, type SortDirection, type TablePosition } from './borehole-table-repo.ts';
import { Params, whereSql } from './boreholes-repo.ts';
import type { Queryable } from './database.ts';

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
 * The boreholes of a search in the table's order, in keyset batches of `batchRows`: the next batch
 * is read only when the consumer asks for it, so that an export of any size holds one batch in
 * memory, and stopping the iteration (a client gone) stops the reads.
 *
 * @example for await (const batch of exportBatches(db, { scope, filters: {}, sort: 'date', dir: 'desc' }, 2000)) …
 */
export async function* exportBatches(
  db: Queryable,
  { scope, filters, sort, dir }: ExportQuery,
  batchRows: number,
): AsyncGenerator<ExportedBorehole[]> {
  let after: TablePosition | null = null;
  for (;;) {
    const params = new Params();
    const where = whereSql(params, scope, filters);
    const walks = keysetWalks(params, { where, sort, dir, limit: batchRows, after, columns: EXPORT_COLUMNS });
    const rows = await db.query<ExportRow>(walks, params.values);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < batchRows || !last) return;
    after = { key: last.sort_key, id: last.id };
  }
}
