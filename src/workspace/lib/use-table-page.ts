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
  /** Every match of the search, not just this page's; 0 until the first answer. */
  total: number;
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
  /** Counted on the first page only: null on the pages after it. */
  total: number | null;
  next_cursor: string | null;
}

interface PageState {
  rows: Borehole[];
  /** Where the rows shown start: the page asked for may not have come yet. */
  first: number;
  total: number;
  next: string | null;
  loading: boolean;
  error: string;
}

/**
 * The database screen's pages for a query string (the filters and the order), sorted and paged by
 * the server with keyset cursors: the browser never holds more than a page. A new query starts at
 * the first page; the latest request wins. Nothing is asked when `search` is null. The map's
 * results panel reads the first page alone, of its 200 cards.
 */
export function useTableWalk(search: string | null, pageSize = PAGE_SIZE): TableWalk {
  // The cursors of the pages walked through: the last one is the page shown.
  const [walk, setWalk] = useState<{ search: string | null; cursors: (string | null)[] }>({ search, cursors: [null] });
  const cursors = walk.search === search ? walk.cursors : [null];
  if (walk.search !== search) setWalk({ search, cursors });
  const cursor = cursors.at(-1) ?? null;
  const first = (cursors.length - 1) * pageSize;
  const [page, setPage] = useState<PageState>({
    rows: [],
    first: 0,
    total: 0,
    next: null,
    loading: search !== null,
    error: '',
  });
  useEffect(() => {
    if (search === null) return;
    let current = true;
    const params = new URLSearchParams(search);
    params.set('limit', String(pageSize));
    if (cursor) params.set('cursor', cursor);
    setPage((previous) => ({ ...previous, loading: true }));
    apiJson<TableAnswer>(`/api/boreholes/table?${params}`).then(
      (answer) =>
        current &&
        setPage((previous) => ({
          rows: answer.items,
          first,
          total: answer.total ?? previous.total,
          next: answer.next_cursor,
          loading: false,
          error: '',
        })),
      (error: unknown) => {
        console.error('Page du tableau impossible', error);
        if (current)
          setPage({
            rows: [],
            first,
            total: 0,
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
    previous: cursors.length > 1 ? () => setWalk({ search, cursors: cursors.slice(0, -1) }) : null,
    next: next && !page.loading ? () => setWalk({ search, cursors: [...cursors, next] }) : null,
  };
}

/** What an export of the database screen holds: some boreholes by id, or every match (`ids` null). */
export interface ExportTarget {
  ids: readonly string[] | null;
  count: number;
}
