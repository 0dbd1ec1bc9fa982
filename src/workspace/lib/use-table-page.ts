import { useEffect, useState } from 'react';
import type { Borehole } from '../../domain/borehole.ts';
import { apiJson, errorMessage } from '../../lib/api.ts';

/** The columns the server sorts the table by (`GET /api/boreholes/table`, `sort`). */
export type TableSort =
  'id' | 'project' | 'municipality' | 'date' | 'purpose' | 'type' | 'method' | 'depth' | 'address' | 'lat' | 'lon';
export type TableDirection = 'asc' | 'desc';

/** Rows per page of the table. */
export const PAGE_SIZE = 100;

/** The table's order in the address: by date, newest first, unless the user chose otherwise. */
export function tableOrderOf(search: string): { sort: TableSort; dir: TableDirection } {
  const params = new URLSearchParams(search);
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as TableSort)
    : 'date';
  const dir = params.get('dir');
  return { sort, dir: dir === 'asc' || dir === 'desc' ? dir : sort === 'date' ? 'desc' : 'asc' };
}

const SORTS: readonly TableSort[] = [
  'id',
  'project',
  'municipality',
  'date',
  'purpose',
  'type',
  'method',
  'depth',
  'address',
  'lat',
  'lon',
];

export interface TableWalk {
  /** The page shown. */
  rows: Borehole[];
  /** Every match of the search, not just this page's; 0 until the first count, the last one while counting. */
  total: number;
  /** The count of a new search is on its way (the page may come first). */
  counting: boolean;
  /** Where the page starts among the matches (0, 100, 200…). */
  first: number;
  /** Go to the pages around this one; null at an end. */
  previous: (() => void) | null;
  next: (() => void) | null;
  loading: boolean;
  error: string;
}

interface TableAnswer {
  items: Borehole[];
  next_cursor: string | null;
}

interface PageState {
  rows: Borehole[];
  /** Where the rows shown start: the page asked for may not have come yet. */
  first: number;
  next: string | null;
  loading: boolean;
  error: string;
}

/** The search without its order: what the count depends on. */
function countQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('sort');
  params.delete('dir');
  return params.toString();
}

/**
 * The exact count of a search's matches, asked apart from its pages: a page comes without waiting
 * for it (at a million boreholes the count takes several times a page's time), and neither a new
 * page nor a new order counts again.
 */
function useCount(search: string | null): { total: number; counting: boolean } {
  const query = search === null ? null : countQueryOf(search);
  const [count, setCount] = useState({ query: null as string | null, total: 0 });
  useEffect(() => {
    if (query === null) return;
    let current = true;
    apiJson<{ total: number }>(`/api/boreholes/table/count?${query}`).then(
      (answer) => current && setCount({ query, total: answer.total }),
      // The page's request says what went wrong to the user; no count then.
      (error: unknown) => {
        console.error('Compte impossible', error);
        if (current) setCount({ query, total: 0 });
      },
    );
    return () => {
      current = false;
    };
  }, [query]);
  return { total: count.total, counting: query !== null && count.query !== query };
}

/**
 * The database screen's pages for a query string (the filters and the order), sorted and paged by
 * the server with keyset cursors: the browser never holds more than a page. A new query starts at
 * the first page; the latest request wins. Nothing is asked when `search` is null. The map's
 * results panel walks the same pages, of 200 cards.
 */
export function useTableWalk(search: string | null, pageSize = PAGE_SIZE): TableWalk {
  // The cursors of the pages walked through: the last one is the page shown.
  const [walk, setWalk] = useState<{ search: string | null; cursors: (string | null)[] }>({ search, cursors: [null] });
  const cursors = walk.search === search ? walk.cursors : [null];
  if (walk.search !== search) setWalk({ search, cursors });
  const cursor = cursors.at(-1) ?? null;
  const first = (cursors.length - 1) * pageSize;
  const count = useCount(search);
  const [page, setPage] = useState<PageState>({
    rows: [],
    first: 0,
    next: null,
    loading: search !== null,
    error: '',
  });
  useEffect(() => {
    if (search === null) return;
    let current = true;
    const params = new URLSearchParams(search);
    params.set('limit', String(pageSize));
    params.set('total', 'false');
    if (cursor) params.set('cursor', cursor);
    setPage((previous) => ({ ...previous, loading: true }));
    apiJson<TableAnswer>(`/api/boreholes/table?${params}`).then(
      (answer) =>
        current && setPage({ rows: answer.items, first, next: answer.next_cursor, loading: false, error: '' }),
      (error: unknown) => {
        console.error('Page du tableau impossible', error);
        if (current)
          setPage({
            rows: [],
            first,
            next: null,
            loading: false,
            error: errorMessage(error, 'Recherche impossible.'),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [search, cursor, first, pageSize]);
  const { next } = page;
  return {
    ...page,
    ...count,
    previous: cursors.length > 1 ? () => setWalk({ search, cursors: cursors.slice(0, -1) }) : null,
    next: next && !page.loading ? () => setWalk({ search, cursors: [...cursors, next] }) : null,
  };
}

/** What an export of the database screen holds: some boreholes by id, or every match (`ids` null). */
export interface ExportTarget {
  ids: readonly string[] | null;
  count: number;
}
