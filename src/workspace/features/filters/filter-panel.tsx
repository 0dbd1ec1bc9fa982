import { useState, type FormEvent } from 'react';
import {
  BOREHOLE_TYPES,
  DATA_FLAGS,
  DRILLING_METHODS,
  ENUM_LABELS,
  PURPOSES,
  type DataFlag,
} from '../../../domain/borehole.ts';
import type { BoreholeFilters } from '../../../domain/filters.ts';

export const FLAG_LABELS: Record<DataFlag, string> = {
  has_hydro: 'Hydrogéologie',
  has_geodata: 'Géodonnées',
  has_litho: 'Lithologie',
  has_chem: 'Chimie',
  has_pdf: 'PDF',
  has_core: 'Carotte',
};

export interface FilterPanelProps {
  filters: BoreholeFilters;
  total: number;
  loading: boolean;
  onSearch: (filters: BoreholeFilters) => void;
}

type Draft = Record<string, string | boolean>;

const TEXT_FIELDS: [keyof BoreholeFilters, string][] = [
  ['project', 'Projet'],
  ['municipality', 'Municipalité'],
  ['boreholeId', 'ID du forage'],
  ['address', 'Adresse'],
];

/** The two-sided ranges of the form: dates, then depths in metres. */
const RANGE_FIELDS = [
  [
    { name: 'dateFrom', label: 'Du', type: 'date' },
    { name: 'dateTo', label: 'Au', type: 'date' },
  ],
  [
    { name: 'depthMin', label: 'Profondeur min. (m)', type: 'number' },
    { name: 'depthMax', label: 'Profondeur max. (m)', type: 'number' },
  ],
] as const;

const toDraft = (filters: BoreholeFilters): Draft =>
  Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [name, typeof value === 'boolean' ? value : String(value ?? '')]),
  );

/** Reads the form back into filters: numbers as numbers, chips as true, blanks dropped. */
function toFilters(draft: Draft, ids: string[] | undefined): BoreholeFilters {
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(draft)) {
    if (value === '' || value === false) continue;
    if (['depthMin', 'depthMax'].includes(name)) filters[name] = Number(value);
    else filters[name] = value;
  }
  if (ids?.length) filters.ids = ids;
  return filters;
}

/** The filter panel: text, lists, dates, depths and the six data chips; searches on submit. */
export function FilterPanel({ filters, total, loading, onSearch }: FilterPanelProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(filters));
  const [open, setOpen] = useState(true);
  const set = (name: string, value: string | boolean) => setDraft((current) => ({ ...current, [name]: value }));
  const text = (name: string) => (typeof draft[name] === 'string' ? draft[name] : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(toFilters(draft, filters.ids));
  };

  return (
    <aside className="filter-panel" data-open={open} aria-label="Filtres">
      <div className="filter-panel__header">
        <h2>Filtres</h2>
        <p className="filter-panel__count" aria-live="polite">
          {loading ? 'Recherche…' : `${total} forage${total > 1 ? 's' : ''}`}
        </p>
        <button className="link-button" type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Replier' : 'Déplier'}
        </button>
      </div>
      {open && (
        <form className="filter-panel__form" onSubmit={submit}>
          {TEXT_FIELDS.map(([name, label]) => (
            <label key={name} className="field">
              {label}
              <input value={text(name)} onChange={(event) => set(name, event.target.value)} />
            </label>
          ))}
          {(
            [
              ['purpose', 'But', PURPOSES],
              ['type', 'Type', BOREHOLE_TYPES],
              ['drillingMethod', 'Méthode de forage', DRILLING_METHODS],
            ] as const
          ).map(([name, label, values]) => (
            <label key={name} className="field">
              {label}
              <select value={text(name)} onChange={(event) => set(name, event.target.value)}>
                <option value="">Tous</option>
                {values.map((value) => (
                  <option key={value} value={value}>
                    {ENUM_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {RANGE_FIELDS.map((pair) => (
            <div key={pair[0].name} className="filter-panel__pair">
              {pair.map(({ name, label, type }) => (
                <label key={name} className="field">
                  {label}
                  <input
                    type={type}
                    {...(type === 'number' ? { min: '0', step: '0.1' } : {})}
                    value={text(name)}
                    onChange={(event) => set(name, event.target.value)}
                  />
                </label>
              ))}
            </div>
          ))}
          <fieldset className="filter-panel__chips">
            <legend>Données disponibles</legend>
            {DATA_FLAGS.map((flag) => (
              <button
                key={flag}
                type="button"
                className="filter-chip"
                aria-pressed={draft[flag] === true}
                onClick={() => set(flag, draft[flag] !== true)}
              >
                {FLAG_LABELS[flag]}
              </button>
            ))}
          </fieldset>
          <div className="filter-panel__actions">
            <button className="button button--primary" type="submit" disabled={loading}>
              {loading ? 'Recherche…' : 'Rechercher'}
            </button>
            <button
              className="button"
              type="button"
              onClick={() => {
                setDraft({});
                onSearch({});
              }}
            >
              Réinitialiser
            </button>
          </div>
        </form>
      )}
    </aside>
  );
}
