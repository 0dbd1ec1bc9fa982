import { useEffect, useState } from 'react';
import type { Borehole } from '../../domain/borehole.ts';
import { apiJson, errorMessage } from '../../lib/api.ts';

export interface BoreholeResults {
  rows: Borehole[];
  total: number;
  loading: boolean;
  error: string;
}

/** The boreholes of the API for a query string; the answer of the latest query wins. */
export function useBoreholes(search: string): BoreholeResults {
  const [state, setState] = useState<BoreholeResults>({ rows: [], total: 0, loading: true, error: '' });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    apiJson<{ items: Borehole[]; total: number }>(`/api/boreholes${search}`).then(
      (page) => current && setState({ rows: page.items, total: page.total, loading: false, error: '' }),
      (error: unknown) => {
        console.error('Recherche de forages impossible', error);
        if (current)
          setState({ rows: [], total: 0, loading: false, error: errorMessage(error, 'Recherche impossible.') });
      },
    );
    return () => {
      current = false;
    };
  }, [search]);
  return state;
}
