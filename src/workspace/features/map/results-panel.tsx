import { useEffect, useRef, useState } from 'react';
import { labelOf, PURPOSE_LABELS, TYPE_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { countOf, formatDate, formatDepth } from '../../../domain/format.ts';
import { recordPath } from '../../../domain/record.ts';

export interface ResultsPanelProps {
  rows: Borehole[];
  total: number;
  active: string | null;
  /** The active borehole's row, listed first when it is not among the newest. */
  activeRow: Borehole | null;
  selected: ReadonlySet<string>;
  /** Query string for the links, with the filters and the selected ids. */
  linkQuery: string;
  onPick: (row: Borehole) => void;
}

/** Cards drawn at most: beyond, the database's pages show the rest. */
export const CARD_LIMIT = 200;

function shownCards(rows: Borehole[], active: Borehole | null): Borehole[] {
  const first = rows.slice(0, CARD_LIMIT);
  if (!active || first.some((row) => row.id === active.id)) return first;
  return [active, ...first.slice(0, CARD_LIMIT - 1)];
}

/**
 * The map's results: count, links to the database and the reports, one card per borehole for the
 * first 200 (the active one always among them).
 */
export function ResultsPanel({ rows, total, active, activeRow, selected, linkQuery, onPick }: ResultsPanelProps) {
  const [open, setOpen] = useState(true);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!active) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(active)}"]`);
    if (!card) return;
    // Only the panel's own list scrolls, never the page: on a phone the list lies below the map,
    // and scrolling the page to it would take the popup just opened out of view.
    const panel = card.closest<HTMLElement>('.results-panel');
    if (panel && panel.scrollHeight > panel.clientHeight) {
      const [inner, outer] = [card.getBoundingClientRect(), panel.getBoundingClientRect()];
      const by = inner.top < outer.top ? inner.top - outer.top - 8 : Math.max(0, inner.bottom - outer.bottom + 8);
      if (by !== 0) panel.scrollBy({ top: by, behavior: 'smooth' });
    }
    card.classList.remove('is-flashing');
    void card.offsetWidth;
    card.classList.add('is-flashing');
  }, [active, activeRow]);

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
        <h2>{countOf(total, 'résultat')}</h2>
        {selected.size > 0 && <p className="results-panel__selected">{countOf(selected.size, 'sélectionné')}</p>}
        <button className="link-button" type="button" onClick={() => setOpen(false)}>
          Masquer
        </button>
      </div>
      <p className="results-panel__links">
        <a href={`/client/database${linkQuery}`}>Afficher tout</a>
        <a href={`/client/reports${linkQuery}`}>Rapports</a>
      </p>
      {rows.length === 0 ? (
        <p className="results-panel__empty">Aucun résultat.</p>
      ) : (
        <ol className="results-panel__list" ref={list}>
          {shownCards(rows, activeRow).map((row) => (
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
                  {[PURPOSE_LABELS[row.purpose], TYPE_LABELS[row.type], labelOf(row.method)]
                    .filter(Boolean)
                    .join(' · ')}{' '}
                  · {formatDepth(row.depth)}
                </span>
                <span className="result-card__addr">{row.addr}</span>
              </button>
              <a className="result-card__open" href={recordPath(row.id)}>
                Fiche<span className="sr-only"> de {row.id}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
      {total > CARD_LIMIT && (
        <p className="results-panel__more">
          Les {CARD_LIMIT} premiers des {total} résultats sont listés ici.{' '}
          <a href={`/client/database${linkQuery}`}>Tout voir dans la base de données</a>
        </p>
      )}
    </aside>
  );
}
