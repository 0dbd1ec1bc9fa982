import { useEffect, useState } from 'react';
import type { Borehole } from '../../domain/borehole.ts';
import type { ReportItem } from '../../domain/report.ts';
import { apiJson, errorMessage } from '../../lib/api.ts';

export interface ApiList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: string;
}

/** A list of the API for a query string (nothing when `path` is null); the latest query wins. */
function useApiList<T>(path: string | null, what: string): ApiList<T> {
  const [state, setState] = useState<ApiList<T>>({ rows: [], total: 0, loading: path !== null, error: '' });
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
  }, [path, what]);
  return state;
}

/** The boreholes of the API for a query string, or nothing on a screen that does not show them. */
export const useBoreholes = (search: string | null) =>
  useApiList<Borehole>(search === null ? null : `/api/boreholes${search}`, 'forages');

/** The documents of the library for a query string, or nothing on another screen. */
export const useReports = (search: string | null) =>
  useApiList<ReportItem>(search === null ? null : `/api/reports${search}`, 'documents');
