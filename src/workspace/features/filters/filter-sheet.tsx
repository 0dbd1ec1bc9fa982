import { useEffect, useRef } from 'react';
import { ADVANCED_GROUPS, BASIC_GROUPS, type FilterDraft, type FilterError } from './filter-fields.ts';
import { FilterChips, FilterGroups, type SetFilter } from './filter-groups.tsx';

export interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  filters: FilterDraft;
  setF: SetFilter;
  onSearch: () => void;
  loading: boolean;
  onReset: () => void;
  error: FilterError | null;
}

/**
 * The full-screen filter sheet of small screens: a back button and title, the filters in cards,
 * a footer whose primary button searches. It renders nothing when closed, and while open the page
 * under it does not scroll; Escape closes it and focus returns to the button that opened it.
 */
export function FilterSheet({ open, onClose, filters, setF, onSearch, loading, onReset, error }: FilterSheetProps) {
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    dialog.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="filter-sheet" role="dialog" aria-modal="true" aria-labelledby="filter-sheet-title" ref={dialog}>
      <header className="filter-sheet__header">
        <button className="filter-sheet__back" type="button" onClick={onClose} aria-label="Retour">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id="filter-sheet-title">Filtres</h2>
      </header>
      <form
        className="filter-sheet__body"
        noValidate
        id="filter-sheet-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <FilterGroups groups={BASIC_GROUPS} variant="sheet" draft={filters} setF={setF} error={error} />
        <section className="filter-card">
          <h3>Données disponibles</h3>
          <FilterChips draft={filters} setF={setF} columns={3} />
        </section>
        <FilterGroups groups={ADVANCED_GROUPS} variant="sheet" draft={filters} setF={setF} error={error} />
      </form>
      <footer className="filter-sheet__footer">
        {error && (
          <p className="auth-card__error" role={error.field ? undefined : 'alert'}>
            {error.message}
          </p>
        )}
        <button className="button" type="button" onClick={onReset}>
          Réinitialiser
        </button>
        <button className="button button--primary" type="submit" form="filter-sheet-form" disabled={loading}>
          {loading ? 'Recherche…' : 'Afficher les résultats'}
        </button>
      </footer>
    </div>
  );
}
