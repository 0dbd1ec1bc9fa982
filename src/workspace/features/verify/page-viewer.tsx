import { useEffect, useRef, useState } from 'react';
import type { Box } from '../../../domain/digitise/words.ts';

/** A value read on a page: its box, what it is in words, and whether it is the one in focus. */
export interface Mark {
  key: string;
  page: number;
  box: Box;
  label: string;
}

export interface PageViewerProps {
  /** Signed links to each page's picture. */
  pages: string[];
  page: number;
  onPage: (page: number) => void;
  marks: Mark[];
  /** The mark of the value in focus in the tables: outlined, and scrolled into view. */
  active: string | null;
  onMark: (key: string) => void;
}

const ZOOMS = [1, 1.5, 2, 3] as const;
const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * A page of the document as it was read, with a box over every value read on it. A click on a box
 * puts its value in focus in the tables; the value in focus in the tables is outlined here. The
 * page can be zoomed (its boxes follow) and scrolls in its own frame.
 */
export function PageViewer({ pages, page, onPage, marks, active, onMark }: PageViewerProps) {
  const [zoom, setZoom] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const activeRef = useRef<HTMLButtonElement | null>(null);
  // A value put in focus at 100 % is shown at 200 %: its box must be readable at once (state set
  // while rendering, as React advises for a change of props).
  const [focused, setFocused] = useState(active);
  if (active !== focused) {
    setFocused(active);
    if (active !== null) setZoom(Math.max(zoom, ZOOMS.indexOf(2)));
  }
  // The value in focus is brought to the middle of the page's frame, scrolling that frame only:
  // scrollIntoView would scroll the document too, and on a phone take the field being typed in
  // out of view.
  const frameRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const [frame, mark] = [frameRef.current, activeRef.current];
    if (!frame || !mark) return;
    const [outer, inner] = [frame.getBoundingClientRect(), mark.getBoundingClientRect()];
    frame.scrollBy({
      left: inner.left + inner.width / 2 - (outer.left + outer.width / 2),
      top: inner.top + inner.height / 2 - (outer.top + outer.height / 2),
      behavior: 'smooth',
    });
  }, [active, page, zoom]);

  if (pages.length === 0) {
    return (
      <p className="verify__no-page">
        Ce fichier ne peut pas être dessiné : les valeurs lues restent modifiables à droite, et le fichier s’ouvre
        depuis le lien du document.
      </p>
    );
  }
  const shown = marks.filter((mark) => mark.page === page);
  return (
    <section className="verify__viewer" aria-label="Page du document">
      <div className="verify__toolbar">
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Page précédente
        </button>
        <span aria-live="polite">
          Page {page} sur {pages.length}
        </span>
        <button type="button" className="button" disabled={page >= pages.length} onClick={() => onPage(page + 1)}>
          Page suivante
        </button>
        <span className="verify__zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            className="button"
            aria-label="Réduire"
            disabled={zoom === 0}
            onClick={() => setZoom(zoom - 1)}
          >
            −
          </button>
          <span>{Math.round(ZOOMS[zoom]! * 100)} %</span>
          <button
            type="button"
            className="button"
            aria-label="Agrandir"
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom(zoom + 1)}
          >
            +
          </button>
        </span>
      </div>
      {/* Focusable so that the keyboard scrolls a zoomed page with the arrows. */}
      <div
        ref={frameRef}
        className="verify__frame"
        tabIndex={0}
        role="group"
        aria-label={`Page ${page}, agrandie à ${Math.round(ZOOMS[zoom]! * 100)} %`}
      >
        <div className="verify__page" style={{ width: `${ZOOMS[zoom]! * 100}%` }}>
          {failed.has(page) ? (
            <p className="verify__no-page">La page {page} n’a pas pu être affichée.</p>
          ) : (
            <img
              src={pages[page - 1]}
              alt={`Page ${page} du document`}
              onError={() => setFailed(new Set([...failed, page]))}
            />
          )}
          {shown.map((mark) => (
            <button
              key={mark.key}
              ref={mark.key === active ? activeRef : undefined}
              type="button"
              tabIndex={-1}
              className="verify__mark"
              aria-current={mark.key === active ? 'true' : undefined}
              aria-label={mark.label}
              title={mark.label}
              style={{
                left: percent(mark.box.x),
                top: percent(mark.box.y),
                width: percent(mark.box.width),
                height: percent(mark.box.height),
              }}
              onClick={() => onMark(mark.key)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

/** The share of the page shown around a value in the loupe, on each side of its box. */
const AROUND = 0.04;

/**
 * The value in focus, cut from its page and enlarged, above the fields on a narrow screen (a
 * phone): the value read and the field that holds it are seen together, one value at a time.
 */
export function ValueLoupe({ pages, marks, active }: Pick<PageViewerProps, 'pages' | 'marks' | 'active'>) {
  const mark = marks.find((candidate) => candidate.key === active);
  const source = mark ? pages[mark.page - 1] : undefined;
  if (!mark || !source) {
    return (
      <p className="verify__loupe verify__loupe--empty" aria-hidden="true">
        Entrez dans une valeur pour la voir ici, telle que la page l’écrit.
      </p>
    );
  }
  const { box } = mark;
  const across = Math.min(1, box.width + 2 * AROUND);
  const left = Math.max(0, Math.min(1 - across, box.x - AROUND));
  return (
    <figure className="verify__loupe" aria-label={`${mark.label}, sur la page ${mark.page}`}>
      {/* The page at the width that makes the value and a little around it fill the loupe, moved so
          that the value stands in the middle. Percentages of translate are of the page itself. */}
      <div
        className="verify__loupe-page"
        style={{
          width: `${100 / across}%`,
          transform: `translate(${-left * 100}%, ${-(box.y + box.height / 2) * 100}%)`,
        }}
      >
        <img src={source} alt="" />
        <span
          className="verify__loupe-ring"
          style={{ left: percent(box.x), top: percent(box.y), width: percent(box.width), height: percent(box.height) }}
        />
      </div>
    </figure>
  );
}
