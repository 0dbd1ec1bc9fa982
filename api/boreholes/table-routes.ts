import { Hono } from 'hono';
import { z } from 'zod';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import {
  countBoreholes,
  SORT_COLUMNS,
  SORT_KEYS,
  tablePage,
  type SortColumn,
  type SortDirection,
  type TablePosition,
} from './table-repo.ts';
import { requireRole } from '../middleware/session.ts';
import { isDay } from '../v1/boreholes-repo.ts';
import { queryParams } from '../validation.ts';
import { integerParam } from './routes.ts';

const BAD_CURSOR = 'Curseur invalide : recommencez depuis la première page.';

/** The most rows one page of the table holds. */
export const MAX_TABLE_PAGE = 500;

/** The table's sort (`sort`, `dir`), which its exports share: by date by default. */
export const sortSchema = z.object({
  sort: z
    .enum(SORT_COLUMNS, { error: `Colonne de tri inconnue : valeurs admises ${SORT_COLUMNS.join(', ')}.` })
    .default('date'),
  dir: z.enum(['asc', 'desc'], { error: 'dir vaut asc ou desc.' }).optional(),
});

/** The direction of a sort when none is asked: newest first by date, else ascending. */
export const directionOf = ({ sort, dir }: { sort: SortColumn; dir?: SortDirection | undefined }): SortDirection =>
  dir ?? (sort === 'date' ? 'desc' : 'asc');

const tableSchema = sortSchema.extend({
  limit: integerParam('limit', 1, MAX_TABLE_PAGE).default(100),
  cursor: z.string().max(2000, BAD_CURSOR).optional(),
  total: z.enum(['true', 'false'], { error: 'total vaut true ou false.' }).default('true'),
});

/** The opaque cursor of a position in one sort: the sort travels with it, to be checked. */
export const tableCursorOf = (sort: SortColumn, dir: SortDirection, { key, id }: TablePosition) =>
  Buffer.from(JSON.stringify([sort, dir, key, id])).toString('base64url');

const wellFormed = (text: string, max: number) => text.length <= max && !text.includes('\u0000') && text.isWellFormed();

/** The position a cursor holds for this sort, 'other-sort' when it was made for another, null when it is not ours. */
export function tablePositionOf(
  cursor: string,
  sort: SortColumn,
  dir: SortDirection,
): TablePosition | 'other-sort' | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [cursorSort, cursorDir, key, id] = value as unknown[];
  if (typeof id !== 'string' || id.length === 0 || !wellFormed(id, 64)) return null;
  if (typeof cursorSort !== 'string' || !(SORT_COLUMNS as string[]).includes(cursorSort)) return null;
  if (cursorDir !== 'asc' && cursorDir !== 'desc') return null;
  const kind = SORT_KEYS[cursorSort as SortColumn].kind;
  const keyOk =
    key === null ||
    (kind === 'number' && typeof key === 'number' && Number.isFinite(key)) ||
    (kind === 'date' && typeof key === 'string' && isDay(key)) ||
    (kind === 'text' && typeof key === 'string' && wellFormed(key, 1000));
  if (!keyOk) return null;
  if (cursorSort !== sort || cursorDir !== dir) return 'other-sort';
  return { key, id };
}

const OTHER_SORT = 'Ce curseur appartient à un autre tri : recommencez depuis la première page.';

/**
 * The database screen's table (`/api/boreholes/table`): a page of the boreholes of the search and
 * scope of `/api/boreholes`, sorted on the server by `sort` and `dir` (keyset pages of at most
 * 500, `cursor` from the previous page's `next_cursor`), with the exact total on the first page
 * (null on the pages after it, and with `total=false`). `/count` gives the total alone: the
 * workspace asks it beside the page, which then comes without waiting for the count.
 */
export const boreholeTableRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/', queryParams(tableSchema), async (c) => {
    const filters = parseFilters(new URL(c.req.url).searchParams);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const query = c.req.valid('query');
    const dir = directionOf(query);
    const after = query.cursor === undefined ? null : tablePositionOf(query.cursor, query.sort, dir);
    if (after === null && query.cursor !== undefined) return c.json<ErrorBody>({ error: BAD_CURSOR }, 400);
    if (after === 'other-sort') return c.json<ErrorBody>({ error: OTHER_SORT }, 400);
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    // The first page counts the matches, on another connection while the page is read; the pages
    // after it are not counted again (the count is most of a page's time at a million boreholes).
    const counted = !after && query.total === 'true';
    const [page, total] = await Promise.all([
      tablePage(c.var.db, { scope, filters: filters.filters, sort: query.sort, dir, limit: query.limit, after }),
      counted ? countBoreholes(c.var.db, scope, filters.filters) : null,
    ]);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      items: page.items,
      total,
      sort: query.sort,
      dir,
      next_cursor: page.next ? tableCursorOf(query.sort, dir, page.next) : null,
    });
  })
  .get('/count', async (c) => {
    const filters = parseFilters(new URL(c.req.url).searchParams);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ total: await countBoreholes(c.var.db, scope, filters.filters) });
  });
