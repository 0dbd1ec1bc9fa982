import { useCallback, useEffect, useState } from 'react';
import type { ReportItem } from '../../domain/report.ts';
import { apiJson, errorMessage } from '../../lib/api.ts';

export interface ApiList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: string;
}

/** A list and the way to ask for it again. */
export type ReloadableList<T> = ApiList<T> & { reload: () => void };

/** A list of the API for a query string (nothing when `path` is null); the latest query wins. */
function useApiList<T>(path: string | null, what: string): ReloadableList<T> {
  const [state, setState] = useState<ApiList<T>>({ rows: [], total: 0, loading: path !== null, error: '' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
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
  return { ...state, reload };
}

/** The documents of the library for a query string, or nothing on another screen. */
export const useReports = (search: string | null) =>
  useApiList<ReportItem>(search === null ? null : `/api/reports${search}`, 'documents');
