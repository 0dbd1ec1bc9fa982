import type { PGlite } from '@electric-sql/pglite';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Inserts many rows at once, each given by column name (objects for json columns, arrays for
   * array columns): by COPY on a PostgreSQL server, by one INSERT … SELECT on PGlite. `table` and
   * `columns` are the code's own names, never a client's.
   */
  copyRows(table: string, columns: readonly string[], rows: Iterable<Record<string, unknown>>): Promise<void>;
}

/** Inserts rows from their JSON in one statement (PGlite, which has no COPY from a stream). */
async function insertFromJson(
  target: Pick<Queryable, 'query'>,
  table: string,
  columns: readonly string[],
  rows: Iterable<Record<string, unknown>>,
) {
  const all = [...rows];
  if (all.length === 0) return;
  const list = columns.join(', ');
  await target.query(
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
    [JSON.stringify(all)],
  );
}

/** Characters COPY's text format escapes. */
const COPY_SPECIAL = /[\\\t\n\r]/;

/** One value in COPY's text format: \N for null, backslash escapes, arrays as array literals. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  else if (Array.isArray(value)) {
    text = `{${value.map((item) => `"${String(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  } else text = JSON.stringify(value);
  if (!COPY_SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\'));
}

/** The rows as COPY text, in chunks of about 64 KB. */
function* copyChunks(columns: readonly string[], rows: Iterable<Record<string, unknown>>) {
  let chunk = '';
  for (const row of rows) {
    let line = copyText(row[columns[0]!]);
    for (let i = 1; i < columns.length; i++) line += `\t${copyText(row[columns[i]!])}`;
    chunk += `${line}\n`;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The application's database: a PostgreSQL server, or PGlite in the tests, used the same way. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Whether the database takes writes: not a standby, not read-only. Throws when it does not answer. */
export async function acceptsWrites(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ writable: boolean }>(
    "SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable",
  );
  return row?.writable === true;
}

const DATE_OID = 1082;
const INT8_OID = 20;
// Dates stay ISO strings (no time-zone shift); bigints are sizes and counts well below 2^53.
const keepDateText = (value: string) => value;
const bigintAsNumber = (value: string) => Number(value);

/**
 * Opens PGlite (WASM PostgreSQL), the tests' database: in memory, or in `dataDir` when given.
 *
 * @example const db = await openPglite(); await db.query('select 1 as one') // [{ one: 1 }]
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  // Loaded on demand: the tests' database, never the server's.
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigrams index the "contains" filters (migration 0023), as on a PostgreSQL server.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dataDir, {
    parsers: { [DATE_OID]: keepDateText, [INT8_OID]: bigintAsNumber },
    extensions: { pg_trgm },
  });
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => {
    const query = async <Row>(sql: string, params: unknown[] = []) => (await target.query<Row>(sql, params)).rows;
    return {
      query,
      exec: async (sql: string) => {
        await target.exec(sql);
      },
      copyRows: (table, columns, rows) => insertFromJson({ query }, table, columns, rows),
    };
  };
  return {
    kind: 'pglite',
    ...wrap(client),
    transaction: (work) => client.transaction((tx) => work(wrap(tx))),
    close: () => client.close(),
  };
}

/**
 * Connects to a PostgreSQL server through a connection pool.
 * `searchPath` confines the connection to one schema (the tests use a fresh schema each).
 */
export function openPostgres(connectionString: string, options: { searchPath?: string } = {}): Database {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === DATE_OID) return keepDateText;
      if (oid === INT8_OID) return bigintAsNumber;
      return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
    }) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString,
    types,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection that the server ends (its restart or shutdown, also while this pool
  // closes) is reported to the pool: it must not end the process, the next query opens another.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) console.error(`PostgreSQL : connexion inactive perdue (${error.message}).`);
  });
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params: unknown[] = []) => (await target.query(sql, params)).rows as Row[],
    exec: async (sql: string) => {
      await target.query(sql);
    },
    async copyRows(table, columns, rows) {
      if (Array.isArray(rows) && rows.length === 0) return;
      // COPY needs one connection throughout: the transaction's, or one taken from the pool.
      const client = target instanceof pg.Pool ? await target.connect() : target;
      try {
        const copy = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
        await pipeline(Readable.from(copyChunks(columns, rows)), copy);
      } finally {
        if (client !== target) client.release();
      }
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}
