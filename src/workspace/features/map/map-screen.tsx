import type { Borehole } from '../../../domain/borehole.ts';
import type { TenantConfig } from '../../../domain/tenants.ts';
import type { Radius } from '../../lib/radius-pick.ts';
import type { Selection } from '../../lib/use-selection.ts';
import { BoreholeMap } from './borehole-map.tsx';
import { ResultsPanel } from './results-panel.tsx';

export interface MapScreenProps {
  rows: Borehole[];
  total: number;
  /** The organisation shown: its map preset and its colours. */
  tenant: TenantConfig;
  selection: Selection;
  /** Query string for the results' links, with the filters and the selected ids. */
  linkQuery: string;
  /** The radius search applied, if any. */
  radius: Radius | null;
}

/** The map screen: the boreholes' dots and the results beside them, sharing one selection. */
export function MapScreen({ rows, total, tenant, selection, linkQuery, radius }: MapScreenProps) {
  return (
    <>
      <BoreholeMap
        rows={rows}
        preset={tenant.mapPreset}
        selected={selection.selected}
        active={selection.active}
        onDotClick={selection.onDotClick}
        onPopupClose={selection.onPopupClose}
        colours={{ dot: tenant.theme.primary, selected: tenant.theme.accent }}
        radius={radius}
      />
      <ResultsPanel
        rows={rows}
        total={total}
        active={selection.active}
        selected={selection.selected}
        linkQuery={linkQuery}
        onPick={(row) => selection.pick(row.id)}
      />
    </>
  );
}
