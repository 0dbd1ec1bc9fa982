import type { Queryable } from './database.ts';

/**
 * Rows for one table, as `Queryable.copyRows` takes them. They may be made as they are copied (a
 * generator): the loads are copied one after the other, in order.
 */
export interface Load {
  table: string;
  columns: readonly string[];
  rows: Iterable<Record<string, unknown>>;
}

/** One single-column foreign key of a table, read from PostgreSQL's catalogue. */
interface Reference {
  column: string;
  target: string;
  key: string;
  /** The key's SQL type, to compare with its index (text, uuid…). */
  type: string;
}

/**
 * How the references of a load are checked: 'by-set' when this connection's role may switch
 * PostgreSQL's row-by-row checks off for its transaction (a superuser: the embedded server's owner,
 * PGlite), 'by-row' otherwise.
 */
export type CheckMode = 'by-set' | 'by-row';

export async function checkModeOf(tx: Queryable): Promise<CheckMode> {
  const [role] = await tx.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  return role?.rolsuper ? 'by-set' : 'by-row';
}

async function referencesOf(tx: Queryable, table: string): Promise<Reference[]> {
  const references = await tx.query<Reference & { columns: number }>(
    `SELECT a.attname AS column, t.relname AS target, k.attname AS key,
       format_type(k.atttypid, k.atttypmod) AS type, cardinality(c.conkey) AS columns
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     JOIN pg_class t ON t.oid = c.confrelid
     JOIN pg_attribute k ON k.attrelid = c.confrelid AND k.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND c.conrelid = $1::regclass`,
    [table],
  );
  // A key of several columns would need a check of its own: none exists, and none is skipped.
  if (references.some((reference) => reference.columns !== 1)) {
    throw new Error(`${table} : clé étrangère sur plusieurs colonnes, non prise en charge par le chargement.`);
  }
  return references;
}

/** The tables whose writes the map's cache must see (their triggers in migration 0021). */
const MAP_TABLES = new Set(['boreholes', 'geol', 'reports']);

/**
 * Writes several tables' rows in the caller's transaction, every foreign key held.
 *
 * PostgreSQL checks a foreign key with a trigger and a lookup for each row written: for a
 * 100,000-borehole import (500,000 rows, 700,000 references) that is 3 s of its 6 s. In 'by-set'
 * mode the triggers are off while these rows are copied (`session_replication_role`, for this
 * transaction only: unique keys, NOT NULL and CHECK constraints still hold), then each foreign key
 * of each table is checked once for all the distinct values the rows hold, with the lock a trigger
 * takes (FOR KEY SHARE, so that nothing referenced can be deleted before the commit). A value that
 * is missing throws, and the caller's transaction rolls back: what is committed is exactly what the
 * row-by-row checks would have let through. Rows referencing what this same load writes are checked
 * after it, in the order of `loads`.
 */
export async function copyChecked(tx: Queryable, loads: readonly Load[], mode: CheckMode): Promise<void> {
  if (mode === 'by-row') {
    for (const { table, columns, rows } of loads) await tx.copyRows(table, columns, rows);
    return;
  }
  // The distinct values each referenced key must hold, noted as the rows stream: one query per key.
  const wanted = new Map<string, { reference: Reference; values: Set<unknown>; from: string[] }>();
  const noted: Load[] = [];
  for (const load of loads) {
    const references = (await referencesOf(tx, load.table)).map((reference) => {
      const name = `${reference.target}.${reference.key}`;
      const entry = wanted.get(name) ?? { reference, values: new Set(), from: [] };
      entry.from.push(`${load.table}.${reference.column}`);
      wanted.set(name, entry);
      return { column: reference.column, values: entry.values };
    });
    noted.push({ ...load, rows: noting(load.rows, references) });
  }
  // A copy that fails aborts the transaction, whose rollback undoes the setting as well.
  await tx.query('SET LOCAL session_replication_role = replica');
  for (const { table, columns, rows } of noted) await tx.copyRows(table, columns, rows);
  await tx.query('SET LOCAL session_replication_role = origin');
  // The copy fired no trigger either: the note the map's cached positions wait for (migration
  // 0021) is written here, once, as its statement triggers would have.
  if (loads.some(({ table }) => MAP_TABLES.has(table)))
    await tx.query('INSERT INTO borehole_map_changes DEFAULT VALUES');
  for (const [name, { reference, values, from }] of wanted) {
    if (values.size === 0) continue;
    const { target, key, type } = reference;
    // The values are distinct: each one held is one row locked.
    const [held] = await tx.query<{ count: number }>(
      `WITH held AS (SELECT 1 FROM ${target} WHERE ${key} = ANY($1::${type}[]) FOR KEY SHARE)
       SELECT count(*)::int AS count FROM held`,
      [[...values]],
    );
    if (held!.count === values.size) continue;
    const [missing] = await tx.query<{ value: string }>(
      `SELECT value::text FROM (SELECT unnest($1::${type}[]) AS value EXCEPT SELECT ${key} FROM ${target}) AS m LIMIT 1`,
      [[...values]],
    );
    throw new Error(`Référence absente : ${missing?.value ?? '?'} (${from.join(', ')}) n’est pas dans ${name}.`);
  }
}

/** The rows unchanged, each reference column's value (null aside, as SQL does) noted on the way. */
function* noting(rows: Iterable<Record<string, unknown>>, references: { column: string; values: Set<unknown> }[]) {
  for (const row of rows) {
    for (const { column, values } of references) if (row[column] != null) values.add(row[column]);
    yield row;
  }
}
