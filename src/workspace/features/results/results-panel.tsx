import { useEffect, useRef, useState } from 'react';
import { ENUM_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { formatDate, formatDepth } from '../../../domain/format.ts';

export interface ResultsPanelProps {
  rows: Borehole[];
  total: number;
  active: string | null;
  selected: ReadonlySet<string>;
  /** Query string for the links, with the filters and the selected ids. */
  linkQuery: string;
  onPick: (row: Borehole) => void;
}

/** The map's results: count, links to the database and the reports, one card per borehole. */
export function ResultsPanel({ rows, total, active, selected, linkQuery, onPick }: ResultsPanelProps) {
  const [open, setOpen] = useState(true);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!active) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(active)}"]`);
    if (!card) return;
    card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    card.classList.remove('is-flashing');
    void card.offsetWidth;
    card.classList.add('is-flashing');
  }, [active]);

  if (!open) {
    return (
      <button className="button results-reopen" type="button" onClick={() => setOpen(true)}>
        Afficher les résultats ({total})
      </button>
    );
  }
  return (
    <aside className="results-panel" aria-label="Résultats">
      <div className="results-panel__header">
        <h2>
          {total} résultat{total > 1 ? 's' : ''}
        </h2>
        <button className="link-button" type="button" onClick={() => setOpen(false)}>
          Masquer
        </button>
      </div>
      <p className="results-panel__links">
        <a href={`/client/database${linkQuery}`}>Afficher tout</a>
        <a href={`/client/reports${linkQuery}`}>Rapports</a>
      </p>
      {rows.length === 0 ? (
        <p className="results-panel__empty">Aucun résultat pour l’instant.</p>
      ) : (
        <ol className="results-panel__list" ref={list}>
          {rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="result-card"
                data-id={row.id}
                aria-pressed={selected.has(row.id)}
                aria-current={active === row.id ? 'true' : undefined}
                onClick={() => onPick(row)}
              >
                <span className="result-card__id">{row.id}</span>
                <span className="result-card__date">{formatDate(row.date)}</span>
                <span className="result-card__site">{row.site || row.project}</span>
                <span className="result-card__meta">
                  {ENUM_LABELS[row.purpose]} · {ENUM_LABELS[row.type]} · {ENUM_LABELS[row.method]} ·{' '}
                  {formatDepth(row.depth)}
                </span>
                <span className="result-card__addr">{row.addr}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
