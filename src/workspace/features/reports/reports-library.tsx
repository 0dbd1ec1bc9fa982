import { useState, type MouseEvent } from 'react';
import type { ReportItem } from '../../../domain/report.ts';
import { countOf, formatDate, formatSize } from '../../../domain/format.ts';
import { ExportMenu } from '../exports/export-menu.tsx';
import { reportsExports } from '../exports/reports-exports.ts';
import { toggled } from '../../lib/selection.ts';
import { UploadDialog } from './upload-dialog.tsx';

export interface ReportsLibraryProps {
  rows: ReportItem[];
  total: number;
  /** The map's address for some boreholes (the query string kept, `ids` replaced). */
  mapLink: (boreholeIds: string[]) => string;
  onReset: () => void;
  /** The organisation shown (the AGS export's recipient). */
  organisation: string;
  /** False for a read-only account: no uploads. */
  canUpload: boolean;
  /** Called when the server accepted an uploaded document (the library reloads). */
  onUploaded: () => void;
}

/** Cards drawn at first, and added by each 'Afficher plus'. */
const PAGE = 200;

const open = (report: ReportItem | undefined) => {
  if (report?.href) window.open(report.href, '_blank', 'noopener');
};

/**
 * The library: one card per document (PDF or IMAGE badge, title, site, date, size). A click
 * toggles the selection, Ctrl/Cmd-click opens the document. The parent remounts it when the URL's
 * query changes, which resets the selection.
 */
export function ReportsLibrary({
  rows,
  total,
  mapLink,
  onReset,
  organisation,
  canUpload,
  onUploaded,
}: ReportsLibraryProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const [uploading, setUploading] = useState(false);
  const chosen = rows.filter((row) => selected.has(row.id));
  const exported = chosen.length ? chosen : rows;
  const allSelected = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string) => setSelected((current) => toggled(current, id));
  const onCard = (event: MouseEvent, report: ReportItem) => {
    if (event.ctrlKey || event.metaKey) open(report);
    else toggle(report.id);
  };
  const boreholes = [...new Set(chosen.map((row) => row.bhId))];
  const firstOpenable = chosen.find((row) => row.href);
  const sites = new Map(rows.map((row) => [row.bhId, row.site]));
  const onlyBorehole = sites.size === 1 ? [...sites.keys()][0]! : '';

  return (
    <section className="workspace__table" aria-labelledby="reports-title">
      <div className="workspace__toolbar">
        <h2 id="reports-title">
          {countOf(total, 'document')} · {countOf(chosen.length, 'sélectionné')}
        </h2>
        <button
          className="button"
          type="button"
          disabled={rows.length === 0}
          onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
        >
          {allSelected ? 'Tout désélectionner' : 'Tout sélectionner'}
        </button>
        <ExportMenu count={exported.length} formats={() => reportsExports(exported, { selected: chosen, organisation })} />
        <button className="button" type="button" onClick={onReset}>
          Réinitialiser
        </button>
        <button className="button" type="button" disabled={!firstOpenable} onClick={() => open(firstOpenable)}>
          Ouvrir
        </button>
        <a
          className="button"
          aria-disabled={boreholes.length === 0}
          href={boreholes.length ? mapLink(boreholes) : undefined}
        >
          Voir sur la carte
        </a>
        <button className="button" type="button" disabled={chosen.length === 0} onClick={() => setSelected(new Set())}>
          Effacer sélection
        </button>
        <button
          className="button button--primary"
          type="button"
          disabled={!canUpload}
          title={canUpload ? undefined : 'Votre compte est en lecture seule.'}
          onClick={() => setUploading(true)}
        >
          Ajouter un rapport / log
        </button>
      </div>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        boreholes={[...sites].map(([id, site]) => ({ id, site })).sort((a, b) => a.id.localeCompare(b.id, 'fr'))}
        initialBorehole={boreholes[0] ?? onlyBorehole}
        onUploaded={onUploaded}
      />
      {rows.length === 0 ? (
        <p className="results-panel__empty">Aucun résultat pour l’instant.</p>
      ) : (
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
      )}
      {rows.length > shown && (
        <p className="report-grid__more">
          <button className="button" type="button" onClick={() => setShown(shown + PAGE)}>
            Afficher {Math.min(PAGE, rows.length - shown)} de plus ({shown} sur {rows.length})
          </button>
        </p>
      )}
    </section>
  );
}
