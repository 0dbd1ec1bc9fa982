import { useState, type MouseEvent } from 'react';
import type { ReportItem } from '../../../domain/report.ts';
import { formatDate, formatSize } from '../../../domain/format.ts';

export interface ReportGridProps {
  rows: ReportItem[];
  selected: ReadonlySet<string>;
  onCard: (event: MouseEvent, report: ReportItem) => void;
}

/** Cards drawn at first, and added by each 'Afficher plus'. */
const PAGE = 200;

/** The library's cards (PDF or IMAGE badge, title, site, date, size), drawn 200 at a time. */
export function ReportGrid({ rows, selected, onCard }: ReportGridProps) {
  const [shown, setShown] = useState(PAGE);
  if (rows.length === 0) return <p className="results-panel__empty">Aucun résultat.</p>;
  return (
    <>
      <ul className="report-grid">
        {rows.slice(0, shown).map((report) => (
          <li key={report.id}>
            <button
              type="button"
              className="report-card"
              data-id={report.id}
              aria-pressed={selected.has(report.id)}
              title={report.href ? 'Ctrl ou Cmd + clic : ouvrir le document' : undefined}
              onClick={(event) => onCard(event, report)}
            >
              <span className={`report-card__badge report-card__badge--${report.kind}`}>
                {report.kind === 'pdf' ? 'PDF' : 'IMAGE'}
              </span>
              <span className="report-card__title">{report.title}</span>
              <span className="report-card__meta">
                {report.bhId} · {report.site}
              </span>
              <span className="report-card__meta">
                {formatDate(report.date)} · {formatSize(report.size)}
                {report.status === 'processing' && ' · En traitement'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {rows.length > shown && (
        <p className="report-grid__more">
          <button className="button" type="button" onClick={() => setShown(shown + PAGE)}>
            Afficher {Math.min(PAGE, rows.length - shown)} de plus ({shown} sur {rows.length})
          </button>
        </p>
      )}
    </>
  );
}
