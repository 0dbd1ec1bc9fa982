import { useCallback, useEffect, useState } from 'react';
import { $draftRadius, $pickedCentre, $pickingCentre, radiusOf } from '../../lib/radius-pick.ts';
import { countActive, draftFromSearch, searchFromDraft, type FilterDraft, type FilterError } from './filter-fields.ts';
import { FilterPanel } from './filter-panel.tsx';
import { FilterSheet } from './filter-sheet.tsx';

export interface FiltersProps {
  /** The URL's query string: the form starts from it. */
  search: string;
  /** Runs a search: the new query string. */
  onSearch: (search: string) => void;
  /** Clears every filter (the organisation shown stays). */
  onReset: () => void;
  /** The results, counted for people: '15 forages', '45 documents'. */
  count: string;
  loading: boolean;
  brand: string;
}

/**
 * The filters of a workspace screen: the panel on wide screens, a 'Filtres' button opening the
 * full-screen sheet on small ones. Both edit one draft; a search writes it to the URL.
 */
export function Filters({ search, onSearch, onReset, count, loading, brand }: FiltersProps) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromSearch(search));
  const [error, setError] = useState<FilterError | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const setF = useCallback((name: string, value: string | boolean) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setError(null);
  }, []);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  // A centre chosen on the map fills the form. On a phone the sheet steps aside while the map
  // is clicked, and comes back with the centre filled.
  useEffect(() => {
    let reopen = false;
    const stopPicking = $pickingCentre.listen((picking) => {
      if (picking) {
        setSheetOpen((open) => {
          reopen = open;
          return false;
        });
      } else if (reopen) {
        reopen = false;
        setSheetOpen(true);
      }
    });
    const stopPicked = $pickedCentre.listen((centre) => {
      if (!centre) return;
      setF('centerLat', centre.lat.toFixed(6));
      setF('centerLng', centre.lng.toFixed(6));
      $pickedCentre.set(null);
    });
    return () => {
      stopPicking();
      stopPicked();
    };
  }, [setF]);
  // The radius the form holds is drawn on the map before it applies.
  const draftRadius = radiusOf(draft);
  const draftKey = draftRadius && `${draftRadius.lat},${draftRadius.lng},${draftRadius.km}`;
  useEffect(() => {
    $draftRadius.set(draftKey ? radiusOf(draft) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);
  useEffect(() => () => $draftRadius.set(null), []);
  const ids = new URLSearchParams(search).get('ids');

  const run = () => {
    const result = searchFromDraft(draft, search);
    if (!result.ok) return setError({ message: result.error, field: result.field });
    setSheetOpen(false);
    onSearch(result.search);
  };
  const reset = () => {
    setDraft({});
    setError(null);
    setSheetOpen(false);
    onReset();
  };
  const clearIds = () => {
    const params = new URLSearchParams(search);
    params.delete('ids');
    const text = params.toString();
    onSearch(text ? `?${text}` : '');
  };
  const active = countActive(draft);

  return (
    <>
      <FilterPanel
        filters={draft}
        setF={setF}
        onSearch={run}
        onReset={reset}
        count={count}
        loading={loading}
        error={error}
        restrictedTo={ids ? ids.split(',').filter(Boolean).length : 0}
        onClearIds={clearIds}
        brand={brand}
      />
      <div className="filter-sheet-bar">
        <button className="button" type="button" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
          Filtres{active > 0 ? ` (${active})` : ''}
        </button>
        <span aria-live="polite">{loading ? 'Recherche…' : count}</span>
      </div>
      <FilterSheet
        open={sheetOpen}
        onClose={closeSheet}
        filters={draft}
        setF={setF}
        onSearch={run}
        loading={loading}
        onReset={reset}
        error={error}
      />
    </>
  );
}
