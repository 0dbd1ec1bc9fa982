import { useState, type MouseEvent } from 'react';
import { REPORT_STATUS_LABELS, verifyPath, type ReportItem } from '../../../domain/report.ts';
import { formatDate, formatSize } from '../../../domain/format.ts';

export interface ReportGridProps {
  rows: ReportItem[];
  selected: ReadonlySet<string>;
  onCard: (event: MouseEvent, report: ReportItem) => void;
  /** The user may check a log read in a document (members and administrators). */
  canVerify: boolean;
}

/**
 * A document's picture, drawn by the server (first page of a PDF, the image): loaded only when the
 * card comes into view; an empty page when there is none or it cannot be drawn (a damaged file).
 * Decorative: the card's text says what the document is.
 */
function Thumbnail({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="report-card__thumb" aria-hidden="true">
      {src && !failed && (
        <img src={src} alt="" loading="lazy" decoding="async" width={72} height={96} onError={() => setFailed(true)} />
      )}
    </span>
  );
}

/** Cards drawn at first, and added by each 'Afficher plus'. */
const PAGE = 200;

/** The library's cards (PDF or IMAGE badge, title, site, date, size), drawn 200 at a time. */
export function ReportGrid({ rows, selected, onCard, canVerify }: ReportGridProps) {
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
              <Thumbnail src={report.thumbnail} />
              <span className="report-card__text">
                <span className={`report-card__badge report-card__badge--${report.kind}`}>
                  {report.kind === 'pdf' ? 'PDF' : 'IMAGE'}
                </span>
                <span className="report-card__title">{report.title}</span>
                <span className="report-card__meta">
                  <span className="report-card__id">{report.bhId}</span> · {report.site}
                </span>
                <span className="report-card__meta">
                  {formatDate(report.date)} · {formatSize(report.size)}
                  {report.status !== 'ready' && ` · ${REPORT_STATUS_LABELS[report.status]}`}
                </span>
                {report.status === 'failed' && report.statusReason && (
                  <span className="report-card__reason">{report.statusReason}</span>
                )}
              </span>
            </button>
            {canVerify && report.status === 'review' && (
              <a className="button report-card__verify" href={verifyPath(report.id)}>
                Vérifier le journal<span className="sr-only"> « {report.title} »</span>
              </a>
            )}
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
