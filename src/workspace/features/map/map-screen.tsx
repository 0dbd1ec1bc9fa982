import { useEffect, useState } from 'react';
import type { Borehole } from '../../../domain/borehole.ts';
import type { TenantConfig } from '../../../domain/tenants.ts';
import { apiJson } from '../../../lib/api.ts';
import type { Radius } from '../../lib/radius-pick.ts';
import type { Selection } from '../../lib/use-selection.ts';
import { BoreholeMap } from './borehole-map.tsx';
import { ResultsPanel, type ResultsPanelProps } from './results-panel.tsx';

export interface MapScreenProps {
  /** The search (filters, organisation shown), for the map's views. */
  search: string;
  /** The page of the search's results the cards show, and how many match in all. */
  results: ResultsPanelProps['page'];
  /** The organisation shown: its map preset and its colours. */
  tenant: TenantConfig;
  selection: Selection;
  /** Query string for the results' links, with the filters and the selected ids. */
  linkQuery: string;
  /** The radius search applied, if any. */
  radius: Radius | null;
}

/**
 * The active borehole's row: among the cards, or asked of the server (a dot far down the results,
 * whose row the page does not hold).
 */
function useActiveRow(active: string | null, rows: Borehole[], search: string): Borehole | null {
  const listed = active ? (rows.find((row) => row.id === active) ?? null) : null;
  const [fetched, setFetched] = useState<Borehole | null>(null);
  const tenant = new URLSearchParams(search).get('tenant');
  useEffect(() => {
    if (!active || listed) return;
    let current = true;
    const query = tenant ? `?tenant=${encodeURIComponent(tenant)}` : '';
    apiJson<Borehole>(`/api/boreholes/${encodeURIComponent(active)}${query}`).then(
      (row) => current && setFetched(row),
      (error: unknown) => console.error('Forage introuvable', error),
    );
    return () => {
      current = false;
    };
  }, [active, listed, tenant]);
  return listed ?? (fetched?.id === active ? fetched : null);
}

/** The map screen: the boreholes' dots and the results beside them, sharing one selection. */
export function MapScreen({ search, results, tenant, selection, linkQuery, radius }: MapScreenProps) {
  const focus = useActiveRow(selection.active, results.rows, search);
  return (
    <>
      <BoreholeMap
        search={search}
        preset={tenant.mapPreset}
        selected={selection.selected}
        active={selection.active}
        focus={focus}
        onDotClick={selection.onDotClick}
        onPopupClose={selection.onPopupClose}
        multiple={selection.multiple}
        onMultiple={selection.setMultiple}
        onRectangle={selection.addMany}
        colours={{ dot: tenant.theme.primary, selected: tenant.theme.accent }}
        radius={radius}
      />
      <ResultsPanel
        page={results}
        active={selection.active}
        activeRow={focus}
        selected={selection.selected}
        linkQuery={linkQuery}
        onPick={(row, event) => selection.onCardClick(row.id, event)}
      />
    </>
  );
}
