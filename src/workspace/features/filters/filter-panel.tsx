import { useId, useState } from 'react';
import { countOf } from '../../../domain/format.ts';
import { ADVANCED_GROUPS, BASIC_GROUPS, type FilterDraft, type FilterError } from './filter-fields.ts';
import { FilterChips, FilterGroups, type SetFilter } from './filter-groups.tsx';

export interface FilterPanelProps {
  filters: FilterDraft;
  setF: SetFilter;
  onSearch: () => void;
  onReset: () => void;
  count: string;
  loading: boolean;
  error: FilterError | null;
  /** How many boreholes `ids` restricts the view to, if it does. */
  restrictedTo: number;
  onClearIds: () => void;
  brand: string;
}

const hasAdvanced = (draft: FilterDraft) =>
  ADVANCED_GROUPS.some((group) => group.fields.some((field) => draft[field.name]));

/** The filter panel of wide screens: header with the count, the form, actions, the brand. */
export function FilterPanel(props: FilterPanelProps) {
  const { filters, setF, onSearch, onReset, count, loading, error, restrictedTo, onClearIds, brand } = props;
  const [open, setOpen] = useState(true);
  const formId = useId();
  return (
    <aside className="filter-panel" data-open={open} aria-label="Filtres">
      <div className="filter-panel__header">
        <h2>Filtres</h2>
        <p className="filter-panel__count" aria-live="polite">
          {loading ? 'Recherche…' : count}
        </p>
        <button
          className="link-button"
          type="button"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Replier' : 'Déplier'}
        </button>
      </div>
      {open && (
        <>
          {restrictedTo > 0 && (
            <p className="filter-panel__ids">
              Vue limitée à {countOf(restrictedTo, 'forage')} choisis.{' '}
              <button className="link-button" type="button" onClick={onClearIds}>
                Retirer la limite
              </button>
            </p>
          )}
          <form
            id={formId}
            className="filter-panel__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSearch();
            }}
          >
            <FilterGroups groups={BASIC_GROUPS} variant="panel" draft={filters} setF={setF} error={error} />
            <fieldset className="filter-group">
              <legend>Données disponibles</legend>
              <FilterChips draft={filters} setF={setF} error={error} />
            </fieldset>
            <details className="filter-panel__advanced" open={hasAdvanced(filters)}>
              <summary>Filtres avancés</summary>
              <FilterGroups groups={ADVANCED_GROUPS} variant="panel" draft={filters} setF={setF} error={error} />
            </details>
            {error && !error.field && (
              <p className="auth-card__error" role="alert">
                {error.message}
              </p>
            )}
            <div className="filter-panel__actions">
              <button className="button button--primary" type="submit" disabled={loading}>
                {loading ? 'Recherche…' : 'Rechercher'}
              </button>
              <button className="button" type="button" onClick={onReset}>
                Réinitialiser
              </button>
            </div>
          </form>
          <p className="filter-panel__brand">
            <img src="/favicon.svg" alt="" width="20" height="20" />
            GéoSonde · {brand}
          </p>
        </>
      )}
    </aside>
  );
}
