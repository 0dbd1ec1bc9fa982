import { useEffect, useRef, useState } from 'react';
import { labelOf, PURPOSE_LABELS, TYPE_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { countOf, formatDate, formatDepth, numberFormat } from '../../../domain/format.ts';
import { recordPath } from '../../../domain/record.ts';
import type { TableWalk } from '../../lib/use-table-page.ts';

export interface ResultsPanelProps {
  /** The page of cards shown (the newest first), where it starts, every match's count, the pages around. */
  page: Pick<TableWalk, 'rows' | 'first' | 'total' | 'previous' | 'next' | 'loading'>;
  active: string | null;
  /** The active borehole's row, listed first when it is not among the newest. */
  activeRow: Borehole | null;
  selected: ReadonlySet<string>;
  /** Query string for the links, with the filters and the selected ids. */
  linkQuery: string;
  onPick: (row: Borehole, event: { ctrlKey: boolean; metaKey: boolean }) => void;
}

/** Cards on a page of the panel, read from the server as a page of the table. */
export const CARDS_PER_PAGE = 200;

const thousands = numberFormat();

/** The page's cards, the active borehole's first when the page does not hold it. */
function shownCards(rows: Borehole[], active: Borehole | null): Borehole[] {
  if (!active || rows.some((row) => row.id === active.id)) return rows;
  return [active, ...rows];
}

/**
 * The map's results: count, links to the database and the reports, one card per borehole, 200 a
 * page from the newest (the active one always among them).
 */
export function ResultsPanel({ page, active, activeRow, selected, linkQuery, onPick }: ResultsPanelProps) {
  const { rows, total, first } = page;
  const [open, setOpen] = useState(true);
  const list = useRef<HTMLOListElement>(null);
  const panel = useRef<HTMLElement>(null);

  // Another page starts at the top of the list.
  useEffect(() => {
    panel.current?.scrollTo({ top: 0 });
  }, [first]);

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
    <aside className="results-panel" aria-label="Résultats" ref={panel}>
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
        <ol className="results-panel__list" ref={list} aria-busy={page.loading}>
          {shownCards(rows, activeRow).map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="result-card"
                data-id={row.id}
                aria-pressed={selected.has(row.id)}
                aria-current={active === row.id ? 'true' : undefined}
                onClick={(event) => onPick(row, event)}
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
      {(page.previous || page.next) && (
        <nav className="results-panel__pager" aria-label="Pages des résultats">
          <button className="button" type="button" disabled={!page.previous} onClick={page.previous ?? undefined}>
            Précédent
          </button>
          <span aria-live="polite">
            {thousands.format(first + 1)}–{thousands.format(first + rows.length)} sur {thousands.format(total)}
          </span>
          <button className="button" type="button" disabled={!page.next} onClick={page.next ?? undefined}>
            Suivant
          </button>
        </nav>
      )}
    </aside>
  );
}
