import { useCallback, useEffect, useState } from 'react';
import type { ReportItem } from '../../domain/report.ts';
import { apiJson, errorMessage } from '../../lib/api.ts';

export interface ApiList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: string;
}

/** A list and the ways to ask for it again: `reload` says it is loading, `refresh` does not. */
export type ReloadableList<T> = ApiList<T> & { reload: () => void; refresh: () => void };

/** A list of the API for a query string (nothing when `path` is null); the latest query wins. */
function useApiList<T>(path: string | null, what: string): ReloadableList<T> {
  const [state, setState] = useState<ApiList<T>>({ rows: [], total: 0, loading: path !== null, error: '' });
  const [version, setVersion] = useState({ count: 0, quiet: false });
  const reload = useCallback(() => setVersion(({ count }) => ({ count: count + 1, quiet: false })), []);
  const refresh = useCallback(() => setVersion(({ count }) => ({ count: count + 1, quiet: true })), []);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    if (!version.quiet) setState((previous) => ({ ...previous, loading: true }));
    apiJson<{ items: T[]; total: number }>(path).then(
      (page) => current && setState({ rows: page.items, total: page.total, loading: false, error: '' }),
      (error: unknown) => {
        console.error(`Recherche de ${what} impossible`, error);
        if (current)
          setState({ rows: [], total: 0, loading: false, error: errorMessage(error, 'Recherche impossible.') });
      },
    );
    return () => {
      current = false;
    };
  }, [path, what, version]);
  return { ...state, reload, refresh };
}

/** Seconds between two looks at a list while some of its documents are being processed. */
const PROCESSING_POLL_MS = 3000;

/**
 * The documents of the library for a query string, or nothing on another screen. While some are
 * « En traitement », the list is read again every 3 s, without a « Recherche… », until none is.
 */
export function useReports(search: string | null): ReloadableList<ReportItem> {
  const list = useApiList<ReportItem>(search === null ? null : `/api/reports${search}`, 'documents');
  const { rows, loading, refresh } = list;
  const waiting = !loading && rows.some((row) => row.status === 'processing');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(refresh, PROCESSING_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, rows, refresh]);
  return list;
}
